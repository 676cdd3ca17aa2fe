import type { ColumnType, Generated } from 'kysely';
import type { LeadJson } from '../../shared/lead';

// Row types of the listings database (listings-api/db/migrations). Keep in step with migrations.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database sets on insert (Generated<Timestamp> would select as a ColumnType). */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;
type DpeAbsence = 'VI' | 'NS';

export type NatureId = 'V' | 'L' | 'S';
export type LieuType =
  | 'Generic'
  | 'Pays'
  | 'Plaques'
  | 'Regions'
  | 'Departements'
  | 'Villes'
  | 'Lieudits'
  | 'Arrondissements'
  | 'Quartiers'
  | 'Zones';

export interface PhotoRow {
  id: number;
  width: number;
  height: number;
  alt_fr: string;
  alt_en: string;
}
export interface FeesRow {
  payer: 'buyer' | 'seller' | 'tenant' | 'owner';
  percent: number | null;
  amount: number | null;
  deposit?: number | null;
  charges?: number | null;
}
export interface CondoRow {
  lots: number;
  yearly_charges: number;
  procedure: boolean;
}
export interface FeeScaleRow {
  nature: NatureId;
  from: number;
  to: number | null;
  percent: number | null;
  amount: number | null;
}

export interface NaturesTable {
  id: NatureId;
  position: number;
  slug_fr: string;
  slug_en: string;
  libelle_fr: string;
  libelle_en: string;
}
export interface RubriquesTable {
  id: number;
  parent_id: number | null;
  is_generic: Generated<boolean>;
  position: Generated<number>;
  slug_fr: string;
  slug_en: string;
  libelle_fr: string;
  libelle_en: string;
  plural_fr: string;
  plural_en: string;
  natures: NatureId[];
  /** Migration 024: the gender of libelle_fr. */
  gender_fr: Generated<'m' | 'f'>;
}
export interface OmrListsTable {
  id: number;
  slug: string;
  name_fr: string;
  name_en: string;
  lieux: Generated<number[]>;
}
export interface LieuxTable {
  id: number;
  slug: string;
  type: LieuType;
  parent_id: number | null;
  ancestors: Generated<number[]>;
  lieux: Generated<number[]>;
  code: string | null;
  postcodes: Generated<string[]>;
  libelle_fr: string;
  libelle_en: string;
  libelle_prep_fr: string;
  libelle_prep_en: string;
  search_name: string;
  lat: number | null;
  lng: number | null;
  population: Generated<number>;
  omr_list_id: number | null;
  is_foreign_country: Generated<boolean>;
}
export interface NetworksTable {
  id: number;
  slug: string;
  name: string;
  description_fr: Generated<string>;
  description_en: Generated<string>;
  website: string | null;
}
export interface AgenciesTable {
  id: number;
  slug: string;
  name: string;
  search_name: string;
  network_id: number | null;
  address: string;
  cp: string;
  ville: string;
  lieu_id: number;
  lieu_path: number[];
  phone: string;
  email: string;
  website: string | null;
  description_fr: Generated<string>;
  description_en: Generated<string>;
  fee_scale: Json<FeeScaleRow[]>;
  active: Generated<boolean>;
  lat: number | null;
  lng: number | null;
  created_at: CreatedAt;
  /** Where contact requests go (migration 018); null: the public e-mail. */
  leads_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the agency reads its leads in (migration 018). */
  lang: ColumnType<'fr' | 'en', 'fr' | 'en' | undefined, 'fr' | 'en'>;
}
export interface OmrAgencyListsTable {
  id: number;
  slug: string;
  name_fr: string;
  name_en: string;
  lieu_id: number | null;
  agencies: Generated<number[]>;
}
export interface ReviewsTable {
  id: number;
  agency_id: number;
  /** The language the review and its response are written in. */
  lang: 'fr' | 'en';
  rating: number;
  author: string;
  title: string;
  body: string;
  response: string | null;
  source: string;
  created_at: Timestamp;
}
export interface OffersTable {
  /** Seeded offers bring their own; imported ones take the next of offers_id_seq (migration 012). */
  id: ColumnType<number, number | undefined, number>;
  slug: string;
  nature: NatureId;
  rubrique_id: number;
  rubrique_path: number[];
  lieu_id: number;
  lieu_path: number[];
  agency_id: number;
  status: Generated<'active' | 'obsolete'>;
  premium: Generated<boolean>;
  exclusivity: Generated<boolean>;
  reference: string;
  titre1_fr: string;
  titre1_en: string;
  titre2_fr: string;
  titre2_en: string;
  description_fr: string;
  description_en: string;
  price: number | null;
  monthly_rent: number | null;
  weekly_rent: number | null;
  prix_cache: Generated<boolean>;
  price_without_fees: number | null;
  fees: Json<FeesRow> | null;
  condo: Json<CondoRow> | null;
  surface: number | null;
  field_surface: number | null;
  rooms: number | null;
  bedrooms: number | null;
  atouts: Generated<string[]>;
  dpe_class: string | null;
  dpe_value: number | null;
  ges_class: string | null;
  ges_value: number | null;
  /** The DPE's date and method (migration 020). */
  dpe_date: ColumnType<string | null, string | null | undefined, string | null>;
  dpe_method: ColumnType<string | null, string | null | undefined, string | null>;
  /** The estimated yearly energy cost range and its reference year (migration 020). */
  dpe_cost_min: ColumnType<number | null, number | null | undefined, number | null>;
  dpe_cost_max: ColumnType<number | null, number | null | undefined, number | null>;
  dpe_cost_year: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why there is no DPE class: 'VI' blank, 'NS' not subject (migration 020). */
  dpe_absence: ColumnType<DpeAbsence | null, DpeAbsence | null | undefined, DpeAbsence | null>;
  photos: Json<PhotoRow[]>;
  /** The first photo, computed by the database (migration 011): read only. */
  cover_photo: ColumnType<PhotoRow | null, never, never>;
  video_url: string | null;
  tour_url: string | null;
  lat: number | null;
  lng: number | null;
  published_at: Timestamp;
  updated_at: Timestamp;
  obsolete_at: Timestamp | null;
  /** sha256 of the feed row and photos that last wrote the offer (migration 012). */
  feed_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the last price change was a drop (cleared by a rise; migration 012). */
  price_reduced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The negotiator the feed named (Poliris columns 106, 105, 107; migration 018). */
  negotiator_name: ColumnType<string | null, string | null | undefined, string | null>;
  negotiator_phone: ColumnType<string | null, string | null | undefined, string | null>;
  negotiator_email: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface ExternalLinksTable {
  id: number;
  lieu_id: number | null;
  position: Generated<number>;
  label_fr: string;
  label_en: string;
  url: string;
}
export interface KeyValueTable {
  key: string;
  value: Json<unknown>;
}
export interface ContactsTable {
  id: Generated<number>;
  created_at: CreatedAt;
  idempotency_key: string | null;
  offer_id: number | null;
  agency_id: number | null;
  lang: string;
  name: string;
  email: string;
  phone: string;
  phone_e164: string;
  message: string;
  reco: Generated<boolean>;
  /** Marked by the spam guard of the web app: stored, mailed to nobody (migration 018). */
  spam: Generated<boolean>;
  /** The delivery of the lead mail; null for a request that mails nobody (migration 018). */
  lead_status: ColumnType<LeadStatus | null, LeadStatus | null | undefined, LeadStatus | null>;
  /** The request as lead.json says it (shared/lead.ts). */
  lead: ColumnType<LeadJson | null, string | null | undefined, string | null>;
  lead_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Message-ID of the lead mail. */
  lead_message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The server's answer when sent, the last error when failed. */
  lead_detail: ColumnType<string | null, string | null | undefined, string | null>;
  lead_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When a user of the agency marked it handled, and who (migration 023). */
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}
export type LeadStatus = 'queued' | 'sent' | 'failed';
export interface ProspectsTable {
  id: Generated<number>;
  created_at: CreatedAt;
  idempotency_key: string | null;
  lang: string;
  lastname: string;
  firstname: string;
  company: string;
  lieu_id: number | null;
  city: string;
  phone: string;
  phone_e164: string;
  email: string;
  message: Generated<string>;
}
export interface AlertsTable {
  id: Generated<number>;
  created_at: CreatedAt;
  token_hash: string;
  email: string;
  lang: string;
  contact_proximite: Generated<boolean>;
  criteria: Json<Record<string, unknown>>;
  criteria_key: string;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  last_sent_at: Timestamp | null;
  /** Set when the confirmation mail went out (migration 003). */
  confirm_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface OfferStatDaysTable {
  offer_id: number;
  /** The day in Europe/Paris, YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  type: 'liste' | 'detail' | 'email' | 'telephone' | 'alerte';
  n: number;
}

// Alert e-mails (migration 003-alert-mail).
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}
export interface MailOutboxTable {
  id: Generated<number>;
  created_at: DefaultedTimestamp;
  /** The alert of a confirm or digest mail (migration 007: null for a prospect's mail). */
  alert_id: number | null;
  /** The professional request of a prospect mail (migration 007). */
  prospect_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The contact request of a lead mail or its copy (migration 018). */
  contact_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The professional user a sign-in link is for (migration 023). */
  pro_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  kind: 'confirm' | 'digest' | 'prospect' | 'prospect-sales' | 'lead' | 'lead-copy' | 'pro-sign-in';
  /** The From header's display name, when not the portal's (migration 018). */
  from_name: ColumnType<string | null, string | null | undefined, string | null>;
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  attachments: ColumnType<MailAttachment[], string | undefined, string>;
  to_address: string;
  subject: string;
  message_id: string;
  headers: Json<Record<string, string>>;
  html: string;
  text: string;
  offer_ids: Generated<number[]>;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  sent_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  last_error: string | null;
}
export interface AlertSentOffersTable {
  alert_id: number;
  offer_id: number;
  sent_at: DefaultedTimestamp;
  outbox_id: number | null;
}
export interface AlertMailKeysTable {
  id: number;
  secret: string;
  created_at: DefaultedTimestamp;
}

/** Materialized view (migration 002): active offers per place, nature and rubrique; 0 = any. */
export interface OfferCountsView {
  lieu_id: number;
  nature: NatureId;
  rubrique_id: number;
  n: number;
}
/** Materialized view (migration 004): active offers per place, nature and price band. */
export interface OfferPriceCountsView {
  lieu_id: number;
  nature: NatureId;
  band: number;
  n: number;
}
/** Materialized view (migration 006): the agency directory's relevance index and its inputs. */
export interface AgencyRelevanceView {
  agency_id: number;
  /** Active listings. */
  listings: number;
  /** Active listings with 8 photos or more, the price shown and a surface. */
  complete_listings: number;
  reviews: number;
  rating_sum: number;
  /** 0 to 100 (see the migration). */
  relevance: number;
}
export interface OfferCountsStateTable {
  id: number;
  stale: boolean;
  refreshed_at: Timestamp | null;
}

// The listings lifecycle (migration 012-listings-lifecycle).
export interface OfferPriceHistoryTable {
  id: Generated<number>;
  offer_id: number;
  /** The amount of the offer's nature: sale price (V), monthly rent (L), weekly rent (S). */
  old_amount: number;
  new_amount: number;
  changed_at: DefaultedTimestamp;
}
export interface AlertSentPriceDropsTable {
  alert_id: number;
  price_history_id: number;
  offer_id: number;
  sent_at: DefaultedTimestamp;
  outbox_id: number | null;
}
export interface FeedKeysTable {
  agency_id: number;
  key_hash: string;
  created_at: DefaultedTimestamp;
}
export type FeedRunSource = 'inbox' | 'http' | 'cli';
export type FeedRunStatus = 'queued' | 'running' | 'done' | 'rejected' | 'failed';
export interface FeedRunsTable {
  id: string;
  agency_id: number;
  source: FeedRunSource;
  status: FeedRunStatus;
  created_at: DefaultedTimestamp;
  finished_at: Timestamp | null;
  report: Json<unknown> | null;
}
export interface FeedPhotosTable {
  sha256: string;
  photo_id: Generated<number>;
  width: number;
  height: number;
  created_at: DefaultedTimestamp;
}
export interface FeedPhotoUrlsTable {
  url: string;
  sha256: string;
  fetched_at: DefaultedTimestamp;
}
export interface CacheChangesTable {
  id: Generated<number>;
  created_at: DefaultedTimestamp;
  run_id: string | null;
  tags: string[];
}

export interface Database {
  natures: NaturesTable;
  rubriques: RubriquesTable;
  omr_lists: OmrListsTable;
  lieux: LieuxTable;
  networks: NetworksTable;
  agencies: AgenciesTable;
  omr_agency_lists: OmrAgencyListsTable;
  reviews: ReviewsTable;
  offers: OffersTable;
  offer_counts: OfferCountsView;
  offer_counts_state: OfferCountsStateTable;
  offer_price_counts: OfferPriceCountsView;
  agency_relevance: AgencyRelevanceView;
  external_links: ExternalLinksTable;
  settings: KeyValueTable;
  omr_config: KeyValueTable;
  contacts: ContactsTable;
  prospects: ProspectsTable;
  alerts: AlertsTable;
  offer_stat_days: OfferStatDaysTable;
  mail_outbox: MailOutboxTable;
  alert_sent_offers: AlertSentOffersTable;
  alert_mail_keys: AlertMailKeysTable;
  offer_price_history: OfferPriceHistoryTable;
  alert_sent_price_drops: AlertSentPriceDropsTable;
  feed_keys: FeedKeysTable;
  feed_runs: FeedRunsTable;
  feed_photos: FeedPhotosTable;
  feed_photo_urls: FeedPhotoUrlsTable;
  cache_changes: CacheChangesTable;
  pro_users: ProUsersTable;
  pro_sign_in_tokens: ProSignInTokensTable;
  pro_sessions: ProSessionsTable;
  pro_audit: ProAuditTable;
}

// The professional space (migration 023).
export type ProRole = 'owner' | 'member';
export interface ProUsersTable {
  id: Generated<number>;
  agency_id: number;
  /** Lower-cased. */
  email: string;
  role: ProRole;
  created_at: CreatedAt;
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface ProSignInTokensTable {
  /** SHA-256 of the token (base64url); the token itself is only in the mail. */
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface ProSessionsTable {
  /** SHA-256 of the session id (base64url); the id itself is only in the visitor's cookie. */
  id_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  /** The absolute end of the session. */
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface ProAuditTable {
  id: Generated<number>;
  at: CreatedAt;
  user_id: number | null;
  agency_id: number;
  action: string;
  target_id: number | null;
}
