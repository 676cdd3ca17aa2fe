import type { AlertCriteria, Config, Lang, NatureId } from '../shared/contract';
import { formatPrice, formatSurface } from '../shared/format';
import { offerHref } from '../shared/routes';
import * as m from './messages';
import {
  button,
  escapeHtml,
  labelled,
  layout,
  link,
  mailHtml,
  mailText,
  quoted,
  textLayout,
  type MailContent,
} from './render';

// The alert mails, French or English, each as plain text and HTML. Pure functions: the listings
// API's alert job gathers the data, these only write. Every text comes from the message catalogs
// (messages.ts, locales/*/messages.po), amounts and surfaces from shared/format (the web app's
// formatters); the French typography (no-break spaces) is the catalogs'.

/** A text in both languages, as the offers and the reference data hold them. */
type Texts = Record<Lang, string>;

/** An offer that matched an alert: what its mails show of it. */
export interface MailOffer {
  slug: string;
  nature: NatureId;
  rubriqueId: number;
  lieuSlug: string;
  lieuLibelle: Texts;
  titre1: Texts;
  titre2: Texts;
  /** The amount of the nature's price field (price, monthly_rent or weekly_rent). */
  amount: number | null;
  prixCache: boolean;
  surface: number | null;
  fieldSurface: number | null;
  rooms: number | null;
  bedrooms: number | null;
  photoId: number | null;
  photoAlt: Texts | null;
}

/** An offer whose price dropped: the offer now, and its amounts before and after the drops. */
export interface MailPriceDrop extends MailOffer {
  /** The amount before the first drop listed. */
  oldAmount: number;
  /** The amount after the last of them. */
  newAmount: number;
}

/** The names that describe an alert's search: nature, rubriques (plural) and place. */
export interface SearchLabels {
  nature: Texts;
  rubriques: Texts[];
  /** 'à Cannes' / 'in Cannes'; null for a search everywhere. */
  lieu: Texts | null;
  /** For a search on a map area: the place nearest its centre ('près de Cannes'), else null. */
  area?: Texts | null;
}

/** The price line of an offer: amount with the nature's suffix, or 'Price on request'. */
export function formatOfferPrice(
  amount: number | null,
  nature: NatureId,
  prixCache: boolean,
  lang: Lang,
): string {
  if (prixCache || amount == null) return mailText(m.priceOnRequest, lang);
  return formatPrice(amount, nature, lang);
}

/** '250 m² · 6 pièces · 4 chambres · terrain de 1 200 m²' */
export function formatOfferFacts(offer: MailOffer, lang: Lang): string {
  const facts: string[] = [];
  if (offer.surface != null) facts.push(formatSurface(offer.surface, lang));
  if (offer.rooms != null) facts.push(mailText(m.factRooms, lang, { count: offer.rooms }));
  if (offer.bedrooms != null) facts.push(mailText(m.factBedrooms, lang, { count: offer.bedrooms }));
  if (offer.fieldSurface != null) {
    facts.push(mailText(m.factLand, lang, { surface: formatSurface(offer.fieldSurface, lang) }));
  }
  return facts.join(' · ');
}

function priceRange(criteria: AlertCriteria, lang: Lang): string | null {
  const min = criteria.prix_min ?? null;
  const max = criteria.prix_max ?? null;
  const fmt = (x: number) => formatPrice(x, criteria.nature, lang);
  if (min != null && max != null) {
    return mailText(m.searchPriceBetween, lang, { min: fmt(min), max: fmt(max) });
  }
  if (max != null) return mailText(m.searchPriceUpTo, lang, { max: fmt(max) });
  if (min != null) return mailText(m.searchPriceFrom, lang, { min: fmt(min) });
  return null;
}

/**
 * One line naming the search, its criteria included: 'Vente · Villas à Cannes, 4 pièces,
 * Piscine, jusqu’à 2 000 000 €'.
 */
