import type {
  AgenciesTable,
  FeeScaleRow,
  NatureId,
  NetworksTable,
  OmrAgencyListsTable,
  ReviewsTable,
} from '../../listings-api/db/types';
import type { SeedRow } from './rows';
import { lieuPath, type Geography, type LieuRow } from './geography';
import { BUCKETS, type Bucket, type Spot } from './market';
import {
  AGENCY_INTRO,
  AGENCY_MORE,
  FIRST_NAMES_EN,
  FIRST_NAMES_FR,
  INDEPENDENT_NAMES,
  NAME_SUFFIXES,
  NETWORKS,
  REVIEWS_BAD,
  REVIEWS_GOOD,
  REVIEWS_MIXED,
  REVIEW_RESPONSES,
  REVIEW_SOURCES,
  STREETS_ABROAD,
  STREETS_FR,
} from './phrases';
import { hashSeed, Prng, WeightedTable } from './prng';
import { kebab, normalizeForSearch } from '../../listings-api/lib/text';

// Networks, agencies, their reviews and the curated agency lists. Agencies sit where offers are
// (the market's spots), in proportion to each bucket's share of offers.

export type NetworkRow = SeedRow<NetworksTable>;

export type AgencyRow = SeedRow<AgenciesTable, 'leads_email'>;

export type ReviewRow = SeedRow<ReviewsTable>;

export type OmrAgencyListRow = SeedRow<OmrAgencyListsTable>;

/** An agency as the offer generator needs it. */
export interface AgencyRef {
  id: number;
  active: boolean;
  /**
   * The agency's business volume, 0 to 100: agencies get offers in proportion to 1 + size / 25.
   * Seed input only; the directory's relevance is computed from the data (migration 006).
   */
  size: number;
  bucket: string;
  spot: string;
  feeScale: FeeScaleRow[];
}

export const AGENCY_COUNT = 300;
const INACTIVE_SHARE = 0.04;
const INDEPENDENT_SHARE = 0.15;

export function buildNetworks(): NetworkRow[] {
  return NETWORKS.map((n, i) => {
    const slug = kebab(n.name);
    return {
      id: i + 1,
      slug,
      name: n.name,
      description_fr: `${n.name} : ${n.fr}`,
      description_en: `${n.name}: ${n.en}`,
      // Names under the reserved .example domain (RFC 2606): plausible, never anyone's.
      website: `https://www.${slug}.example`,
    };
  });
}

/** Overall share of offers per bucket (natures weighted 70/18/12), used to spread agencies. */
function bucketWeight(b: Bucket): number {
  return 0.7 * b.share.V + 0.18 * b.share.L + 0.12 * b.share.S;
}

/** The commune (or foreign city) a lieu belongs to, for the agency's `ville`. */
function townOf(lieu: LieuRow, geo: Geography): LieuRow {
  let current: LieuRow | undefined = lieu;
  while (current && current.type !== 'Villes') {
    current = current.parent_id === null ? undefined : geo.byId.get(current.parent_id);
  }
  return current ?? lieu;
}

function countryOf(lieu: LieuRow, geo: Geography): LieuRow | undefined {
  return lieu.ancestors.map((id) => geo.byId.get(id)).find((l) => l?.type === 'Pays');
}

// Fictional telephone ranges reserved for fiction by the French regulator (ARCEP), by zone.
const FR_FICTION_PREFIX: Readonly<Record<string, string>> = {
  '1': '01 99 00',
  '2': '02 61 91',
  '3': '03 53 01',
  '4': '04 65 71',
  '5': '05 36 49',
};
const REGION_PHONE_ZONE: Readonly<Record<string, string>> = {
  '11': '1',
  '24': '2',
  '28': '2',
  '52': '2',
  '53': '2',
  '27': '3',
  '32': '3',
  '44': '3',
  '84': '4',
  '93': '4',
  '94': '4',
  '75': '5',
  '76': '5',
};
const FOREIGN_PHONE: Readonly<Record<string, (rng: Prng) => string>> = {
  CH: (r) => `+41 22 555 ${r.int(10, 99)} ${r.int(10, 99)}`,
  ES: (r) => `+34 952 555 ${r.int(100, 999)}`,
  IT: (r) => `+39 02 555 ${r.int(1000, 9999)}`,
  PT: (r) => `+351 21 555 ${r.int(1000, 9999)}`,
  GB: (r) => `+44 20 7946 0${r.int(100, 999)}`, // Ofcom's drama range
  BE: (r) => `+32 2 555 ${r.int(10, 99)} ${r.int(10, 99)}`,
  MC: (r) => `+377 93 55 ${r.int(10, 99)} ${r.int(10, 99)}`,
  MA: (r) => `+212 524 55 ${r.int(10, 99)} ${r.int(10, 99)}`,
  MU: (r) => `+230 555 ${r.int(1000, 9999)}`,
  US: (r) => `+1 212 555 01${r.int(10, 99)}`, // the 555-01xx fiction range
  GR: (r) => `+30 210 555 ${r.int(1000, 9999)}`,
  AE: (r) => `+971 4 555 ${r.int(1000, 9999)}`,
};

