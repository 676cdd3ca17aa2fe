import { sql } from 'kysely';
import type { Comparables, Lang, NatureId } from '../../shared/contract';
import { MIN_COMPARABLES } from '../../shared/purchase-costs';
import type { Db } from '../db/connection';
import type { Reference } from './reference';

// How an offer's price compares: the median price per m² (sale price, or monthly rent) of the
// active offers of its nature and rubrique in its city, else in its département when the city
// has fewer than MIN_COMPARABLES, the offer itself left out, offers without a surface or with a
// hidden price too. One statement, read from the index of migration 021: the département is
// read only when the city falls short.

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

interface ComparablesRow {
  city_n: number;
  city_median: number | null;
  dep_n: number | null;
  dep_median: number | null;
}

/** The comparables of an offer, or null when fewer than MIN_COMPARABLES (or not priced by m²). */
export async function selectComparables(
  db: Db,
  ref: Reference,
  offer: { id: number; nature: NatureId; rubriqueId: number; lieuId: number },
  lang: Lang,
): Promise<Comparables | null> {
  if (offer.nature === 'S') return null;
  const scope = comparableScope(ref, offer.lieuId);
  if (!scope.city && !scope.departement) return null;
  const amount = offer.nature === 'V' ? sql.ref('o.price') : sql.ref('o.monthly_rent');
  const of = (ids: number[]) => sql`
    SELECT count(${amount})::integer AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${amount}::float8 / o.surface) AS median
    FROM offers o
    WHERE o.status = 'active' AND o.surface > 0 AND NOT o.prix_cache
      AND o.nature = ${offer.nature} AND o.rubrique_id = ${offer.rubriqueId}::integer
      AND o.lieu_id = ANY(${ids}::int[]) AND o.id <> ${offer.id}::integer`;
  // The département's part runs only when the city's count falls short (a one-time filter).
  const [row] = await db.prepared(sql<ComparablesRow>`
    SELECT city.n AS city_n, city.median AS city_median, dep.n AS dep_n, dep.median AS dep_median
    FROM (${of(scope.city?.ids ?? [])}) city
    LEFT JOIN LATERAL (${of(scope.departement?.ids ?? [])}
      AND city.n < ${MIN_COMPARABLES}::integer) dep ON true`);
  if (!row) return null;
  const place = (id: number) => {
    const lieu = ref.lieux.get(id)!;
    return { id, libelle: lang === 'en' ? lieu.libelle_en : lieu.libelle_fr };
  };
  if (scope.city && row.city_n >= MIN_COMPARABLES && row.city_median !== null) {
    return {
      scope: 'city',
      lieu: place(scope.city.id),
      count: row.city_n,
      medianPerM2: Math.round(row.city_median),
    };
  }
  if (scope.departement && (row.dep_n ?? 0) >= MIN_COMPARABLES && row.dep_median !== null) {
    return {
      scope: 'departement',
      lieu: place(scope.departement.id),
      count: row.dep_n ?? 0,
      medianPerM2: Math.round(row.dep_median),
    };
  }
  return null;
}
