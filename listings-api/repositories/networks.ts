import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { NetworksTable } from '../db/types';

// Agency networks: one network's page and the sitemap's slugs.

/** A network by slug with its count of active agencies. */
export async function selectNetworkBySlug(
  db: Db,
  slug: string,
): Promise<(Selectable<NetworksTable> & { agencies_count: number | null }) | undefined> {
  return db.kysely
    .selectFrom('networks as n')
    .selectAll('n')
    .select((eb) =>
      eb
        .selectFrom('agencies as a')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('a.network_id', '=', 'n.id')
        .where('a.active', '=', true)
        .as('agencies_count'),
    )
    .where('n.slug', '=', slug)
    .executeTakeFirst();
}

export async function countNetworks(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('networks')
    .select(sql<number>`count(*)::integer`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Slugs of the networks, by id, a slice at a time. */
export async function selectNetworkSlugs(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ slug: string }[]> {
  return db.kysely
    .selectFrom('networks')
    .select('slug')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
