import type { Config, Lang, Nature, NatureId, Rubrique } from './contract';
import { LANGS } from './contract';

// Lookup tables over one /config answer, built once per config object and shared by the
// criteria pipeline and the route table (the config is read at startup and then reused).

export interface ConfigIndex {
  /** Every rubrique of the tree by id, the generic root included. */
  rubriques: ReadonlyMap<number, Rubrique>;
  generic: Rubrique;
  /** Id of the top-level category (a child of the generic root) of each rubrique; null for the root. */
  topLevel: ReadonlyMap<number, number | null>;
  /** Non-generic rubriques by language, nature and slug. */
  rubriqueBySlug: Record<Lang, ReadonlyMap<NatureId, ReadonlyMap<string, number>>>;
  natures: ReadonlyMap<NatureId, Nature>;
  natureBySlug: Record<Lang, ReadonlyMap<string, NatureId>>;
  /** Enabled natures known to the config, in settings order, without duplicates. */
  enabledNatures: readonly NatureId[];
  /** The first enabled nature; V when none is enabled. */
  defaultNature: NatureId;
  /** Asset keys of settings.formCriteriasAssets, in settings order. */
  assetKeys: readonly string[];
  assetOrder: ReadonlyMap<string, number>;
}

const cache = new WeakMap<Config, ConfigIndex>();

/** The lookup tables of a config (cached per config object). */
export function indexConfig(config: Config): ConfigIndex {
  const hit = cache.get(config);
  if (hit) return hit;

  const rubriques = new Map<number, Rubrique>();
  const topLevel = new Map<number, number | null>();
  const rubriqueBySlug = Object.fromEntries(
    LANGS.map((lang) => [lang, new Map<NatureId, Map<string, number>>()]),
  ) as Record<Lang, Map<NatureId, Map<string, number>>>;

  const visit = (r: Rubrique, top: number | null, depth: number) => {
    if (rubriques.has(r.id)) return; // a cycle or a repeated node: keep the first
    rubriques.set(r.id, r);
    topLevel.set(r.id, top);
    if (depth > 0 && !r.isGeneric) {
      for (const lang of LANGS) {
        for (const nature of r.nature) {
          const bySlug = rubriqueBySlug[lang].get(nature) ?? new Map<string, number>();
          if (!bySlug.has(r.slug[lang])) bySlug.set(r.slug[lang], r.id);
          rubriqueBySlug[lang].set(nature, bySlug);
        }
      }
    }
    for (const child of r.children) visit(child, depth === 0 ? child.id : top, depth + 1);
  };
  visit(config.rubriquesTree, null, 0);

  const natures = new Map(config.natures.map((n) => [n.id, n]));
  const natureBySlug = Object.fromEntries(
    LANGS.map((lang) => [lang, new Map(config.natures.map((n) => [n.slug[lang], n.id]))]),
  ) as Record<Lang, Map<string, NatureId>>;
  const enabledNatures = [...new Set(config.settings.enabledNaturesIds)].filter((id) =>
    natures.has(id),
  );
  const assetKeys = [...new Set(config.settings.formCriteriasAssets.map((a) => a.key))];

  const index: ConfigIndex = {
    rubriques,
    generic: config.rubriquesTree,
    topLevel,
    rubriqueBySlug,
    natures,
    natureBySlug,
    enabledNatures,
    defaultNature: enabledNatures[0] ?? 'V',
    assetKeys,
    assetOrder: new Map(assetKeys.map((key, i) => [key, i])),
  };
  cache.set(config, index);
  return index;
}

/** Whether a rubrique id exists and applies to the nature. */
export function rubriqueAppliesTo(index: ConfigIndex, id: number, nature: NatureId): boolean {
  const r = index.rubriques.get(id);
  return r !== undefined && r.nature.includes(nature);
}
