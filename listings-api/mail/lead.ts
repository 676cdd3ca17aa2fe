import ICAL from 'ical.js';
import type { Transaction } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';
import {
  renderLeadCopyMail,
  renderLeadMail,
  toDigestOffer,
  type LeadAgency,
  type LeadMailInput,
  type LeadOffer,
} from '../../mails/index';
import type { Config, Lang } from '../../shared/contract';
import { LeadJsonSchema, type LeadJson } from '../../shared/lead';
import { href } from '../../shared/routes';
import type { Database, NatureId } from '../db/types';
import { setLeadDelivery, selectLeadFacts, type LeadFacts } from '../repositories/contacts';
import { insertMail } from '../repositories/mail-outbox';
import { newMessageId } from './address';
import type { MailHooks } from './outbox';
import { leadMails } from '../metrics';

// A contact request's mails, queued in the transaction that stores it: the lead, to the offer's
// negotiator when its feed named one, else to the agency's leads address (its public e-mail by
// default), in the agency's language, answering to the visitor, with the visitor as a vCard
// (RFC 6350) and the request as lead.json (LeadJsonSchema, in the OpenAPI document) for the
// agency's software; and the visitor's copy in the language of the page. The request keeps the
// lead's delivery state (queued, sent, failed), which the outbox's hooks below keep up to date.

export interface ContactRequest {
  id: number;
  createdAt: Date;
  offerId: number | null;
  agencyId: number;
  lang: Lang;
  name: string;
  email: string;
  phone: string;
  phoneE164: string;
  message: string;
  reco: boolean;
}

export interface LeadMailSettings {
  publicUrl: string;
  /** The portal's sender (its host is the Message-IDs'). */
  from: string;
  siteName: string;
  /** The portal configuration, for links through the route table. */
  config: Config;
}

const PRICE_FIELD = { V: 'price', L: 'monthly_rent', S: 'weekly_rent' } as const;

function offerIn(
  offer: NonNullable<LeadFacts['offer']>,
  lang: Lang,
  settings: LeadMailSettings,
): LeadOffer {
  const nature = offer.nature as NatureId;
  const shown = toDigestOffer(
    {
      slug: offer.slug,
      nature,
      rubriqueId: offer.rubrique_id,
      lieuSlug: offer.lieu_slug,
      lieuLibelle: { fr: offer.lieu_libelle_fr, en: offer.lieu_libelle_en },
      titre1: { fr: offer.titre1_fr, en: offer.titre1_en },
      titre2: { fr: offer.titre2_fr, en: offer.titre2_en },
      amount: offer[PRICE_FIELD[nature]],
      prixCache: offer.prix_cache,
      surface: offer.surface,
      fieldSurface: offer.field_surface,
      rooms: offer.rooms,
      bedrooms: offer.bedrooms,
      photoId: offer.cover_photo?.id ?? null,
      photoAlt: offer.cover_photo
        ? { fr: offer.cover_photo.alt_fr, en: offer.cover_photo.alt_en }
        : null,
    },
    lang,
    settings.publicUrl,
    settings.config,
  );
  return {
    reference: offer.reference,
    title: shown.title,
    city: shown.place,
    price: shown.price,
    url: shown.url,
    photoUrl: shown.photoUrl,
  };
}

function agencyIn(agency: LeadFacts['agency'], lang: Lang, settings: LeadMailSettings): LeadAgency {
  return {
    name: agency.name,
    phone: agency.phone,
    address: [agency.address, `${agency.cp} ${agency.ville}`.trim()].filter(Boolean).join(', '),
    url: `${settings.publicUrl}${href('agency', { agence: agency.slug }, lang, settings.config)}`,
  };
}

/** The visitor as a vCard 4.0 (RFC 6350); ical.js escapes and folds the values. */
export function leadVCard(request: ContactRequest, rev: Date): string {
  const card = new ICAL.Component('vcard');
  card.addPropertyWithValue('version', '4.0');
  card.addPropertyWithValue('kind', 'individual');
  card.addPropertyWithValue('fn', request.name);
  const email = card.addPropertyWithValue('email', request.email);
  email.setParameter('type', 'home');
  const tel = card.addPropertyWithValue('tel', `tel:${request.phoneE164}`);
  tel.setParameter('value', 'uri');
  tel.setParameter('type', 'voice');
  card.addPropertyWithValue('lang', request.lang);
  card.addPropertyWithValue('note', request.message);
  card.addPropertyWithValue('rev', rev.toISOString().replace(/[-:]|\.\d{3}/g, ''));
  return `${card.toString()}\r\n`;
}

