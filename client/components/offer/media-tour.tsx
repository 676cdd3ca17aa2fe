import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { openCookieChoices } from '../../app/cookie-choices';
import { grantConsent, useConsentChoice, type ConsentCategory } from '../../hooks/use-consent';
import { CloseIcon } from '../icons';

// The offer's video and 3D tour, offered beside the gallery ("Vidéo", "Visite 3D"). Each is a
// link first, so it works without JavaScript. Only players of the hosts the listings API allows
// (MEDIA_EMBED_HOSTS) are embedded: with JavaScript, their link puts the player in place under
// the photos, at the gallery's full width, with a way to close it. Nothing from a player's site
// loads before the visitor asks: the consent is asked once for both (one button accepts the
// video and the tour), then the player starts; a consent already given starts it at once. Any
// other address stays a link that opens in a new tab.

/** Only http(s) addresses are embedded or linked. */
export function playableUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

type Kind = 'video' | 'tour';
const CATEGORY: Record<Kind, ConsentCategory> = { video: 'videos', tour: 'tours' };

interface Medium {
  kind: Kind;
  url: string;
  embed: boolean;
  label: string;
  title: string;
}

export function MediaTour({
  videoUrl,
  tourUrl,
  embed,
}: {
  videoUrl: string | null;
  tourUrl: string | null;
  embed: { video: boolean; tour: boolean };
}) {
  const { t } = useLingui();
  const choice = useConsentChoice();
  // The medium asked for: playing once its category is accepted, else waiting for the consent.
  const [asked, setAsked] = useState<Kind | null>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const consentRef = useRef<HTMLDivElement>(null);
  const video = playableUrl(videoUrl);
  const tour = playableUrl(tourUrl);
  const media: Medium[] = [
    ...(video
      ? [
          {
            kind: 'video' as const,
            url: video,
            embed: embed.video,
            label: t`Vidéo`,
            title: t`Vidéo du bien`,
          },
        ]
      : []),
    ...(tour
      ? [
          {
            kind: 'tour' as const,
            url: tour,
            embed: embed.tour,
            label: t`Visite 3D`,
            title: t`Visite virtuelle 3D`,
          },
        ]
      : []),
  ];
  const current = media.find((m) => m.kind === asked) ?? null;
  const playing = current !== null && choice?.[CATEGORY[current.kind]] === true;
  const waiting = current !== null && !playing;
  const title = current?.title ?? '';

  useEffect(() => {
    if (playing) playerRef.current?.focus();
    else if (waiting) consentRef.current?.focus();
  }, [playing, waiting, asked]);

  if (media.length === 0) return null;
  const embedded = media.filter((m) => m.embed);
  const launch = (medium: Medium) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!medium.embed) return;
    event.preventDefault();
    setAsked(medium.kind);
  };
  const consentText =
    embedded.length > 1
      ? t`La vidéo et la visite virtuelle sont fournies par des services tiers, qui peuvent déposer des cookies.`
      : current?.kind === 'video'
        ? t`La vidéo est hébergée par un service tiers, qui peut déposer des cookies.`
        : t`La visite virtuelle est fournie par un service tiers, qui peut déposer des cookies.`;

  return (
    <div className="offer-media">
      <ul className="offer-media__choices" aria-label={t`Vidéo et visite virtuelle`}>
        {media.map((medium) => (
          <li key={medium.kind}>
            <a
              className={`button offer-media__choice${asked === medium.kind ? ' offer-media__choice--current' : ''}`}
              href={medium.url}
              onClick={launch(medium)}
              aria-current={asked === medium.kind ? 'true' : undefined}
              {...(medium.embed ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {medium.label}
              {medium.embed ? null : (
                <span className="visually-hidden"> {t`(s'ouvre dans un nouvel onglet)`}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
      {waiting ? (
        <div className="offer-media__consent consent-gate" ref={consentRef} tabIndex={-1}>
          <p>{consentText}</p>
          <p className="consent-gate__actions">
            <button
              type="button"
              className="button"
              onClick={() => grantConsent(...embedded.map((m) => CATEGORY[m.kind]))}
            >
              {t`Accepter et lancer`}
            </button>
            <button type="button" className="link-button" onClick={openCookieChoices}>
              {t`Gérer mes cookies`}
            </button>
            <button type="button" className="link-button" onClick={() => setAsked(null)}>
              {t`Annuler`}
            </button>
          </p>
        </div>
      ) : null}
      {playing && current ? (
        <div
          className="media-player"
          ref={playerRef}
          tabIndex={-1}
          role="region"
          aria-label={current.title}
        >
          <iframe
            className="media-player__frame"
            src={current.url}
            title={current.title}
            width="1280"
            height="720"
            allow="fullscreen; autoplay; xr-spatial-tracking"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          />
          <button
            type="button"
            className="link-button media-player__close"
            onClick={() => setAsked(null)}
          >
            <CloseIcon />
            {t`Fermer : ${title}`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
