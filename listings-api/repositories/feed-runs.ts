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