function phoneFor(lieu: LieuRow, geo: Geography, rng: Prng): string {
  const country = countryOf(lieu, geo);
  if (country && country.is_foreign_country && country.code) {
    const make = FOREIGN_PHONE[country.code];
    if (make) return make(rng);
  }
  const regionCode =
    lieu.ancestors.map((id) => geo.byId.get(id)).find((l) => l?.type === 'Regions')?.code ?? '11';
  const dep = geo.departementOf.get(lieu.id) ?? '';
  // Occitanie is split between 04 (east) and 05 (west).
  const zone = ['30', '34', '11', '66', '48'].includes(dep)
    ? '4'
    : (REGION_PHONE_ZONE[regionCode] ?? '1');
  const two = () => String(rng.int(0, 99)).padStart(2, '0');
  return `${FR_FICTION_PREFIX[zone]} ${two()} ${two()}`;
}

/** A barème: decreasing percentages by price band for sales, a percentage of the rent otherwise. */
function feeScale(rng: Prng): FeeScaleRow[] {
  const top = rng.float(5, 6.5);
  const bands: Array<[number, number | null]> = [
    [0, 200_000],
    [200_000, 500_000],
    [500_000, 1_000_000],
    [1_000_000, 3_000_000],
    [3_000_000, null],
  ];
  let percent = top;
  const rows: FeeScaleRow[] = bands.map(([from, to], i) => {
    if (i > 0) percent -= rng.float(0.3, 0.6);
    return {
      nature: 'V' as NatureId,
      from,
      to,
      percent: Math.max(3, Math.round(percent * 10) / 10),
      amount: null,
    };
  });
  // Rent: percentage of the yearly rent; seasonal rent: percentage of the stay.
  rows.push({ nature: 'L', from: 0, to: null, percent: rng.pick([10, 12, 15]), amount: null });
  rows.push({ nature: 'S', from: 0, to: null, percent: rng.pick([15, 20, 25]), amount: null });
  return rows;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

function jitter(value: number | null, rng: Prng, amplitude: number): number | null {
  if (value === null) return null;
  return Math.round((value + rng.float(-amplitude, amplitude)) * 1e5) / 1e5;
}

export interface AgencyData {
  networks: NetworkRow[];
  agencies: AgencyRow[];
  refs: AgencyRef[];
  reviews: ReviewRow[];
  omrAgencyLists: OmrAgencyListRow[];
}

export function buildAgencies(seed: number, geo: Geography, now: Date): AgencyData {
  const rng = new Prng(hashSeed(seed, 'agencies'));
  const networks = buildNetworks();
  const bucketTable = new WeightedTable(BUCKETS, bucketWeight);
  const spotTables = new Map(
    BUCKETS.map((b) => [b.key, new WeightedTable(b.spots, (s: Spot) => s.weight)]),
  );

  const agencies: AgencyRow[] = [];
  const refs: AgencyRef[] = [];
  const names = new Set<string>();
  const slugs = new Set<string>();
  const firstYear = 2003;
  const lastCreated = now.getTime() - 365 * 86_400_000;

  for (let id = 1; id <= AGENCY_COUNT; id++) {
    // Every bucket gets at least a few agencies, the rest follows the offers.
    const bucket =
      id <= BUCKETS.length * 3
        ? (BUCKETS[(id - 1) % BUCKETS.length] as Bucket)
        : bucketTable.pick(rng);
    const spot = (spotTables.get(bucket.key) as WeightedTable<Spot>).pick(rng);
    const lieu = geo.bySlug.get(spot.slug);
    if (!lieu) throw new Error(`unknown spot ${spot.slug}`);
    const town = townOf(lieu, geo);
    const network = rng.chance(INDEPENDENT_SHARE) ? null : (rng.pick(networks) as NetworkRow);
    const place =
      lieu.type === 'Arrondissements'
        ? lieu.libelle_fr.replace(/ arrondissement$/, '')
        : lieu.libelle_fr;
    let name = `${network ? network.name : rng.pick(INDEPENDENT_NAMES)} ${place}`;
    for (let n = 0; names.has(name); n++) {
      const suffix = NAME_SUFFIXES[n] ?? String(n + 2);
      name = `${network ? network.name : rng.pick(INDEPENDENT_NAMES)} ${place} ${suffix}`;
    }
    names.add(name);
    let slug = kebab(name);
    if (slugs.has(slug)) slug = `${slug}-${id}`;
    slugs.add(slug);

    const country = countryOf(lieu, geo);
    const foreign = country?.is_foreign_country ?? false;
    const streets = foreign ? (STREETS_ABROAD[country?.code ?? ''] ?? STREETS_FR) : STREETS_FR;
    const address = `${rng.int(1, 120)} ${rng.pick(streets)}`;
    const created = new Date(
      Date.UTC(firstYear, 0, 1) +
        Math.floor(rng.next() * (lastCreated - Date.UTC(firstYear, 0, 1))),
    );
    const values = {
      prep_fr: lieu.libelle_prep_fr,
      prep_en: lieu.libelle_prep_en,
      year: String(created.getUTCFullYear()),
      name,
    };
    const [introFr, introEn] = rng.pick(AGENCY_INTRO);
    const more = rng.sample(AGENCY_MORE, rng.int(1, 2));
    const active = !rng.chance(INACTIVE_SHARE);
    const size = rng.int(0, 100);
    const scale = feeScale(rng);
    agencies.push({
      id,
      slug,
      name,
      search_name: normalizeForSearch(`${name} ${town.libelle_fr}`),
      network_id: network?.id ?? null,
      address,
      cp: foreign ? '' : (lieu.postcodes[0] ?? town.postcodes[0] ?? ''),
      ville: town.libelle_fr,
      lieu_id: lieu.id,
      lieu_path: lieuPath(lieu),
      phone: phoneFor(lieu, geo, rng),
      email: `contact@${slug}.example`,
      website: rng.chance(0.8) ? `https://www.${slug}.example` : null,
      description_fr: [fill(introFr, values), ...more.map((m) => m[0])].join(' '),
      description_en: [fill(introEn, values), ...more.map((m) => m[1])].join(' '),
      fee_scale: scale,
      active,
      lat: jitter(lieu.lat, rng, 0.01),
      lng: jitter(lieu.lng, rng, 0.01),
      created_at: created,
      // Agencies abroad read their leads in English.
      lang: foreign ? 'en' : 'fr',
    });
    refs.push({ id, active, size, bucket: bucket.key, spot: spot.slug, feeScale: scale });
  }

  return {
    networks,
    agencies,
    refs,
    reviews: buildReviews(seed, agencies, now),
    omrAgencyLists: buildOmrAgencyLists(agencies, refs, geo),
  };
}

function buildReviews(seed: number, agencies: AgencyRow[], now: Date): ReviewRow[] {
  const rng = new Prng(hashSeed(seed, 'reviews'));
  const reviews: ReviewRow[] = [];
  const threeYears = 3 * 365 * 86_400_000;
  for (const agency of agencies) {
    const count = rng.chance(0.15) ? 0 : Math.min(20, Math.floor(rng.logUniform(1, 24)));
    for (let i = 0; i < count; i++) {
      const lang = rng.chance(0.7) ? 'fr' : 'en';
      const rating = rng.weighted(
        [5, 4, 3, 2, 1],
        (r) => ({ 5: 55, 4: 30, 3: 9, 2: 4, 1: 2 })[r] ?? 0,
      );
      const bank = rating >= 4 ? REVIEWS_GOOD : rating === 3 ? REVIEWS_MIXED : REVIEWS_BAD;
      const [title, body] = rng.pick(bank[lang]);
      const first = rng.pick(lang === 'fr' ? FIRST_NAMES_FR : FIRST_NAMES_EN);
      const initial = String.fromCharCode(65 + rng.int(0, 25));
      reviews.push({
        id: reviews.length + 1,
        agency_id: agency.id,
        lang,
        rating,
        author: `${first} ${initial}.`,
        title,
        body,
        response: rng.chance(rating <= 3 ? 0.7 : 0.35)
          ? rng.pick(REVIEW_RESPONSES[rating >= 4 ? 'good' : 'critical'][lang])
          : null,
        source: rng.pick(REVIEW_SOURCES),
        created_at: new Date(now.getTime() - Math.floor(rng.next() * threeYears)),
      });
    }
  }
  return reviews;
}

/** One editorial list per plaque (and Paris): its largest active agencies, largest first. */
function buildOmrAgencyLists(
  agencies: AgencyRow[],
  refs: AgencyRef[],
  geo: Geography,
): OmrAgencyListRow[] {
  const size = new Map(refs.map((r) => [r.id, r.size]));
  const sizeOf = (a: AgencyRow) => size.get(a.id) ?? 0;
  const places = [
    ...geo.lieux.filter((l) => l.type === 'Plaques'),
    geo.bySlug.get('paris') as LieuRow,
  ];
  return places.map((place, i) => ({
    id: i + 1,
    slug: `agences-${place.slug}`,
    name_fr: `Agences de prestige ${place.libelle_prep_fr}`,
    name_en: `Prestige agencies ${place.libelle_prep_en}`,
    lieu_id: place.id,
    agencies: agencies
      .filter((a) => a.active && a.lieu_path.includes(place.id))
      .sort((a, b) => sizeOf(b) - sizeOf(a) || a.id - b.id)
      .slice(0, 12)
      .map((a) => a.id),
  }));
}
