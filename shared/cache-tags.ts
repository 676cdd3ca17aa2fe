import type { NatureId } from './contract';

// Edge cache tag names shared by the web app (which sends them with each page) and the listings
// API (whose imports record the tags their changes invalidate, served by GET /changes).

export const offerTag = (id: number) => `offre-${id}`;
export const agencyTag = (id: number) => `agence-${id}`;
export const lieuTag = (id: number) => `lieu-${id}`;

/**
 * The tags of a result list: one per place searched (a change of an offer in that place's subtree
 * purges it), else one per rubrique, else the nature's. A list of a place and rubriques carries
 * the place's tag only: any offer that can enter or leave it lies under that place.
 */
export function listTags(list: {
  nature: NatureId;
  lieux?: readonly number[];
  rubriques?: readonly number[];
}): string[] {
  if (list.lieux?.length) return list.lieux.map((id) => `liste-${list.nature}-lieu-${id}`);
  if (list.rubriques?.length)
    return list.rubriques.map((id) => `liste-${list.nature}-rubrique-${id}`);
  return [`liste-${list.nature}`];
}

/**
 * Every tag a change of this offer invalidates: its own page, its agency's pages, and each list
 * it may appear in (its nature's, each place of its place path, each rubrique of its rubrique
 * path).
 */
export function offerChangeTags(offer: {
  id: number;
  agencyId: number;
  nature: NatureId;
  lieuPath: readonly number[];
  rubriquePath: readonly number[];
}): string[] {
  return [
    offerTag(offer.id),
    agencyTag(offer.agencyId),
    `liste-${offer.nature}`,
    ...offer.lieuPath.map((id) => `liste-${offer.nature}-lieu-${id}`),
    ...offer.rubriquePath.map((id) => `liste-${offer.nature}-rubrique-${id}`),
  ];
}
