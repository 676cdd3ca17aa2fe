import { sql, type RawBuilder } from 'kysely';
import type { Bbox } from '../../../shared/bbox';
import { ENERGY_CLASSES } from '../../../shared/energy-rules';
import type { ResolvedSearch } from './filters';

// A resolved search as the WHERE conditions of the offers table. Every condition matches an
// index of the offers table (GIN on the *_path arrays and atouts, btree on nature + price
// columns, the map point).

export function intArray(ids: number[]): RawBuilder<number[]> {
  return sql<number[]>`${ids}::int[]`;
}

/**
 * `= id` for one id, `= ANY(ids)` for several: a prepared statement's generic plan then knows
 * that one place is one value, not a list of unknown length.
 */
export function isOneOf(ids: number[]): RawBuilder<unknown> {
  return ids.length === 1 ? sql`= ${ids[0]}::integer` : sql`= ANY(${intArray(ids)})`;
}

/**
 * Offers `o` whose coordinates are in the box (edges included), through the offers_map_point
 * index (migration 013); offers without coordinates are in no box.
 */
export function inBbox(box: Bbox): RawBuilder<boolean> {
  return sql<boolean>`point(o.lng, o.lat) <@ box(point(${box.west}::float8, ${box.south}::float8),
    point(${box.east}::float8, ${box.north}::float8))`;
}

/** The WHERE conditions of a search, on the offers table aliased `o`. */
export function searchConditions(search: ResolvedSearch): RawBuilder<boolean> {
  const f = search.filters;
  const conds: RawBuilder<unknown>[] = [];
  if (search.ids) conds.push(sql`o.id = ANY(${intArray(search.ids)})`);
  else conds.push(sql`o.status = 'active'`);
  if (f.nature) conds.push(sql`o.nature = ${f.nature}`);
  if (search.rubriques) {
    conds.push(
      search.rubriques.length === 1
        ? sql`o.rubrique_path @> ${intArray(search.rubriques)}`
        : sql`o.rubrique_path && ${intArray(search.rubriques)}`,
    );
  }
  for (const places of [search.lieux, search.omrLieux]) {
    if (!places) continue;
    if (places.length === 0) conds.push(sql`false`);
    else if (places.length === 1) conds.push(sql`o.lieu_path @> ${intArray(places)}`);
    else conds.push(sql`o.lieu_path && ${intArray(places)}`);
  }
  const bounds: [number | undefined, string, '>=' | '<='][] = [
    [f.prix_min, 'price', '>='],
    [f.prix_max, 'price', '<='],
    [f.loyer_min, 'monthly_rent', '>='],
    [f.loyer_max, 'monthly_rent', '<='],
    [f.loyer_semaine_min, 'weekly_rent', '>='],
    [f.loyer_semaine_max, 'weekly_rent', '<='],
    [f.nb_pieces, 'rooms', '>='],
    [f.nb_chambres, 'bedrooms', '>='],
    [f.surface_min, 'surface', '>='],
    [f.surface_max, 'surface', '<='],
    [f.surface_terrain_min, 'field_surface', '>='],
    [f.surface_terrain_max, 'field_surface', '<='],
  ];
  for (const [value, column, op] of bounds) {
    if (value !== undefined) conds.push(sql`${sql.ref(`o.${column}`)} ${sql.raw(op)} ${value}`);
  }
  if (f.dpe_max) {
    // The classes up to the worst accepted, through offers_nature_dpe (migration 020).
    const classes = ENERGY_CLASSES.slice(0, ENERGY_CLASSES.indexOf(f.dpe_max) + 1);
    conds.push(sql`o.dpe_class = ANY(${classes}::bpchar[])`);
  }
  if (f.atouts && f.atouts.length > 0) conds.push(sql`o.atouts @> ${f.atouts}::text[]`);
  if (f.agency !== undefined) conds.push(sql`o.agency_id = ${f.agency}`);
  if (f.network !== undefined) {
    conds.push(sql`o.agency_id IN (SELECT id FROM agencies WHERE network_id = ${f.network})`);
  }
  if (f.bbox) conds.push(inBbox(f.bbox));
  return sql<boolean>`(${sql.join(conds, sql` AND `)})`;
}
