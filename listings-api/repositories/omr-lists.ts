import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { OmrAgencyListsTable, OmrListsTable } from '../db/types';

// The editorial lists: lists of places (omr_lists) and of agencies (omr_agency_lists).

/** Lists of places by id, one by id or slug when given. */
export async function selectOmrLists(
  db: Db,
  q: { id?: number; slug?: string; limit: number },
): Promise<Selectable<OmrListsTable>[]> {
  return db.kysely
    .selectFrom('omr_lists')
    .selectAll()
    .$if(q.id !== undefined, (qb) => qb.where('id', '=', q.id!))
    .$if(q.slug !== undefined, (qb) => qb.where('slug', '=', q.slug!))
    .orderBy('id')
    .limit(q.limit)
    .execute();
}

/**
 * Lists of agencies by id, one by id or slug when given; with `places` ([place, parent, …,
 * country]) the lists of those places, nearest place first.
 */
export async function selectOmrAgencyLists(
  db: Db,
  q: { id?: number; slug?: string; places: number[] | null; limit: number },
): Promise<Selectable<OmrAgencyListsTable>[]> {
  const places = q.places;
  return (
    db.kysely
      .selectFrom('omr_agency_lists')
      .selectAll()
      .$if(q.id !== undefined, (qb) => qb.where('id', '=', q.id!))
      .$if(q.slug !== undefined, (qb) => qb.where('slug', '=', q.slug!))
      .$if(places !== null, (qb) => qb.where('lieu_id', 'in', places!))
      // Nearest place first: position of the list's place in [lieu, parent, ..., country].
      .$if(places !== null, (qb) => qb.orderBy(sql`array_position(${places}::int[], lieu_id)`))
      .orderBy('id')
      .limit(q.limit)
      .execute()
  );
}
