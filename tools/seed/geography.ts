import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LieuType, LieuxTable, OmrListsTable } from '../../listings-api/db/types';
import type { SeedRow } from './rows';
import { NATURES, RESERVED_ROUTE_WORDS, RUBRIQUES } from './catalog';
import {
  CSC_NAME_ALIASES,
  DEPARTEMENT_PREP_FR,
  FOREIGN_CITIES,
  FOREIGN_COUNTRIES,
  FRANCE,
  HOTSPOT_COMMUNES,
  LIEUDITS,
  OMR_LISTS,
  PLAQUES,
  POPULATION_THRESHOLD,
  QUARTIERS,
  REGION_EN,
  REGION_PREP_FR,
  ZONES,
  type CommuneKey,
  type SubPlaceSeed,
} from './places';
import { kebab, normalizeForSearch } from '../../listings-api/lib/text';
import { communePrepFr, departementPrepFr, regionPrepFr, searchName } from './text';

// The lieux of the portal, built from real data:
// - regions, departments, communes and municipal arrondissements from @etalab/decoupage-administratif
//   (names, INSEE codes, postcodes, population);
// - coordinates from country-state-city, matched by name within the region. A commune with no
//   unambiguous match takes the average of the matched communes of its department (overseas
//   departments, which the package does not cover, take the department's own coordinates); Paris
//   and Lyon arrondissements, quartiers and lieux-dits without a match take their parent's.
//   Departments, regions, plaques and zones sit at the average of what they contain.
//
// The tree (parent_id) is administrative: Generic > Pays > Regions > Departements > Villes >
// Arrondissements/Lieudits > Quartiers; foreign cities hang directly under their country.
// `ancestors` lists every lieu containing this one, root first: the administrative chain plus the
// plaques it belongs to, placed just after the country (the spec's order Pays > Plaques > Regions).
// A plaque's parent is its country; a department in a plaque passes it on to all its communes,
// and a plaque made of communes is an ancestor of those communes only. The generic lieu is the
// root of everything, so a subtree query on it matches every offer, as the default lieu must.
// Zones are not ancestors of anything: a zone lists its members in `lieux`, and a zone search is
// `lieu_path && zone.lieux`.

export type LieuRow = SeedRow<LieuxTable>;

export type OmrListRow = SeedRow<OmrListsTable>;

export interface Geography {
  lieux: LieuRow[];
  omrLists: OmrListRow[];
  byId: ReadonlyMap<number, LieuRow>;
  bySlug: ReadonlyMap<string, LieuRow>;
  genericId: number;
  franceId: number;
  /** Department code of every French lieu at or below department level. */
  departementOf: ReadonlyMap<number, string>;
}

export const GENERIC_LIEU = {
  slug: 'france-et-international',
  fr: 'France et international',
  en: 'France and abroad',
  prepFr: "en France et à l'international",
  prepEn: 'in France and abroad',
} as const;

// Id blocks keep ids readable and stable whatever the offer count.
const ID = {
  generic: 1,
  france: 2,
  foreignCountries: 3,
  plaques: 20,
  regions: 40,
  departements: 100,
  communes: 1000,
  arrondissements: 5000,
  quartiers: 5100,
  lieudits: 5200,
  zones: 5300,
  foreignCities: 6000,
} as const;

interface EtalabRegion {
  code: string;
  nom: string;
  typeLiaison: number;
  zone: string;
}
interface EtalabDepartement extends EtalabRegion {
  region: string;
}
interface EtalabCommune {
  code: string;
  nom: string;
  typeLiaison: number;
  zone: string;
  type: string;
  departement: string;
  region: string;
  commune?: string;
  codesPostaux?: string[];
  population?: number;
}
type CscCity = [name: string, country: string, state: string, lat: string, lng: string];
interface CscPlace {
  isoCode: string;
  countryCode?: string;
  latitude?: string | null;
  longitude?: string | null;
}

const require = createRequire(import.meta.url);
function loadJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

