import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/types';
import type { LieuType } from '../../shared/contract';
import { likeEscape } from './text';

// The place autocomplete: the search_lieux function of migration 009 (its ranking and settings
// are described there), one statement per search.

export interface LieuSearch {
  /** The visitor's text with punctuation as spaces (searchText). */
  text: string;
  limit: number;
  types?: LieuType[];
}

/** The function's arguments; as literals for EXECUTE, which takes no bound parameters. */
function searchArguments(search: LieuSearch, literal = false): RawBuilder<unknown> {
  const value = (v: string | number) => (literal ? sql.lit(v) : sql`${v}`);
  const types = search.types
    ? sql`ARRAY[${sql.join(search.types.map((type) => value(type)))}]`
    : sql`NULL`;
  return sql.join([
    sql`${value(search.text)}::text`,
    sql`${value(likeEscape(search.text))}::text`,
    sql`${value(search.limit)}::integer`,
    sql`${types}::text[]`,
  ]);
}

/** Ids of the places matching the search, best first. */
export async function searchLieux(db: Db, search: LieuSearch): Promise<number[]> {
  // A function call plans the same whatever its arguments: prepared.
  const rows = await db.prepared(
    sql<{ id: number }>`SELECT id FROM search_lieux(${searchArguments(search)})`,
  );
  return rows.map((row) => row.id);
}

/**
 * The plan of the function's query for a search, run with the function's own settings (EXPLAIN
 * of the call shows only a function scan).
 */
export async function searchLieuxPlan(
  trx: Transaction<Database>,
  search: LieuSearch,
  analyze = false,
): Promise<string[]> {
  const fn = await sql<{ body: string; config: string[] | null }>`
    SELECT prosrc AS body, proconfig AS config FROM pg_proc WHERE proname = 'search_lieux'`.execute(
    trx,
  );
  const { body: source, config } = fn.rows[0]!;
  const body = /RETURN QUERY([\s\S]*);\s*END/.exec(source)?.[1];
  if (!body) throw new Error('search_lieux: no RETURN QUERY in its body');
  for (const setting of config ?? []) {
    const [name, value] = setting.split(/=(.*)/s) as [string, string];
    await sql`SELECT set_config(${name}, ${value}, true)`.execute(trx);
  }
  await sql`PREPARE search_lieux_plan(text, text, integer, text[]) AS ${sql.raw(body)}`.execute(
    trx,
  );
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (${sql.raw(
    analyze ? 'ANALYZE, COSTS OFF' : 'COSTS OFF',
  )}) EXECUTE search_lieux_plan(${searchArguments(search, true)})`.execute(trx);
  await sql`DEALLOCATE search_lieux_plan`.execute(trx);
  return plan.rows.map((row) => row['QUERY PLAN']);
}
