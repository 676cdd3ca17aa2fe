import type { Db } from '../db/connection';
import type { StatType } from '../../shared/contract';

// Visit statistics of offers (no personal data).

/** Records one event of these offers; answers its id. */
export async function insertStat(db: Db, type: StatType, offerIds: number[]): Promise<number> {
  const row = await db.kysely
    .insertInto('stats')
    .values({ type, offer_ids: offerIds })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