// etalab region code → country-state-city state code (the package files French cities by region).
const CSC_REGION: Readonly<Record<string, string>> = {
  '11': 'IDF',
  '24': 'CVL',
  '27': 'BFC',
  '28': 'NOR',
  '32': 'HDF',
  '44': 'GES',
  '52': 'PDL',
  '53': 'BRE',
  '75': 'NAQ',
  '76': 'OCC',
  '84': 'ARA',
  '93': 'PAC',
  '94': '20R',
};

function cscKey(name: string): string {
  return normalizeForSearch(name.replace(/’/g, "'"));
}

function round5(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

type LatLng = { lat: number; lng: number };

function average(points: ReadonlyArray<LatLng | null>): LatLng | null {
  const known = points.filter((p): p is LatLng => p !== null);
  if (known.length === 0) return null;
  const lat = known.reduce((s, p) => s + p.lat, 0) / known.length;
  const lng = known.reduce((s, p) => s + p.lng, 0) / known.length;
  return { lat: round5(lat), lng: round5(lng) };
}

/** A row's coordinates: null where they are not known. */
function latLng(point: LatLng | null | undefined): { lat: number | null; lng: number | null } {
  return { lat: point?.lat ?? null, lng: point?.lng ?? null };
}

/** The point of a row whose coordinates are both known, else null. */
function pointOf(row: { lat: number | null; lng: number | null }): LatLng | null {
  return row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** A row's names and "in …" phrases, from a seed that writes them out. */
function labels(seed: { fr: string; en: string; prepFr: string; prepEn: string }) {
  return {
    libelle_fr: seed.fr,
    libelle_en: seed.en,
    libelle_prep_fr: seed.prepFr,
    libelle_prep_en: seed.prepEn,
  };
}

function ordinalFr(n: number): string {
  return n === 1 ? '1er' : `${n}e`;
}
function ordinalEn(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

let cached: Geography | undefined;

/** The lieux and omr lists of the seed; built once per process (about 0.5 s). */
export function buildGeography(): Geography {
  cached ??= build();
  return cached;
}

function build(): Geography {
  const regions = loadJson<EtalabRegion[]>(
    '@etalab/decoupage-administratif/data/regions.json',
  ).filter((r) => r.zone === 'metro' || r.zone === 'drom');
  const departements = loadJson<EtalabDepartement[]>(
    '@etalab/decoupage-administratif/data/departements.json',
  ).filter((d) => d.zone === 'metro' || d.zone === 'drom');
  const allCommunes = loadJson<EtalabCommune[]>(
    '@etalab/decoupage-administratif/data/communes.json',
  );
  const cscCities = loadJson<CscCity[]>('country-state-city/lib/assets/city.json');
  const cscStates = loadJson<CscPlace[]>('country-state-city/lib/assets/state.json');
  const cscCountries = loadJson<CscPlace[]>('country-state-city/lib/assets/country.json');

  const depCodes = new Set(departements.map((d) => d.code));
  const communes = allCommunes.filter(
    (c) => c.type === 'commune-actuelle' && depCodes.has(c.departement),
  );
  const communesOfDep = new Map<string, EtalabCommune[]>();
  const populationOfDep = new Map<string, number>();
  const populationOfRegion = new Map<string, number>();
  for (const c of communes) {
    const list = communesOfDep.get(c.departement);
    if (list) list.push(c);
    else communesOfDep.set(c.departement, [c]);
    populationOfDep.set(
      c.departement,
      (populationOfDep.get(c.departement) ?? 0) + (c.population ?? 0),
    );
    populationOfRegion.set(c.region, (populationOfRegion.get(c.region) ?? 0) + (c.population ?? 0));
  }
  const arrondissements = allCommunes.filter((c) => c.type === 'arrondissement-municipal');

  // --- coordinates ------------------------------------------------------------------------
  const cscCountriesUsed = new Set(['FR', ...FOREIGN_COUNTRIES.map((c) => c.iso)]);
  const cscByKey = new Map<string, LatLng[]>();
  for (const [name, country, state, lat, lng] of cscCities) {
    if (!cscCountriesUsed.has(country)) continue;
    const key = `${country}|${state}|${cscKey(name)}`;
    const list = cscByKey.get(key) ?? [];
    list.push({ lat: round5(Number(lat)), lng: round5(Number(lng)) });
    cscByKey.set(key, list);
  }
  /** A unique city of that name in that state (several entries within 2 km count as one). */
  function cscCity(country: string, state: string, name: string): LatLng | null {
    const list = cscByKey.get(`${country}|${state}|${cscKey(name)}`);
    if (!list || list.length === 0) return null;
    const first = list[0] as LatLng;
    const spread = list.every(
      (p) => Math.abs(p.lat - first.lat) < 0.02 && Math.abs(p.lng - first.lng) < 0.03,
    );
    return spread ? first : null;
  }
  const frStateCoords = new Map<string, LatLng>();
  for (const s of cscStates) {
    if (s.countryCode === 'FR' && s.latitude && s.longitude) {
      frStateCoords.set(s.isoCode, {
        lat: round5(Number(s.latitude)),
        lng: round5(Number(s.longitude)),
      });
    }
  }
  const countryCoords = new Map<string, LatLng>();
  for (const c of cscCountries) {
    if (c.latitude && c.longitude) {
      countryCoords.set(c.isoCode, {
        lat: round5(Number(c.latitude)),
        lng: round5(Number(c.longitude)),
      });
    }
  }

  // Names that appear twice in a region cannot be matched by name alone.
  const nameCount = new Map<string, number>();
  for (const c of communes) {
    const k = `${c.region}|${cscKey(c.nom)}`;
    nameCount.set(k, (nameCount.get(k) ?? 0) + 1);
  }
  const matched = new Map<string, LatLng>(); // commune code → coordinates
  for (const c of communes) {
    const state = CSC_REGION[c.region];
    if (!state) continue;
    const alias = CSC_NAME_ALIASES[`${c.departement}:${c.nom}`];
    if (!alias && (nameCount.get(`${c.region}|${cscKey(c.nom)}`) ?? 0) > 1) continue;
    const p = cscCity('FR', state, alias ?? c.nom);
    if (p) matched.set(c.code, p);
  }
  const depAverage = new Map<string, LatLng | null>();
  for (const d of departements) {
    const points = (communesOfDep.get(d.code) ?? []).map((c) => matched.get(c.code) ?? null);
    // Overseas departments have no city in the package: their own coordinates stand in.
    depAverage.set(d.code, average(points) ?? frStateCoords.get(d.code) ?? null);
  }

  // --- slugs --------------------------------------------------------------------------------
  const taken = new Set<string>([
    ...RESERVED_ROUTE_WORDS,
    ...NATURES.flatMap((n) => [n.slug_fr, n.slug_en]),
    ...RUBRIQUES.flatMap((r) => [r.slug_fr, r.slug_en]),
  ]);
  function claim(slug: string, fallback?: string): string {
    if (!taken.has(slug)) {
      taken.add(slug);
      return slug;
    }
    if (fallback && !taken.has(fallback)) {
      taken.add(fallback);
      return fallback;
    }
    throw new Error(`lieu slug '${slug}' is already taken`);
  }

  const lieux: LieuRow[] = [];
  const byId = new Map<number, LieuRow>();
  const bySlug = new Map<string, LieuRow>();
  const departementOf = new Map<number, string>();
  function add(row: Omit<LieuRow, 'search_name'> & { search_name?: string }): LieuRow {
    const full: LieuRow = {
      ...row,
      search_name: row.search_name ?? searchName(row.libelle_fr, row.libelle_en),
    };
    lieux.push(full);
    byId.set(full.id, full);
    bySlug.set(full.slug, full);
    return full;
  }
  const base = {
    lieux: [] as number[],
    code: null,
    postcodes: [] as string[],
    population: 0,
    omr_list_id: null,
    is_foreign_country: false,
  };

  // --- generic, countries -------------------------------------------------------------------
  const generic = add({
    ...base,
    id: ID.generic,
    slug: claim(GENERIC_LIEU.slug),
    type: 'Generic',
    parent_id: null,
    ancestors: [],
    ...labels(GENERIC_LIEU),
    lat: null,
    lng: null,
  });
  const countryPopulationFr = communes.reduce((s, c) => s + (c.population ?? 0), 0);
  const france = add({
    ...base,
    id: ID.france,
    slug: claim(FRANCE.slug),
    type: 'Pays',
    parent_id: generic.id,
    ancestors: [generic.id],
    code: FRANCE.iso,
    ...labels(FRANCE),
    ...latLng(countryCoords.get('FR')),
    population: countryPopulationFr,
  });
  const countries = new Map<string, LieuRow>();
  FOREIGN_COUNTRIES.forEach((c, i) => {
    const p = countryCoords.get(c.iso) ?? null;
    countries.set(
      c.iso,
      add({
        ...base,
        id: ID.foreignCountries + i,
        slug: claim(c.slug),
        type: 'Pays',
        parent_id: generic.id,
        ancestors: [generic.id],
        code: c.iso,
        ...labels(c),
        ...latLng(p),
        population: c.population,
        is_foreign_country: true,
      }),
    );
  });

  // --- plaques ------------------------------------------------------------------------------
  const communeByKey = new Map<string, EtalabCommune>();
  for (const c of communes) communeByKey.set(`${c.departement}:${c.nom}`, c);
  function communeOf(key: CommuneKey): EtalabCommune {
    const c = communeByKey.get(`${key[0]}:${key[1]}`);
    if (!c) throw new Error(`unknown commune ${key[1]} (${key[0]})`);
    return c;
  }
  const plaqueOfDep = new Map<string, number>();
  const plaqueOfCommune = new Map<string, number>();
  PLAQUES.forEach((p, i) => {
    const id = ID.plaques + i;
    const memberCommunes = (p.communes ?? []).map(communeOf);
    for (const d of p.departements ?? []) plaqueOfDep.set(d, id);
    for (const c of memberCommunes) plaqueOfCommune.set(c.code, id);
    const inDeps = (p.departements ?? []).flatMap((d) => communesOfDep.get(d) ?? []);
    const coords = p.departements
      ? average(p.departements.map((d) => depAverage.get(d) ?? null))
      : average(
          memberCommunes.map((c) => matched.get(c.code) ?? depAverage.get(c.departement) ?? null),
        );
    add({
      ...base,
      id,
      slug: claim(p.slug),
      type: 'Plaques',
      parent_id: france.id,
      ancestors: [generic.id, france.id],
      ...labels(p),
      ...latLng(coords),
      population: [...inDeps, ...memberCommunes].reduce((s, c) => s + (c.population ?? 0), 0),
    });
  });

  // --- regions --------------------------------------------------------------------------------
  const regionRow = new Map<string, LieuRow>();
  regions
    .slice()
    .sort((a, b) => a.code.localeCompare(b.code))
    .forEach((r, i) => {
      const en = REGION_EN[r.code] ?? r.nom;
      const deps = departements.filter((d) => d.region === r.code);
      const coords = average(deps.map((d) => depAverage.get(d.code) ?? null));
      regionRow.set(
        r.code,
        add({
          ...base,
          id: ID.regions + i,
          slug: claim(kebab(r.nom), `${kebab(r.nom)}-region`),
          type: 'Regions',
          parent_id: france.id,
          ancestors: [generic.id, france.id],
          code: r.code,
          libelle_fr: r.nom,
          libelle_en: en,
          libelle_prep_fr: REGION_PREP_FR[r.code] ?? regionPrepFr(r.nom, r.typeLiaison),
          libelle_prep_en: `in ${en}`,
          ...latLng(coords),
          population: populationOfRegion.get(r.code) ?? 0,
        }),
      );
    });

  // --- communes (slugs by population so the larger town keeps the plain name) ---------------
  const hotspotCodes = new Set(HOTSPOT_COMMUNES.map((k) => communeOf(k).code));
  const kept = communes.filter(
    (c) => (c.population ?? 0) >= POPULATION_THRESHOLD || hotspotCodes.has(c.code),
  );
  const communeSlug = new Map<string, string>();
  for (const c of kept
    .slice()
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0) || a.code.localeCompare(b.code))) {
    communeSlug.set(c.code, claim(kebab(c.nom), `${kebab(c.nom)}-${c.departement.toLowerCase()}`));
  }
  const arrondissementSlug = new Map<string, string>();
  for (const a of arrondissements) arrondissementSlug.set(a.code, claim(kebab(a.nom)));

  // --- departments (after communes: the town 'paris' keeps its name) -----------------------
  const depRow = new Map<string, LieuRow>();
  departements
    .slice()
    .sort((a, b) => a.code.localeCompare(b.code))
    .forEach((d, i) => {
      const region = regionRow.get(d.region);
      if (!region) throw new Error(`department ${d.code} without region`);
      const plaque = plaqueOfDep.get(d.code);
      const coords = depAverage.get(d.code) ?? null;
      const row = add({
        ...base,
        id: ID.departements + i,
        slug: claim(kebab(d.nom), `${kebab(d.nom)}-${d.code.toLowerCase()}`),
        type: 'Departements',
        parent_id: region.id,
        ancestors: [generic.id, france.id, ...(plaque ? [plaque] : []), region.id],
        code: d.code,
        libelle_fr: d.nom,
        libelle_en: d.nom,
        libelle_prep_fr: DEPARTEMENT_PREP_FR[d.code] ?? departementPrepFr(d.nom, d.typeLiaison),
        libelle_prep_en: `in ${d.nom}`,
        ...latLng(coords),
        population: populationOfDep.get(d.code) ?? 0,
      });
      depRow.set(d.code, row);
      departementOf.set(row.id, d.code);
    });

  const communeRow = new Map<string, LieuRow>();
  kept
    .slice()
    .sort((a, b) => a.code.localeCompare(b.code))
    .forEach((c, i) => {
      const dep = depRow.get(c.departement);
      const region = regionRow.get(c.region);
      if (!dep || !region) throw new Error(`commune ${c.code} outside the departments`);
      const plaque = plaqueOfCommune.get(c.code);
      const ancestors = [...dep.ancestors, dep.id];
      if (plaque) ancestors.splice(2, 0, plaque);
      const coords = matched.get(c.code) ?? depAverage.get(c.departement) ?? null;
      const row = add({
        ...base,
        id: ID.communes + i,
        slug: communeSlug.get(c.code) as string,
        type: 'Villes',
        parent_id: dep.id,
        ancestors,
        code: c.code,
        postcodes: c.codesPostaux ?? [],
        libelle_fr: c.nom,
        libelle_en: c.nom,
        libelle_prep_fr: communePrepFr(c.nom, c.typeLiaison),
        libelle_prep_en: `in ${c.nom}`,
        ...latLng(coords),
        population: c.population ?? 0,
      });
      communeRow.set(c.code, row);
      departementOf.set(row.id, c.departement);
    });

  // --- municipal arrondissements of Paris, Lyon, Marseille ----------------------------------
  arrondissements
    .slice()
    .sort((a, b) => a.code.localeCompare(b.code))
    .forEach((a, i) => {
      const city = communeRow.get(a.commune ?? '');
      if (!city) throw new Error(`arrondissement ${a.code} without its city`);
      const m = /^(.+) (\d+)(?:er|e) Arrondissement$/.exec(a.nom);
      if (!m) throw new Error(`unexpected arrondissement name ${a.nom}`);
      const cityName = m[1] as string;
      const n = Number(m[2]);
      // Marseille's arrondissements are in the package as 'Marseille 01'...; Paris and Lyon's are not.
      const own = cscCity(
        'FR',
        CSC_REGION[a.region] ?? '',
        `${cityName} ${String(n).padStart(2, '0')}`,
      );
      const coords = own ?? pointOf(city);
      const fr = `${cityName} ${ordinalFr(n)} arrondissement`;
      const en = `${cityName} ${ordinalEn(n)} arrondissement`;
      const row = add({
        ...base,
        id: ID.arrondissements + i,
        slug: arrondissementSlug.get(a.code) as string,
        type: 'Arrondissements',
        parent_id: city.id,
        ancestors: [...city.ancestors, city.id],
        code: a.code,
        postcodes: a.codesPostaux ?? [],
        libelle_fr: fr,
        libelle_en: en,
        libelle_prep_fr: `dans le ${ordinalFr(n)} arrondissement de ${cityName}`,
        libelle_prep_en: `in the ${ordinalEn(n)} arrondissement of ${cityName}`,
        ...latLng(coords),
        population: a.population ?? 0,
      });
      departementOf.set(row.id, a.departement);
    });

  // --- quartiers and lieux-dits --------------------------------------------------------------
  function addSubPlace(seed: SubPlaceSeed, id: number, type: LieuType): void {
    const parent = bySlug.get(seed.parent);
    if (!parent) throw new Error(`${seed.slug}: unknown parent ${seed.parent}`);
    const dep = departementOf.get(parent.id) as string;
    const region = departements.find((d) => d.code === dep)?.region ?? '';
    const own = seed.csc ? cscCity('FR', CSC_REGION[region] ?? '', seed.csc) : null;
    if (seed.csc && !own)
      throw new Error(`${seed.slug}: '${seed.csc}' not found in country-state-city`);
    const coords = own ?? pointOf(parent);
    const row = add({
      ...base,
      id,
      slug: claim(seed.slug),
      type,
      parent_id: parent.id,
      ancestors: [...parent.ancestors, parent.id],
      postcodes: seed.postcodes ? [...seed.postcodes] : parent.postcodes.slice(0, 1),
      ...labels(seed),
      ...latLng(coords),
    });
    departementOf.set(row.id, dep);
  }
  QUARTIERS.forEach((q, i) => addSubPlace(q, ID.quartiers + i, 'Quartiers'));
  LIEUDITS.forEach((l, i) => addSubPlace(l, ID.lieudits + i, 'Lieudits'));

  // --- zones ----------------------------------------------------------------------------------
  ZONES.forEach((z, i) => {
    const parent = bySlug.get(z.parent);
    if (!parent) throw new Error(`${z.slug}: unknown parent ${z.parent}`);
    const members = z.members.map((slug) => {
      const m = bySlug.get(slug);
      if (!m) throw new Error(`${z.slug}: unknown member ${slug}`);
      return m;
    });
    const coords = average(members.map(pointOf));
    add({
      ...base,
      id: ID.zones + i,
      slug: claim(z.slug),
      type: 'Zones',
      parent_id: parent.id,
      ancestors: [...parent.ancestors, parent.id],
      lieux: members.map((m) => m.id),
      ...labels(z),
      ...latLng(coords),
      population: members.reduce((s, m) => s + m.population, 0),
    });
  });

  // --- foreign cities -------------------------------------------------------------------------
  FOREIGN_CITIES.forEach((c, i) => {
    const country = countries.get(c.iso);
    if (!country) throw new Error(`${c.slug}: unknown country ${c.iso}`);
    const own = c.csc ? cscCity(c.iso, c.csc[1], c.csc[0]) : null;
    if (c.csc && !own) throw new Error(`${c.slug}: '${c.csc[0]}' not found in country-state-city`);
    const coords = own ?? countryCoords.get(c.iso) ?? null;
    add({
      ...base,
      id: ID.foreignCities + i,
      slug: claim(c.slug),
      type: 'Villes',
      parent_id: country.id,
      ancestors: [generic.id, country.id],
      libelle_fr: c.fr,
      libelle_en: c.en,
      libelle_prep_fr: `à ${c.fr}`,
      libelle_prep_en: `in ${c.en}`,
      ...latLng(coords),
      population: c.population,
    });
  });

  // --- omr lists --------------------------------------------------------------------------------
  const omrLists: OmrListRow[] = OMR_LISTS.map((l) => {
    const members = l.members.map((slug) => {
      const m = bySlug.get(slug);
      if (!m) throw new Error(`${l.slug}: unknown member ${slug}`);
      if (m.omr_list_id !== null) throw new Error(`${slug} is in two omr lists`);
      m.omr_list_id = l.id;
      return m.id;
    });
    return { id: l.id, slug: l.slug, name_fr: l.fr, name_en: l.en, lieux: members };
  });

  return {
    lieux,
    omrLists,
    byId,
    bySlug,
    genericId: generic.id,
    franceId: france.id,
    departementOf,
  };
}

/** The lieu and all its ancestors, root first: what offers and agencies store as lieu_path. */
export function lieuPath(lieu: LieuRow): number[] {
  return [...lieu.ancestors, lieu.id];
}
