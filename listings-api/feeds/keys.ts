import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/types';

// Feed keys: one per agency, 32 random bytes shown once (`npm run feed:key -- <agency>`); the
// database keeps their sha256 only. POST /feeds/{agency} takes it as `Authorization: Bearer …`.

export const FEED_KEY_PATTERN = /^pfk_[A-Za-z0-9_-]{43}$/;

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Makes a new key for the agency, replacing any earlier one; returns it (it is not kept). */
export async function issueFeedKey(db: Db, agencyId: number): Promise<string> {
  return issueFeedKeyWith(db.kysely, agencyId);
}

/** issueFeedKey within a transaction (a key made with the audit of who made it). */
export async function issueFeedKeyWith(
  handle: Kysely<Database> | Transaction<Database>,
  agencyId: number,
): Promise<string> {
  const key = `pfk_${randomBytes(32).toString('base64url')}`;
  await handle
    .insertInto('feed_keys')
    .values({ agency_id: agencyId, key_hash: hashKey(key) })
    .onConflict((oc) =>
      oc.column('agency_id').doUpdateSet({ key_hash: hashKey(key), created_at: new Date() }),
    )
    .execute();
  return key;
}

/** True when `key` is the agency's current feed key (compared in constant time). */
export async function checkFeedKey(db: Db, agencyId: number, key: string): Promise<boolean> {
  if (!FEED_KEY_PATTERN.test(key)) return false;
  const row = await db.kysely
    .selectFrom('feed_keys')
    .select('key_hash')
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  if (!row) return false;
  const given = Buffer.from(hashKey(key), 'hex');
  const stored = Buffer.from(row.key_hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
