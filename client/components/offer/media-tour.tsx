import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ConsentGate } from '../consent/consent-gate';

// The offer's video and 3D tour: third-party players that load only when the visitor asks
// (nothing from their sites before the click): the consent to the category first (cookie
// consent), then the launch button puts the player in place, with a way to close it. A link
// opens them in a new tab, also without JavaScript. Only players of the hosts the listings API
// allows (MEDIA_EMBED_HOSTS) are embedded; any other address is the link alone.

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

function Player({ url, label, title }: { url: string; label: string; title: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <div className="media-player">
        <iframe
          className="media-player__frame"
          src={url}
          title={title}
          width="960"
          height="540"
          allow="fullscreen; autoplay; xr-spatial-tracking"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          {t`Fermer : ${title}`}
        </button>
      </div>
    );
  }
  return (
    <button type="button" className="button media-player__launch" onClick={() => setOpen(true)}>
      {label}
    </button>
  );
}

function Medium({
  url,
  embed,
  category,
  label,
  title,
}: {
  url: string;
  embed: boolean;
  category: 'videos' | 'tours';
  label: string;
  title: string;
}) {
  const { t } = useLingui();
  return (
    <div className="media-tour__item">
      <h3 className="media-tour__title">{title}</h3>
      {embed ? (
        <ConsentGate category={category}>
          <Player url={url} label={label} title={title} />
        </ConsentGate>
      ) : null}
      <p className="media-tour__link">
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t`Ouvrir dans un nouvel onglet`}
          <span className="visually-hidden"> : {title}</span>
        </a>
      </p>
    </div>
  );
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
  const video = playableUrl(videoUrl);
  const tour = playableUrl(tourUrl);
  return (
    <div className="media-tour">
      {video ? (
        <Medium
          url={video}
          embed={embed.video}
          category="videos"
          label={t`Lancer la vidéo`}
          title={t`Vidéo du bien`}
        />
      ) : null}
      {tour ? (
        <Medium
          url={tour}
          embed={embed.tour}
          category="tours"
          label={t`Lancer la visite 3D`}
          title={t`Visite virtuelle 3D`}
        />
      ) : null}
    </div>
  );
}
