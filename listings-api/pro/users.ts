import type { Kysely, Transaction } from 'kysely';
import type { Database, ProRole } from '../db/types';

type Handle = Kysely<Database> | Transaction<Database>;

/**
 * Adds a user to an agency (the address lower-cased), or gives an existing user of that agency
 * the role; undefined when the address is a user of another agency (an address is one agency's).
 */
export async function addProUser(
  db: Handle,
  agencyId: number,
  email: string,
  role: ProRole,
): Promise<{ id: number; created: boolean } | undefined> {
  const address = email.trim().toLowerCase();
  const existing = await db
    .selectFrom('pro_users')
    .select(['id', 'agency_id'])
    .where('email', '=', address)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (existing) {
    if (existing.agency_id !== agencyId) return undefined;
    await db.updateTable('pro_users').set({ role }).where('id', '=', existing.id).execute();
    return { id: Number(existing.id), created: false };
  }
  const row = await db
    .insertInto('pro_users')
    .values({ agency_id: agencyId, email: address, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), created: true };
}
