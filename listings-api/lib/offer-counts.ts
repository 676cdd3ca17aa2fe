import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection';
import type { NatureId } from '../../shared/contract';

// The offer_counts and offer_price_counts materialized views (migrations 002 and 004): counts of
// active offers per place, nature and rubrique, and per place, nature and price band; with them
// agency_relevance (migration 006), the agency directory's relevance index, and offer_map_cells
// (migration 014), the map clusters' grid, and offer_price_medians (migration 028), the offer
// pages' comparables. A statement trigger on offers (and on reviews and
// agencies) marks them stale; refreshIfStale rebuilds them, once across
// every API instance (the stale flag is cleared by whoever refreshes).

export interface CountScope {
  /** Disjoint place subtrees; [0] means anywhere. */
  lieux: number[];
  nature?: NatureId;
  /** Disjoint rubrique subtrees; [0] means any rubrique. */
  rubriques: number[];
}

export interface OfferCounts {
  /** Rebuilds the counts when offers changed since the last build; true when it did. */
  refreshIfStale(): Promise<boolean>;
  /** Checks for changes every intervalMs (0: never), until stop(). */
  start(intervalMs: number): void;
  stop(): Promise<void>;
  /** Active offers in each place's subtree (places absent from the answer count 0). */
  perLieu(scope: CountScope): Promise<Map<number, number>>;
  /** Active offers of each rubrique in the scope's places. */
  perRubrique(
    scope: Omit<CountScope, 'rubriques'>,
    rubriques: number[],
  ): Promise<Map<number, number>>;
}

export function createOfferCounts(
  db: Db,
  log: { error(obj: object, msg: string): void },
  /** Called after each rebuild (the offers changed). */
  onRefresh: () => void = () => undefined,
): OfferCounts {
  const k = db.kysely;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;

  const VIEWS = [
    'offer_counts',
    'offer_price_counts',
    'agency_relevance',
    'offer_map_cells',
    'offer_price_medians',
  ] as const;

  async function refresh(): Promise<boolean> {
    const populated = await sql<{ matviewname: string; ispopulated: boolean }>`
      SELECT matviewname, ispopulated FROM pg_matviews WHERE matviewname = ANY(${[...VIEWS]}::text[])
    `.execute(k);
    const isPopulated = (view: string) =>
      populated.rows.find((row) => row.matviewname === view)?.ispopulated ?? false;
    // Clearing the flag first lets offer changes made during the rebuild mark it stale again.
    const claimed = await k
      .updateTable('offer_counts_state')
      .set({ stale: false })
      .where('id', '=', 1)
      .where('stale', '=', true)
      .returning('id')
      .execute();
    if (claimed.length === 0 && VIEWS.every(isPopulated)) return false;
    try {
      for (const view of VIEWS) {
        // CONCURRENTLY keeps the old counts readable during the rebuild (needs a first build).
        if (isPopulated(view))
          await sql`REFRESH MATERIALIZED VIEW CONCURRENTLY ${sql.table(view)}`.execute(k);
        else await sql`REFRESH MATERIALIZED VIEW ${sql.table(view)}`.execute(k);
      }
      await k
        .updateTable('offer_counts_state')
        .set({ refreshed_at: new Date() })
        .where('id', '=', 1)
        .execute();
      onRefresh();
      return true;
    } catch (err) {
      await k.updateTable('offer_counts_state').set({ stale: true }).where('id', '=', 1).execute();
      throw err;
    }
  }

  const counts: OfferCounts = {
    refreshIfStale() {
      // One rebuild at a time in this process.
      running ??= refresh().finally(() => {
        running = null;
      });
      return running;
    },
    start(intervalMs) {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        counts
          .refreshIfStale()
          .catch((err: unknown) => log.error({ err }, 'offer counts refresh failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    async perLieu(scope) {
      const result = await perLieuQuery(scope).execute(k);
      return new Map(result.rows.map((row) => [row.lieu_id, row.n]));
    },
    async perRubrique(scope, rubriques) {
      if (rubriques.length === 0) return new Map();
      const result = await perRubriqueQuery(scope, rubriques).execute(k);
      return new Map(result.rows.map((row) => [row.rubrique_id, row.n]));
    },
  };
  return counts;
}

function scopeConditions(scope: Omit<CountScope, 'rubriques'>): RawBuilder<unknown> {
  return sql`lieu_id = ANY(${scope.lieux.length > 0 ? scope.lieux : [-1]}::int[])
    ${scope.nature !== undefined ? sql`AND nature = ${scope.nature}` : sql``}`;
}

/** Active offers in each place's subtree (places without any are absent), as a query. */
export function perLieuQuery(scope: CountScope): RawBuilder<{ lieu_id: number; n: number }> {
  const rubriques = scope.rubriques.length > 0 ? scope.rubriques : [0];
  return sql`SELECT lieu_id, sum(n)::integer AS n FROM offer_counts
    WHERE ${scopeConditions(scope)} AND rubrique_id = ANY(${rubriques}::int[])
    GROUP BY lieu_id`;
}

/** Active offers of each rubrique in the scope's places, as a query (rubriques not empty). */
export function perRubriqueQuery(
  scope: Omit<CountScope, 'rubriques'>,
  rubriques: number[],
): RawBuilder<{ rubrique_id: number; n: number }> {
  const places = { ...scope, lieux: scope.lieux.length > 0 ? scope.lieux : [0] };
  return sql`SELECT rubrique_id, sum(n)::integer AS n FROM offer_counts
    WHERE ${scopeConditions(places)} AND rubrique_id = ANY(${rubriques}::int[])
    GROUP BY rubrique_id`;
}
