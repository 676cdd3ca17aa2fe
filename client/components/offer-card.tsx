import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import '../styles/search-card.css';
import type { Config, Lang, OfferSummary, Photo } from '../../shared/contract';
import { formatPrice, formatPricePerM2, formatSurface, pricePerM2 } from '../../shared/format';
import { offerHref } from '../../shared/routes';
import { ExcessiveEnergyMention } from './offer/energy-mentions';

// The offer card of result lists, hubs, agencies and favourites: photo (srcset from the photo
// widths, through /media/), titles, price with the nature's suffix (or 'price on request' when
// hidden), surface, rooms, bedrooms, the exclusivity badge, the featured mention (a paid
// option that ranks the offer first: French law wants paid placement visible where it shows) and
// the 'price reduced' label beside the price (on its line: the card keeps its height), and the
// excessive-consumption mention French law requires of class F and G homes.
// The whole card is one link (the title's link stretched over the card); `actions` (a favourite
// toggle...) sits above it.
// A result page shows 24 of them: the markup is kept short (no wrappers, a plain <a>, which the
// app's document-level listener turns into a client navigation, the facts as one line of text)
// and texts that only depend on a number are formatted once.

/** Sizes of a card's photo in the result grid (1 column, 2 from 768 px, 3 from 1024 px). */
export const CARD_PHOTO_SIZES =
  '(min-width: 1200px) 376px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 92vw';

/** URL of a photo at one of its widths, served by the BFF. */
export function photoUrl(photo: Pick<Photo, 'src'>, width: number): string {
  const src = photo.src.startsWith('/photos/') ? `/media/${photo.src.slice(8)}` : photo.src;
  return src.replace('{w}', String(width));
}

/** srcset of a photo over its widths. */
export function photoSrcSet(photo: Pick<Photo, 'src' | 'widths'>): string {
  return photo.widths.map((w) => `${photoUrl(photo, w)} ${w}w`).join(', ');
}

/** What a card shows of an offer (result lists keep only this in the page's data). */
export type CardOffer = Pick<
  OfferSummary,
  | 'id'
  | 'slug'
  | 'nature'
  | 'rubrique'
  | 'titre1'
  | 'titre2'
  | 'price'
  | 'monthlyRent'
  | 'weeklyRent'
  | 'prixCache'
  | 'surface'
  | 'rooms'
  | 'bedrooms'
  | 'exclusivity'
  | 'premium'
  | 'photo'
  | 'priceReduced'
  | 'dpeClass'
> & { lieu: Pick<OfferSummary['lieu'], 'slug'> };

/** An offer reduced to what its card shows. */
export function toCardOffer(offer: CardOffer): CardOffer {
  return {
    id: offer.id,
    slug: offer.slug,
    nature: { id: offer.nature.id },
    rubrique: { id: offer.rubrique.id },
    lieu: { slug: offer.lieu.slug },
    titre1: offer.titre1,
    titre2: offer.titre2,
    price: offer.price,
    monthlyRent: offer.monthlyRent,
    weeklyRent: offer.weeklyRent,
    prixCache: offer.prixCache,
    surface: offer.surface,
    rooms: offer.rooms,
    bedrooms: offer.bedrooms,
    exclusivity: offer.exclusivity,
    premium: offer.premium,
    photo: offer.photo,
    priceReduced: offer.priceReduced,
    dpeClass: offer.dpeClass,
  };
}

/** The amount a card shows: sale price, monthly rent or weekly rent by nature. */
export function offerAmount(
  offer: Pick<OfferSummary, 'nature' | 'price' | 'monthlyRent' | 'weeklyRent'>,
): number | null {
  const nature = offer.nature.id;
  return nature === 'V' ? offer.price : nature === 'L' ? offer.monthlyRent : offer.weeklyRent;
}

// The map's card still takes the offer link from here.
export { offerHref };

export interface OfferCardProps {
  offer: CardOffer;
  lang: Lang;
  config: Config;
  /** The card's link (default: the offer's page). */
  to?: string;
  /**
   * The page's largest paint candidate (the first card of a list): its photo loads at once with
   * high priority, the one image the page preloads; every other photo loads lazily.
   */
  eager?: boolean;
  /** Level of the title heading (default 3). */
  headingLevel?: 2 | 3 | 4;
  /**
   * Controls placed on the card above its link, e.g. a favourite toggle: each element with the
   * class `offer-card__action` (or a favourite toggle) sits in the card's top right corner.
   */
  actions?: ReactNode;
  className?: string;
  /** Called when the card's link is followed (e.g. to remember the list). */
  onNavigate?: () => void;
}

