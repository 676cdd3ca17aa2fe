import type { AlertCriteria, Config, Lang, NatureId } from '../../shared/contract';
import { formatNumber, formatPrice, formatSurface } from '../../shared/format';
import { href } from '../../shared/routes';
import type { MatchedOffer, SearchLabels } from './match';

// The texts of alert mails, French and English, each as plain text and HTML. Pure functions: the
// job gathers the data, these only write. Amounts and surfaces come from shared/format (the web
// app's formatters). French typography: no-break space before : and inside « ».

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const NBSP = '\u00a0';

/** The price line of an offer: amount with the nature's suffix, or 'Price on request'. */
export function formatOfferPrice(
  amount: number | null,
  nature: NatureId,
  prixCache: boolean,
  lang: Lang,
): string {
  if (prixCache || amount == null) return lang === 'fr' ? 'Prix sur demande' : 'Price on request';
  return formatPrice(amount, nature, lang);
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** '250 m² · 6 pièces · 4 chambres · terrain 1 200 m²' */
export function formatOfferFacts(offer: MatchedOffer, lang: Lang): string {
  const facts: string[] = [];
  if (offer.surface != null) facts.push(formatSurface(offer.surface, lang));
  if (offer.rooms != null) {
    facts.push(
      lang === 'fr'
        ? `${offer.rooms}${NBSP}${plural(offer.rooms, 'pièce', 'pièces')}`
        : `${offer.rooms}${NBSP}${plural(offer.rooms, 'room', 'rooms')}`,
    );
  }
  if (offer.bedrooms != null) {
    facts.push(
      lang === 'fr'
        ? `${offer.bedrooms}${NBSP}${plural(offer.bedrooms, 'chambre', 'chambres')}`
        : `${offer.bedrooms}${NBSP}${plural(offer.bedrooms, 'bedroom', 'bedrooms')}`,
    );
  }
  if (offer.fieldSurface != null) {
    facts.push(
      lang === 'fr'
        ? `terrain de ${formatSurface(offer.fieldSurface, lang)}`
        : `${formatNumber(offer.fieldSurface, lang)}${NBSP}m² of land`,
    );
  }
  return facts.join(' · ');
}

/** The offer page path, from the web app's route table (shared/routes). */
export function offerPath(
  offer: Pick<MatchedOffer, 'nature' | 'rubriqueId' | 'lieuSlug' | 'slug'>,
  lang: Lang,
  config: Config,
): string {
  return href(
    'offer',
    { nature: offer.nature, rubrique: offer.rubriqueId, lieu: offer.lieuSlug, offre: offer.slug },
    lang,
    config,
  );
}

function priceRange(criteria: AlertCriteria, lang: Lang): string | null {
  const min = criteria.prix_min ?? null;
  const max = criteria.prix_max ?? null;
  const fmt = (x: number) => formatPrice(x, criteria.nature, lang);
  if (min != null && max != null) {
    return lang === 'fr' ? `de ${fmt(min)} à ${fmt(max)}` : `${fmt(min)} to ${fmt(max)}`;
  }
  if (max != null) return lang === 'fr' ? `jusqu’à ${fmt(max)}` : `up to ${fmt(max)}`;
  if (min != null) return lang === 'fr' ? `à partir de ${fmt(min)}` : `from ${fmt(min)}`;
  return null;
}

/** One line naming the search: 'Vente · Villas à Cannes, jusqu’à 2 000 000 €'. */
export function describeSearch(labels: SearchLabels, criteria: AlertCriteria, lang: Lang): string {
  let text = labels.nature[lang];
  if (labels.rubriques.length > 0) {
    text += ` · ${labels.rubriques.map((r) => r[lang]).join(', ')}`;
  }
  if (labels.lieu) text += ` ${labels.lieu[lang]}`;
  const price = priceRange(criteria, lang);
  if (price) text += `, ${price}`;
  return text;
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function quoted(s: string, lang: Lang): string {
  return lang === 'fr' ? `«${NBSP}${s}${NBSP}»` : `“${s}”`;
}

// A plain, table-based layout: what mail clients render most consistently.
export function layout(lang: Lang, title: string, body: string, footer: string): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f1ec;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;font-family:Georgia,'Times New Roman',serif;color:#222222;">
<tr><td style="padding:28px 32px;font-size:16px;line-height:1.5;">
${body}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e5e0d8;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5;color:#6b6b6b;">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function button(url: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0;"><tr><td style="background:#1f2a44;border-radius:4px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a></td></tr></table>`;
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#1f2a44;">${escapeHtml(label)}</a>`;
}

export interface ConfirmMailInput {
  lang: Lang;
  siteName: string;
  /** describeSearch() of the alert */
  search: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** The double opt-in mail: the only mail an alert gets before its address is confirmed. */
export function renderConfirmMail(input: ConfirmMailInput): MailContent {
  const { lang, siteName, search, confirmUrl, unsubscribeUrl } = input;
  if (lang === 'fr') {
    const subject = `Confirmez votre alerte${NBSP}: ${search}`;
    const text = [
      'Bonjour,',
      '',
      `Vous avez demandé à recevoir par e-mail les nouveaux biens publiés sur ${siteName} qui correspondent à votre recherche ${quoted(search, lang)}.`,
      '',
      `Pour activer cette alerte, ouvrez ce lien et confirmez votre adresse e-mail d’un clic sur le bouton de la page${NBSP}:`,
      confirmUrl,
      '',
      'Tant que vous n’avez pas confirmé, nous ne vous enverrons aucun autre e-mail. Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message.',
      '',
      '--',
      `Annuler cette demande${NBSP}: ${unsubscribeUrl}`,
      '',
    ].join('\n');
    const html = layout(
      lang,
      subject,
      `<p style="margin:0 0 16px;">Bonjour,</p>
<p style="margin:0 0 16px;">Vous avez demandé à recevoir par e-mail les nouveaux biens publiés sur ${escapeHtml(siteName)} qui correspondent à votre recherche <strong>${escapeHtml(quoted(search, lang))}</strong>.</p>
<p style="margin:0;">Pour activer cette alerte, ouvrez la page de confirmation et confirmez votre adresse e-mail d’un clic sur son bouton${NBSP}:</p>
${button(confirmUrl, 'Confirmer mon alerte')}
<p style="margin:0 0 16px;font-size:14px;">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur${NBSP}:<br>${link(confirmUrl, confirmUrl)}</p>
<p style="margin:0;font-size:14px;">Tant que vous n’avez pas confirmé, nous ne vous enverrons aucun autre e-mail. Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message.</p>`,
      `${link(unsubscribeUrl, 'Annuler cette demande')}`,
    );
    return { subject, text, html };
  }
  const subject = `Confirm your alert: ${search}`;
  const text = [
    'Hello,',
    '',
    `You asked to receive by e-mail the new properties published on ${siteName} that match your search ${quoted(search, lang)}.`,
    '',
    'To activate this alert, open this link and confirm your e-mail address with the button on the page:',
    confirmUrl,
    '',
    'Until you confirm, we will not send you any other e-mail. If you did not make this request, simply ignore this message.',
    '',
    '--',
    `Cancel this request: ${unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">Hello,</p>
<p style="margin:0 0 16px;">You asked to receive by e-mail the new properties published on ${escapeHtml(siteName)} that match your search <strong>${escapeHtml(quoted(search, lang))}</strong>.</p>
<p style="margin:0;">To activate this alert, open the confirmation page and confirm your e-mail address with its button:</p>
${button(confirmUrl, 'Confirm my alert')}
<p style="margin:0 0 16px;font-size:14px;">If the button does not work, copy this link into your browser:<br>${link(confirmUrl, confirmUrl)}</p>
<p style="margin:0;font-size:14px;">Until you confirm, we will not send you any other e-mail. If you did not make this request, simply ignore this message.</p>`,
    `${link(unsubscribeUrl, 'Cancel this request')}`,
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
  price: string;
  facts: string;
}

/** An offer as a digest shows it, in the alert's language, with absolute URLs. */
export function toDigestOffer(
  offer: MatchedOffer,
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

export interface DigestMailInput {
  lang: Lang;
  siteName: string;
  search: string;
  offers: DigestOffer[];
  /** All matches; more than offers.length when the digest was cut at its limit. */
  total: number;
  alertsUrl: string;
  unsubscribeUrl: string;
}

function digestSubject(lang: Lang, n: number, search: string): string {
  if (lang === 'fr') {
    return n === 1
      ? `1 nouveau bien pour votre alerte${NBSP}: ${search}`
      : `${n} nouveaux biens pour votre alerte${NBSP}: ${search}`;
  }
  return n === 1
    ? `1 new property for your alert: ${search}`
    : `${n} new properties for your alert: ${search}`;
}

/** The digest of new offers for one alert. */
export function renderDigestMail(input: DigestMailInput): MailContent {
  const { lang, siteName, search, offers, total, alertsUrl, unsubscribeUrl } = input;
  const fr = lang === 'fr';
  const n = offers.length;
  const subject = digestSubject(lang, total, search);
  const intro = fr
    ? n === 1
      ? `Voici le nouveau bien publié sur ${siteName} qui correspond à votre recherche ${quoted(search, lang)}${NBSP}:`
      : `Voici les ${n} nouveaux biens publiés sur ${siteName} qui correspondent à votre recherche ${quoted(search, lang)}${NBSP}:`
    : n === 1
      ? `Here is the new property published on ${siteName} that matches your search ${quoted(search, lang)}:`
      : `Here are the ${n} new properties published on ${siteName} that match your search ${quoted(search, lang)}:`;
  const more = total - n;
  const moreText =
    more > 0
      ? fr
        ? `${more} autre${more > 1 ? 's biens correspondent' : ' bien correspond'} aussi à votre recherche${NBSP}: retrouvez-les sur votre page d’alertes.`
        : `${more} more ${more > 1 ? 'properties match' : 'property matches'} your search: find ${more > 1 ? 'them' : 'it'} on your alerts page.`
      : null;
  const viewLabel = fr ? 'Voir le bien' : 'View the property';
  const alertsLabel = fr ? 'Voir mes alertes' : 'See my alerts';
  const why = fr
    ? `Vous recevez cet e-mail parce que vous avez créé une alerte sur ${siteName} et confirmé votre adresse.`
    : `You are receiving this e-mail because you created an alert on ${siteName} and confirmed your address.`;
  const unsubscribeLabel = fr ? 'Se désabonner de cette alerte' : 'Unsubscribe from this alert';

  const text = [
    fr ? 'Bonjour,' : 'Hello,',
    '',
    intro,
    '',
    ...offers.flatMap((o) => [
      o.title,
      ...(o.subtitle ? [o.subtitle] : []),
      [o.place, o.price].join(' · '),
      ...(o.facts ? [o.facts] : []),
      `${viewLabel}${fr ? NBSP : ''}: ${o.url}`,
      '',
    ]),
    ...(moreText ? [moreText, ''] : []),
    `${alertsLabel}${fr ? NBSP : ''}: ${alertsUrl}`,
    '',
    '--',
    why,
    `${unsubscribeLabel}${fr ? NBSP : ''}: ${unsubscribeUrl}`,
    '',
  ].join('\n');

  const cards = offers
    .map(
      (o) => `<tr><td style="padding:16px 0;border-top:1px solid #e5e0d8;">
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
<p style="margin:0 0 4px;font-size:16px;font-weight:bold;">${escapeHtml(o.price)}</p>
${o.facts ? `<p style="margin:0 0 8px;font-size:13px;color:#6b6b6b;">${escapeHtml(o.facts)}</p>` : ''}
<p style="margin:0;font-size:14px;">${link(o.url, viewLabel)}</p>
</td>
</tr></table>
</td></tr>`,
    )
    .join('\n');

  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${fr ? 'Bonjour,' : 'Hello,'}</p>
<p style="margin:0 0 8px;">${escapeHtml(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${cards}
</table>
${moreText ? `<p style="margin:16px 0 0;">${escapeHtml(moreText)}</p>` : ''}
${button(alertsUrl, alertsLabel)}`,
    `${escapeHtml(why)}<br>${link(unsubscribeUrl, unsubscribeLabel)}`,
  );
  return { subject, text, html };
}
