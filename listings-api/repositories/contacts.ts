import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { LeadJson } from '../../shared/lead';
import type { Database, LeadStatus } from '../db/types';

// Requests of visitors: contact requests to agencies (contacts) and professional requests
// (prospects), each stored once per idempotency key.

export interface StoredRow {
  id: number;
  created_at: unknown;
  /** False when the idempotency key had already stored a row (the row answered is that one). */
  inserted: boolean;
}

/**
 * The idempotent insert of a form row (contacts, prospects): stored once per idempotency key, the
 * same key again answering the first row and storing nothing. `then` runs in the same transaction
 * when the row is new (a mail queued with it exists exactly when the row does).
 */
async function storeOnce<T extends 'contacts' | 'prospects'>(
  db: Db,
  table: T,
  values: Insertable<Database[T]>,
  then?: (trx: Transaction<Database>, id: number, createdAt: Date) => Promise<unknown>,
): Promise<StoredRow> {
  // Both tables have id, created_at and a unique idempotency_key.
  const into = table as 'contacts';
  const row = values as Insertable<Database['contacts']>;
  const key = row.idempotency_key ?? null;
  return db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto(into)
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (inserted) {
      await then?.(trx, inserted.id, new Date(inserted.created_at as unknown as Date));
      return { ...inserted, inserted: true };
    }
    const first = await trx
      .selectFrom(into)
      .select(['id', 'created_at'])
      .where('idempotency_key', '=', key!)
      .executeTakeFirstOrThrow();
    return { ...first, inserted: false };
  });
}

/**
 * Stores a contact request to an agency (once per idempotency key); `then` runs in its
 * transaction when the request is new (its mails are queued there).
 */
export function storeContact(
  db: Db,
  values: Insertable<Database['contacts']>,
  then?: (trx: Transaction<Database>, id: number, createdAt: Date) => Promise<unknown>,
): Promise<StoredRow> {
  return storeOnce(db, 'contacts', values, then);
}

/**
 * Stores a professional request (once per idempotency key); `then` runs in its transaction when
 * the request is new.
 */
export function storeProspect(
  db: Db,
  values: Insertable<Database['prospects']>,
  then?: (trx: Transaction<Database>, id: number, createdAt: Date) => Promise<unknown>,
): Promise<StoredRow> {
  return storeOnce(db, 'prospects', values, then);
}

/** What a contact request's mails name: its agency, and its offer when it is about one. */
export async function selectLeadFacts(
  db: Kysely<Database> | Transaction<Database>,
  agencyId: number,
  offerId: number | null,
) {
  const agency = await db
    .selectFrom('agencies')
    .select([
      'id',
      'slug',
      'name',
      'phone',
      'email',
      'leads_email',
      'lang',
      'address',
      'cp',
      'ville',
    ])
    .where('id', '=', agencyId)
    .executeTakeFirstOrThrow();
  const offer =
    offerId === null
      ? undefined
      : await db
          .selectFrom('offers as o')
          .innerJoin('lieux as l', 'l.id', 'o.lieu_id')
          .select([
            'o.id',
            'o.slug',
            'o.nature',
            'o.rubrique_id',
            'o.reference',
            'o.titre1_fr',
            'o.titre1_en',
            'o.titre2_fr',
            'o.titre2_en',
            'o.price',
            'o.monthly_rent',
            'o.weekly_rent',
            'o.prix_cache',
            'o.surface',
            'o.field_surface',
            'o.rooms',
            'o.bedrooms',
            'o.cover_photo',
            'o.negotiator_name',
            'o.negotiator_email',
            'l.slug as lieu_slug',
            'l.libelle_fr as lieu_libelle_fr',
            'l.libelle_en as lieu_libelle_en',
          ])
          .where('o.id', '=', offerId)
          .executeTakeFirst();
  return { agency, offer };
}
export type LeadFacts = Awaited<ReturnType<typeof selectLeadFacts>>;

/** Records what became of a contact request's lead mail. */
export async function setLeadDelivery(
  db: Kysely<Database> | Transaction<Database>,
  contactId: number,
  delivery: {
    status: LeadStatus;
    lead?: LeadJson;
    to?: string;
    messageId?: string;
    detail?: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('contacts')
    .set({
      lead_status: delivery.status,
      ...(delivery.lead !== undefined ? { lead: JSON.stringify(delivery.lead) } : {}),
      ...(delivery.to !== undefined ? { lead_to: delivery.to } : {}),
      ...(delivery.messageId !== undefined ? { lead_message_id: delivery.messageId } : {}),
      ...(delivery.detail !== undefined
        ? { lead_detail: delivery.detail?.slice(0, 2000) ?? null }
        : {}),
      lead_updated_at: delivery.at,
    })
    .where('id', '=', contactId)
    .execute();
}

/** A contact request's lead delivery, for the professional space; undefined when none. */
export function selectLeadDelivery(db: Db, contactId: number) {
  return db.kysely
    .selectFrom('contacts')
    .select([
      'id',
      'created_at',
      'agency_id',
      'offer_id',
      'spam',
      'lead',
      'lead_status',
      'lead_to',
      'lead_message_id',
      'lead_detail',
      'lead_updated_at',
    ])
    .where('id', '=', contactId)
    .executeTakeFirst();
}
