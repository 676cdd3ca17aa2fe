import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/types';

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
  then?: (trx: Transaction<Database>, id: number) => Promise<unknown>,
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
      await then?.(trx, inserted.id);
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

/** Stores a contact request to an agency (once per idempotency key). */
export function storeContact(db: Db, values: Insertable<Database['contacts']>): Promise<StoredRow> {
  return storeOnce(db, 'contacts', values);
}

/**
 * Stores a professional request (once per idempotency key); `then` runs in its transaction when
 * the request is new.
 */
export function storeProspect(
  db: Db,
  values: Insertable<Database['prospects']>,
  then?: (trx: Transaction<Database>, id: number) => Promise<unknown>,
): Promise<StoredRow> {
  return storeOnce(db, 'prospects', values, then);
}
