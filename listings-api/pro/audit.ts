import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';
import type { ProUser } from './session';

// The audit of the professional space: every write of a user is a row (who, which agency, what,
// on which row, when), written in the write's own transaction. No personal data goes in it: an
// action name and a row id.

export type ProAction =
  | 'sign-in'
  | 'sign-out'
  | 'sign-out-everywhere'
  | 'lead-handled'
  | 'lead-unhandled'
  | 'member-invited'
  | 'member-removed'
  | (string & {});

export async function audit(
  db: Kysely<Database> | Transaction<Database>,
  who: Pick<ProUser, 'userId' | 'agencyId'>,
  action: ProAction,
  targetId: number | null = null,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('pro_audit')
    .values({
      at: now,
      user_id: who.userId,
      agency_id: who.agencyId,
      action,
      target_id: targetId,
    })
    .execute();
}
