import type { Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { LieuxTable, NaturesTable, RubriquesTable } from '../db/types';
import type { Nature, NatureId, Rubrique } from '../../shared/contract';

// Reference tables read by most requests: natures, rubriques, places and omr lists (a few
// thousand rows in all). They change only with a new seed or import, so they are kept in memory
// for a short while (and dropped when offers change): resolving places, zones and breadcrumbs
// costs no database round trip.

export interface Reference {
  natures: Nature[];
  rubriques: Map<number, Selectable<RubriquesTable>>;
  /** The generic root rubrique: every other one sits below it. */
  genericRubriqueId: number;
  rubriquesTree: Rubrique;
  genericLieu: Selectable<LieuxTable>;
  lieux: Map<number, Selectable<LieuxTable>>;
  lieuxBySlug: Map<string, Selectable<LieuxTable>>;
  /** place id → its children (by parent_id). */
  lieuChildren: Map<number, number[]>;
  /** omr list id → its places. */
  omrLists: Map<number, number[]>;
}

export interface ReferenceCache {
  get(): Promise<Reference>;
  clear(): void;
}

export function createReferenceCache(db: Db, ttlMs = 60_000): ReferenceCache {
  let cached: { at: number; value: Promise<Reference> } | null = null;
  return {
    get() {
      if (!cached || Date.now() - cached.at > ttlMs) {
        const value = loadReference(db);
        cached = { at: Date.now(), value };
        // A failed load is not kept.
        value.catch(() => {
          if (cached?.value === value) cached = null;
        });
      }
      return cached.value;
    },
    clear() {
      cached = null;
    },
  };
}

async function loadReference(db: Db): Promise<Reference> {
  const [natureRows, rubriqueRows, lieuRows, omrRows] = await Promise.all([
    db.kysely.selectFrom('natures').selectAll().orderBy('position').execute(),
    db.kysely.selectFrom('rubriques').selectAll().orderBy('position').orderBy('id').execute(),
    db.kysely.selectFrom('lieux').selectAll().orderBy('id').execute(),
    db.kysely.selectFrom('omr_lists').select(['id', 'lieux']).execute(),
  ]);
  const generic =
    rubriqueRows.find((r) => r.is_generic) ?? rubriqueRows.find((r) => r.parent_id === null);
  if (!generic) throw new Error('the rubriques table has no generic root');
  const genericLieu = lieuRows.find((row) => row.type === 'Generic');
  if (!genericLieu) throw new Error('the lieux table has no generic place');
  return {
    natures: natureRows.map((row: Selectable<NaturesTable>) => ({
      id: row.id,
      slug: { fr: row.slug_fr, en: row.slug_en },
      libelle: { fr: row.libelle_fr, en: row.libelle_en },
    })),
    rubriques: new Map(rubriqueRows.map((row) => [row.id, row])),
    genericRubriqueId: generic.id,
    rubriquesTree: buildRubriqueTree(rubriqueRows, generic.id),
    genericLieu,
    lieux: new Map(lieuRows.map((row) => [row.id, row])),
    lieuxBySlug: new Map(lieuRows.map((row) => [row.slug, row])),
    lieuChildren: groupChildren(lieuRows),
    omrLists: new Map(omrRows.map((row) => [row.id, row.lieux])),
  };
}

function groupChildren(rows: Selectable<LieuxTable>[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const list = children.get(row.parent_id);
    if (list) list.push(row.id);
    else children.set(row.parent_id, [row.id]);
  }
  return children;
}

function buildRubriqueTree(rows: Selectable<RubriquesTable>[], rootId: number): Rubrique {
  const nodes = new Map<number, Rubrique>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        slug: { fr: row.slug_fr, en: row.slug_en },
        libelle: { fr: row.libelle_fr, en: row.libelle_en },
        plural: { fr: row.plural_fr, en: row.plural_en },
        nature: row.natures as NatureId[],
        parent: row.parent_id,
        isGeneric: row.id === rootId,
        children: [],
      },
    ]),
  );
  const root = nodes.get(rootId)!;
  for (const row of rows) {
    if (row.id === rootId) continue;
    // Rubriques without a parent hang under the generic root.
    const parent = nodes.get(row.parent_id ?? rootId) ?? root;
    parent.children.push(nodes.get(row.id)!);
  }
  return root;
}

/** The rubrique ids of a list that no other listed rubrique contains (their subtrees are disjoint). */
export function topmostRubriques(ref: Reference, ids: number[]): number[] {
  const listed = new Set(ids);
  return ids.filter((id) => {
    let parent = ref.rubriques.get(id)?.parent_id ?? null;
    const seen = new Set<number>();
    while (parent !== null && !seen.has(parent)) {
      if (listed.has(parent)) return false;
      seen.add(parent);
      parent = ref.rubriques.get(parent)?.parent_id ?? null;
    }
    return true;
  });
}