/** Texts of a catalog that depend on a number only ("4 pièces"), by catalog, kind and number. */
const countTexts = new WeakMap<object, Map<string, string>>();

/** The text of a count (null for none), formatted once per catalog, kind and number. */
function countText(
  i18n: I18n,
  kind: string,
  n: number | null,
  format: (n: number) => string,
): string | null {
  if (n === null) return null;
  let texts = countTexts.get(i18n.messages);
  if (!texts) countTexts.set(i18n.messages, (texts = new Map()));
  const key = `${kind}:${n}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = format(n);
    if (texts.size < 2000) texts.set(key, text);
  }
  return text;
}

/** A surface written in a text: '250 m²', '1 250 m²', '1,250 m²'. */
const SURFACE_IN_TEXT = /(\d[\d\u00a0\u202f ,.]*)\s?m²/g;

/** Whether a text (the subtitle, 'Cannes – 250 m²') already gives this surface. */
export function givesSurface(text: string, surface: number): boolean {
  // Compared by their digits, whatever the grouping and decimal signs of the language.
  const digits = String(surface).replace(/\D/g, '');
  for (const m of text.matchAll(SURFACE_IN_TEXT)) {
    if (m[1]!.replace(/\D/g, '') === digits) return true;
  }
  return false;
}

export function OfferCard({
  offer,
  lang,
  config,
  to,
  eager = false,
  headingLevel = 3,
  actions,
  className,
  onNavigate,
}: OfferCardProps) {
  const { t, i18n } = useLingui();
  const Heading = `h${headingLevel}` as const;
  const amount = offerAmount(offer);
  const price =
    offer.prixCache || amount === null
      ? t`Prix sur demande`
      : formatPrice(amount, offer.nature.id, lang);
  const perM2 =
    offer.prixCache || offer.nature.id === 'S' ? null : pricePerM2(amount, offer.surface);
  // Surface, price per m², rooms and bedrooms on one line: one text node rather than a list. The
  // surface is said once: left out when the subtitle gives it.
  const facts = [
    offer.surface !== null && !givesSurface(offer.titre2, offer.surface)
      ? formatSurface(offer.surface, lang)
      : null,
    perM2 !== null ? formatPricePerM2(perM2, offer.nature.id, lang) : null,
    countText(
      i18n,
      'rooms',
      offer.rooms,
      (rooms) => t`${plural(rooms, { one: '# pièce', other: '# pièces' })}`,
    ),
    countText(
      i18n,
      'bedrooms',
      offer.bedrooms,
      (bedrooms) => t`${plural(bedrooms, { one: '# chambre', other: '# chambres' })}`,
    ),
  ]
    .filter((fact) => fact !== null)
    .join(' · ');
  const photo = offer.photo;
  return (
    <article className={`offer-card${className ? ` ${className}` : ''}`} data-offer-id={offer.id}>
      {photo ? (
        <img
          className="offer-card__photo"
          src={photoUrl(photo, photo.widths.includes(800) ? 800 : (photo.widths[0] ?? 800))}
          srcSet={photoSrcSet(photo)}
          sizes={CARD_PHOTO_SIZES}
          width={photo.width}
          height={photo.height}
          alt={photo.alt}
          loading={eager ? undefined : 'lazy'}
          decoding={eager ? undefined : 'async'}
          fetchPriority={eager ? 'high' : undefined}
        />
      ) : (
        <div className="offer-card__photo offer-card__no-photo" aria-hidden="true" />
      )}
      {offer.exclusivity ? <span className="offer-card__badge">{t`Exclusivité`}</span> : null}
      <Heading className="offer-card__title">
        <a
          href={to ?? offerHref(offer, lang, config)}
          className="offer-card__link"
          onClick={onNavigate}
        >
          {offer.titre1}
        </a>
      </Heading>
      <p className="offer-card__subtitle">{offer.titre2}</p>
      {offer.premium ? <p className="offer-card__featured">{t`Annonce mise en avant`}</p> : null}
      <p className="offer-card__price">
        {offer.prixCache ? <span className="offer-card__price-hidden">{price}</span> : price}
        {offer.priceReduced && !offer.prixCache ? (
          <span className="offer-card__reduced">{t`Prix en baisse`}</span>
        ) : null}
      </p>
      {facts ? <p className="offer-card__facts">{facts}</p> : null}
      <ExcessiveEnergyMention dpeClass={offer.dpeClass} className="offer-card__energy" />
      {actions}
    </article>
  );
}
