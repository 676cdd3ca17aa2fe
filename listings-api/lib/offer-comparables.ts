import { sql } from 'kysely';
import type { Comparables, Lang, NatureId } from '../../shared/contract';
import { MIN_COMPARABLES } from '../../shared/purchase-costs';
import type { Db } from '../db/connection';
import type { Reference } from './reference';

// How an offer's price compares: the median price per m² (sale price, or monthly rent) of the
// active offers of its nature and rubrique in its city, else in its département when the city
// has fewer than MIN_COMPARABLES, the offer itself left out, offers without a surface or with a
// hidden price too. One indexed read of the offer_price_medians view (migration 028), rebuilt
// with the offer counts when offers change.

export interface ComparableScope {
  city: { id: number; ids: number[] } | null;
  departement: { id: number; code: string | null; ids: number[] } | null;
}

/** A place and every place below it. */
function subtree(ref: Reference, id: number): number[] {
  const ids: number[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    ids.push(next);
    stack.push(...(ref.lieuChildren.get(next) ?? []));
  }
  return ids;
}

/** The city and the département of a place (the place itself or its nearest ancestors). */
export function comparableScope(ref: Reference, lieuId: number): ComparableScope {
  const lieu = ref.lieux.get(lieuId);
  if (!lieu) return { city: null, departement: null };
  const chain = [lieu, ...[...lieu.ancestors].reverse().flatMap((id) => ref.lieux.get(id) ?? [])];
  const city = chain.find((place) => place.type === 'Villes');
  const dep = chain.find((place) => place.type === 'Departements');
  return {
    city: city ? { id: city.id, ids: subtree(ref, city.id) } : null,
    departement: dep ? { id: dep.id, code: dep.code, ids: subtree(ref, dep.id) } : null,
  };
}

interface MedianRow {
  lieu_id: number;
  n: number;
  first_index: number;
  middle: number[];
}

/** The part of an offer that decides whether it is one of its own group's comparables. */
export interface ComparableOffer {
  nature: NatureId;
  rubriqueId: number;
  lieuId: number;
  /** Its price per m² when it counts among the comparables (active, surface, shown price). */
  perM2: number | null;
}

/**
 * The median of a sorted list of `n` values of which `middle` holds those from `first` on (four
 * around the middle), with one value `without` left out (null: none), and the count left.
 */
export function medianWithout(
  n: number,
  first: number,
  middle: readonly number[],
  without: number | null,
): { count: number; median: number | null } {
  const values = [...middle];
  let offset = first;
  if (without !== null && n > 0) {
    const at = values.indexOf(without);
    if (at >= 0) values.splice(at, 1);
    // Below the window: every value of the window moves one place down.
    else if (without < values[0]!) offset -= 1;
    n -= 1;
  }
  if (n <= 0) return { count: 0, median: null };
  const value = (index: number) => values[index - offset];
  const half = Math.floor(n / 2);
  const median = n % 2 ? value(half) : (value(half - 1)! + value(half)!) / 2;
  return { count: n, median: median ?? null };
}

/** The comparables of an offer, or null when fewer than MIN_COMPARABLES (or not priced by m²). */
export async function selectComparables(
  db: Db,
  ref: Reference,
  offer: ComparableOffer,
  lang: Lang,
): Promise<Comparables | null> {
  if (offer.nature === 'S') return null;
  const scope = comparableScope(ref, offer.lieuId);
  const ids = [scope.city?.id, scope.departement?.id].filter((id) => id !== undefined);
  if (ids.length === 0) return null;
  const rows = await db.prepared(sql<MedianRow>`
    SELECT lieu_id, n, first_index, middle FROM offer_price_medians
    WHERE nature = ${offer.nature} AND rubrique_id = ${offer.rubriqueId}::integer
      AND lieu_id = ANY(${ids}::int[])`);
  const of = (id: number | undefined) => {
    const row = rows.find((r) => r.lieu_id === id);
    return row
      ? medianWithout(row.n, row.first_index, row.middle.map(Number), offer.perM2)
      : { count: 0, median: null };
  };
  const city = of(scope.city?.id);
  const dep = of(scope.departement?.id);
  const place = (id: number) => {
    const lieu = ref.lieux.get(id)!;
    return { id, libelle: lang === 'en' ? lieu.libelle_en : lieu.libelle_fr };
  };
  if (scope.city && city.count >= MIN_COMPARABLES && city.median !== null) {
    return {
      scope: 'city',
      lieu: place(scope.city.id),
      count: city.count,
      medianPerM2: Math.round(city.median),
    };
  }
  if (scope.departement && dep.count >= MIN_COMPARABLES && dep.median !== null) {
    return {
      scope: 'departement',
      lieu: place(scope.departement.id),
      count: dep.count,
      medianPerM2: Math.round(dep.median),
    };
  }
  return null;
}