export function describeSearch(labels: SearchLabels, criteria: AlertCriteria, lang: Lang): string {
  let text = labels.nature[lang];
  if (labels.rubriques.length > 0) {
    text += ` · ${labels.rubriques.map((r) => r[lang]).join(', ')}`;
  }
  if (labels.lieu) text += ` ${labels.lieu[lang]}`;
  const parts: string[] = [];
  if (labels.area) parts.push(mailText(m.searchArea, lang, { place: labels.area[lang] }));
  if (criteria.nb_pieces != null)
    parts.push(mailText(m.factRooms, lang, { count: criteria.nb_pieces }));
  if (criteria.nb_chambres != null)
    parts.push(mailText(m.factBedrooms, lang, { count: criteria.nb_chambres }));
  for (const atout of criteria.atouts ?? []) parts.push(mailText(m.searchAtout, lang, { atout }));
  const price = priceRange(criteria, lang);
  if (price) parts.push(price);
  return parts.length > 0 ? `${text}, ${parts.join(', ')}` : text;
}

export interface ConfirmMailInput {
  lang: Lang;
  siteName: string;
  /** describeSearch() of the alert */
  search: string;
  /**
   * describeSearch() of the address's other alerts waiting for confirmation that this mail's
   * link confirms too (created when the address had had its confirmation mails of the day).
   */
  others?: string[];
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** The double opt-in mail: the only mail an alert gets before its address is confirmed. */
export function renderConfirmMail(input: ConfirmMailInput): MailContent {
  const { lang, siteName, search, confirmUrl, unsubscribeUrl } = input;
  const others = (input.others ?? []).map((other) => quoted(other, lang));
  const subject = mailText(m.confirmSubject, lang, { search });
  const searchQuoted = quoted(search, lang);
  const othersIntro = others.length > 0 ? mailText(m.confirmOthers, lang) : null;
  const notYou = `${mailText(m.confirmUntil, lang)} ${mailText(m.mailNotYou, lang)}`;
  const text = textLayout(
    [
      mailText(m.mailHello, lang),
      '',
      mailText(m.confirmIntro, lang, { siteName, search: searchQuoted }),
      '',
      ...(othersIntro ? [othersIntro, ...others.map((other) => `- ${other}`), ''] : []),
      mailText(m.confirmOpenLink, lang),
      confirmUrl,
      '',
      notYou,
    ],
    [labelled(mailText(m.confirmCancel, lang), unsubscribeUrl, lang)],
  );
  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${mailHtml(m.mailHello, lang)}</p>
<p style="margin:0 0 16px;">${mailHtml(m.confirmIntro, lang, { siteName, search: { html: `<strong>${escapeHtml(searchQuoted)}</strong>` } })}</p>
${othersIntro ? `<p style="margin:0 0 8px;">${escapeHtml(othersIntro)}</p>\n<ul style="margin:0 0 16px;padding-left:24px;">${others.map((other) => `<li>${escapeHtml(other)}</li>`).join('')}</ul>\n` : ''}<p style="margin:0;">${mailHtml(m.confirmOpenPage, lang)}</p>
${button(confirmUrl, mailText(m.confirmButton, lang))}
<p style="margin:0 0 16px;font-size:14px;">${mailHtml(m.confirmCopyLink, lang)}<br>${link(confirmUrl, confirmUrl)}</p>
<p style="margin:0;font-size:14px;">${escapeHtml(notYou)}</p>`,
    `${link(unsubscribeUrl, mailText(m.confirmCancel, lang))}`,
  );
  return { subject, text, html };
}

export interface DigestOffer {
  url: string;
  photoUrl: string | null;
  photoAlt: string;
  title: string;
  subtitle: string;
  place: string;
  /** The price now. */
  price: string;
  facts: string;
  /** For a price drop: the price before it, and the drop in percent ('−12 %'). */
  drop?: { oldPrice: string; percent: string };
}

/** The offer page path, from the web app's one builder of offer links (shared/routes). */
function offerPath(offer: MailOffer, lang: Lang, config: Config): string {
  // A matched offer is a flat row; the route table's offer link reads the contract's shape.
  const fields = {
    nature: { id: offer.nature },
    rubrique: { id: offer.rubriqueId },
    lieu: { slug: offer.lieuSlug },
    slug: offer.slug,
  };
  return offerHref(fields, lang, config);
}

/** An offer as a digest shows it, in the alert's language, with absolute URLs. */
export function toDigestOffer(
  offer: MailOffer,
  lang: Lang,
  publicUrl: string,
  config: Config,
): DigestOffer {
  return {
    url: `${publicUrl}${offerPath(offer, lang, config)}`,
    // The web app serves the photo pool under /media/{id}-{width}.jpg.
    photoUrl: offer.photoId != null ? `${publicUrl}/media/${offer.photoId}-400.jpg` : null,
    // A text missing in English falls back to French, the portal's source language.
    photoAlt: offer.photoAlt?.[lang] || offer.photoAlt?.fr || offer.titre1[lang] || offer.titre1.fr,
    title: offer.titre1[lang] || offer.titre1.fr,
    subtitle: offer.titre2[lang] || offer.titre2.fr,
    place: offer.lieuLibelle[lang] || offer.lieuLibelle.fr,
    price: formatOfferPrice(offer.amount, offer.nature, offer.prixCache, lang),
    facts: formatOfferFacts(offer, lang),
  };
}

/** The drop in whole percent, at least 1 (a drop never reads −0 %). */
export function dropPercent(oldAmount: number, newAmount: number): number {
  return Math.max(1, Math.round(((oldAmount - newAmount) / oldAmount) * 100));
}

/** A price drop as a digest shows it: the offer at its price now, the price before struck. */
export function toDigestDrop(
  drop: MailPriceDrop,
  lang: Lang,
  publicUrl: string,
  config: Config,
): DigestOffer {
  const now = drop.amount ?? drop.newAmount;
  return {
    ...toDigestOffer(drop, lang, publicUrl, config),
    drop: {
      oldPrice: formatPrice(drop.oldAmount, drop.nature, lang),
      percent: mailText(m.digestDropPercent, lang, { percent: dropPercent(drop.oldAmount, now) }),
    },
  };
}

export interface DigestMailInput {
  lang: Lang;
  siteName: string;
  search: string;
  /** New offers, newest first. */
  offers: DigestOffer[];
  /** All new offers that matched; more than offers.length when the digest was cut at its limit. */
  total: number;
  /** Offers whose price dropped (toDigestDrop), listed after the new ones. */
  drops?: DigestOffer[];
  /** All price drops that matched (default: drops.length). */
  dropTotal?: number;
  alertsUrl: string;
  unsubscribeUrl: string;
}

function digestSubject(lang: Lang, count: number, drops: number, search: string): string {
  if (drops === 0) return mailText(m.digestSubjectNew, lang, { count, search });
  if (count === 0) return mailText(m.digestSubjectDrops, lang, { drops, search });
  return mailText(m.digestSubjectBoth, lang, { count, drops, search });
}

function cardText(o: DigestOffer, lang: Lang): string[] {
  const price = o.drop
    ? labelled(
        mailText(m.digestPriceReduced, lang),
        `${o.drop.oldPrice} → ${o.price} (${o.drop.percent})`,
        lang,
      )
    : o.price;
  return [
    o.title,
    ...(o.subtitle ? [o.subtitle] : []),
    ...(o.drop ? [o.place, price] : [[o.place, price].join(' · ')]),
    ...(o.facts ? [o.facts] : []),
    labelled(mailText(m.digestViewOffer, lang), o.url, lang),
    '',
  ];
}

function cardHtml(o: DigestOffer, lang: Lang): string {
  const price = o.drop
    ? `<p style="margin:0 0 4px;font-size:13px;font-family:Arial,Helvetica,sans-serif;"><span style="display:inline-block;padding:2px 8px;background:#8a2a1d;color:#ffffff;border-radius:3px;">${mailHtml(m.digestPriceReduced, lang)}</span> ${escapeHtml(o.drop.percent)}</p>
<p style="margin:0 0 4px;font-size:16px;"><s style="color:#6b6b6b;font-weight:normal;">${escapeHtml(o.drop.oldPrice)}</s> <strong>${escapeHtml(o.price)}</strong></p>`
    : `<p style="margin:0 0 4px;font-size:16px;font-weight:bold;">${escapeHtml(o.price)}</p>`;
  return `<tr><td style="padding:16px 0;border-top:1px solid #e5e0d8;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>
${
  o.photoUrl
    ? `<td width="200" valign="top" style="padding-right:16px;"><a href="${escapeHtml(o.url)}"><img src="${escapeHtml(o.photoUrl)}" width="200" alt="${escapeHtml(o.photoAlt)}" style="display:block;width:200px;max-width:100%;height:auto;border:0;"></a></td>`
    : ''
}
<td valign="top">
<p style="margin:0 0 4px;font-size:17px;font-weight:bold;"><a href="${escapeHtml(o.url)}" style="color:#1f2a44;text-decoration:none;">${escapeHtml(o.title)}</a></p>
${o.subtitle ? `<p style="margin:0 0 4px;font-size:14px;color:#444444;">${escapeHtml(o.subtitle)}</p>` : ''}
<p style="margin:0 0 4px;font-size:14px;color:#444444;">${escapeHtml(o.place)}</p>
${price}
${o.facts ? `<p style="margin:0 0 8px;font-size:13px;color:#6b6b6b;">${escapeHtml(o.facts)}</p>` : ''}
<p style="margin:0;font-size:14px;">${link(o.url, mailText(m.digestViewOffer, lang))}</p>
</td>
</tr></table>
</td></tr>`;
}

function cardsHtml(offers: DigestOffer[], lang: Lang): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${offers.map((o) => cardHtml(o, lang)).join('\n')}
</table>`;
}

/**
 * The digest of one alert: its new offers, then the offers whose price dropped. The subject
 * counts both lists' matches; what the limit left out is counted in one line.
 */
export function renderDigestMail(input: DigestMailInput): MailContent {
  const { lang, siteName, search, offers, total, alertsUrl, unsubscribeUrl } = input;
  const drops = input.drops ?? [];
  const dropTotal = input.dropTotal ?? drops.length;
  const searchQuoted = quoted(search, lang);
  const subject = digestSubject(lang, total, dropTotal, search);
  const introNew =
    offers.length > 0
      ? mailText(m.digestIntroNew, lang, { count: offers.length, siteName, search: searchQuoted })
      : null;
  const introDrops =
    drops.length > 0
      ? mailText(m.digestIntroDrops, lang, { count: drops.length, search: searchQuoted })
      : null;
  const more = total + dropTotal - offers.length - drops.length;
  const moreText = more > 0 ? mailText(m.digestMore, lang, { count: more }) : null;
  const hello = mailText(m.mailHello, lang);
  const alertsLabel = mailText(m.digestSeeAlerts, lang);
  const why = mailText(m.digestWhy, lang, { siteName });
  const unsubscribeLabel = mailText(m.digestUnsubscribe, lang);

  const text = textLayout(
    [
      hello,
      '',
      ...(introNew ? [introNew, '', ...offers.flatMap((o) => cardText(o, lang))] : []),
      ...(introDrops ? [introDrops, '', ...drops.flatMap((o) => cardText(o, lang))] : []),
      ...(moreText ? [moreText, ''] : []),
      labelled(alertsLabel, alertsUrl, lang),
    ],
    [why, labelled(unsubscribeLabel, unsubscribeUrl, lang)],
  );

  const sections = [
    ...(introNew
      ? [`<p style="margin:0 0 8px;">${escapeHtml(introNew)}</p>\n${cardsHtml(offers, lang)}`]
      : []),
    ...(introDrops
      ? [
          `<p style="margin:${introNew ? '24px' : '0'} 0 8px;">${escapeHtml(introDrops)}</p>\n${cardsHtml(drops, lang)}`,
        ]
      : []),
  ];
  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(hello)}</p>
${sections.join('\n')}
${moreText ? `<p style="margin:16px 0 0;">${escapeHtml(moreText)}</p>` : ''}
${button(alertsUrl, alertsLabel)}`,
    `${escapeHtml(why)}<br>${link(unsubscribeUrl, unsubscribeLabel)}`,
  );
  return { subject, text, html };
}
