import { sql } from 'kysely';
import type { Db } from '../db/connection';

// Runs of agencies' feed imports as their reports are read back, and the cache tags the imports
// invalidated (for edge cache purgers).

/** A feed run with its agency's slug. */
export async function selectFeedRun(db: Db, id: string) {
  return db.kysely
    .selectFrom('feed_runs as r')
    .innerJoin('agencies as a', 'a.id', 'r.agency_id')
    .select(['r.id', 'r.status', 'r.source', 'r.report', 'r.created_at', 'a.slug'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** The invalidations after the cursor `since`, oldest first. */
export async function selectCacheChanges(db: Db, since: number, limit: number) {
  return db.kysely
    .selectFrom('cache_changes')
    .select(['id', 'created_at', 'tags'])
    .where('id', '>', since)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** An agency's feed runs, newest first, with what the list shows of each report. */
export async function selectAgencyFeedRuns(
  db: Db,
  agencyId: number,
  page: { offset: number; limit: number },
) {
  return db.kysely
    .selectFrom('feed_runs as r')
    .select([
      'r.id',
      'r.status',
      'r.source',
      'r.created_at',
      'r.finished_at',
      sql<unknown>`r.report -> 'counts'`.as('counts'),
      sql<string | null>`r.report ->> 'startedAt'`.as('started_at'),
      sql<string | null>`r.report ->> 'finishedAt'`.as('report_finished_at'),
      sql<string | null>`r.report ->> 'reason'`.as('reason'),
    ])
    .where('r.agency_id', '=', agencyId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** How many feed runs the agency has. */
export async function countAgencyFeedRuns(db: Db, agencyId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('feed_runs')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('agency_id', '=', agencyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A feed run of the agency (undefined when it is another agency's or unknown). */
export async function selectAgencyFeedRun(db: Db, agencyId: number, id: string) {
  return db.kysely
    .selectFrom('feed_runs as r')
    .innerJoin('agencies as a', 'a.id', 'r.agency_id')
    .select(['r.id', 'r.status', 'r.source', 'r.report', 'r.created_at', 'r.finished_at', 'a.slug'])
    .where('r.id', '=', id)
    .where('r.agency_id', '=', agencyId)
    .executeTakeFirst();
}

/** When the agency's feed key was made, or undefined when it has none. */
export async function selectFeedKeyCreated(db: Db, agencyId: number) {
  const row = await db.kysely
    .selectFrom('feed_keys')
    .select('created_at')
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  return row?.created_at;
}