/** Queues the lead and the visitor's copy of a stored request, in its transaction. */
export async function queueLeadMails(
  trx: Transaction<Database>,
  request: ContactRequest,
  settings: LeadMailSettings,
): Promise<void> {
  const { agency, offer } = await selectLeadFacts(trx, request.agencyId, request.offerId);
  const agencyLang: Lang = agency.lang === 'en' ? 'en' : 'fr';
  const to = offer?.negotiator_email || agency.leads_email || agency.email;
  const pageUrl = offer
    ? offerIn(offer, request.lang, settings).url
    : agencyIn(agency, request.lang, settings).url;
  const phone = parsePhoneNumberFromString(request.phoneE164);
  const visitor = {
    name: request.name,
    email: request.email,
    phone: phone?.formatNational() ?? request.phone,
    phoneInternational: phone?.formatInternational() ?? request.phoneE164,
    tel: phone?.getURI() ?? `tel:${request.phoneE164}`,
    message: request.message,
    reco: request.reco,
    lang: request.lang,
    pageUrl,
    sentAt: request.createdAt,
  };
  const mailIn = (lang: Lang): LeadMailInput => ({
    lang,
    siteName: settings.siteName,
    visitor,
    offer: offer ? offerIn(offer, lang, settings) : null,
    agency: agencyIn(agency, lang, settings),
  });
  const lead = renderLeadMail(mailIn(agencyLang));
  const copy = renderLeadCopyMail(mailIn(request.lang));
  const json: LeadJson = v.parse(LeadJsonSchema, {
    id: request.id,
    created_at: request.createdAt.toISOString(),
    source: settings.siteName,
    visitor: {
      name: request.name,
      email: request.email,
      phone: request.phone,
      phone_e164: request.phoneE164,
      lang: request.lang,
      reco: request.reco,
    },
    message: request.message,
    page_url: pageUrl,
    agency: { id: agency.id, name: agency.name },
    offer: offer
      ? {
          id: offer.id,
          reference: offer.reference,
          title: offer.titre1_fr,
          city: offer.lieu_libelle_fr,
          url: offerIn(offer, agencyLang, settings).url,
          negotiator: offer.negotiator_name ?? null,
        }
      : null,
  });
  const messageId = newMessageId(settings.from, `lead-${request.id}`);
  await insertMail(trx, {
    alert_id: null,
    contact_id: request.id,
    kind: 'lead',
    to_address: to,
    from_name: request.name,
    reply_to: request.email,
    subject: lead.subject,
    message_id: messageId,
    headers: JSON.stringify({}),
    html: lead.html,
    text: lead.text,
    attachments: JSON.stringify([
      {
        filename: 'contact.vcf',
        contentType: 'text/vcard; charset=utf-8',
        content: leadVCard(request, request.createdAt),
      },
      {
        filename: 'lead.json',
        contentType: 'application/json; charset=utf-8',
        content: `${JSON.stringify(json, null, 2)}\n`,
      },
    ]),
    next_attempt_at: request.createdAt,
  });
  await insertMail(trx, {
    alert_id: null,
    contact_id: request.id,
    kind: 'lead-copy',
    to_address: request.email,
    subject: copy.subject,
    message_id: newMessageId(settings.from, `lead-copy-${request.id}`),
    headers: JSON.stringify({}),
    html: copy.html,
    text: copy.text,
    next_attempt_at: request.createdAt,
  });
  await setLeadDelivery(trx, request.id, {
    status: 'queued',
    lead: json,
    to,
    messageId,
    at: request.createdAt,
  });
}

/** The outbox keeps each request's lead delivery state and counts the outcomes. */
export const leadMailHooks: MailHooks = {
  lead: {
    async sent(db, row, now, detail) {
      leadMails.inc({ outcome: 'sent' });
      await setLeadDelivery(db, row.contact_id!, { status: 'sent', detail, at: now });
    },
    async failed(db, row, now, error) {
      leadMails.inc({ outcome: 'failed' });
      await setLeadDelivery(db, row.contact_id!, { status: 'failed', detail: error, at: now });
    },
  },
};
