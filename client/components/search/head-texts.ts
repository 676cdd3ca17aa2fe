import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Config, Lang, NatureId } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { chosenRubriques, type SearchCriteria } from '../../../shared/criteria';
import type { PlaceView } from './load-search';

// Titles and descriptions of the search screens, built from nature, rubrique and place in each
// language ('Villas de luxe à vendre à Cannes' / 'Luxury villas for sale in Cannes').

const LIST_TITLES: Record<NatureId, (what: string, where: string) => MessageDescriptor> = {
  V: (what, where) => msg`${what} de luxe à vendre${where}`,
  L: (what, where) => msg`${what} de luxe à louer${where}`,
  S: (what, where) => msg`${what} de luxe en location saisonnière${where}`,
};

const LIST_DESCRIPTIONS: Record<NatureId, (what: string, where: string) => MessageDescriptor> = {
  V: (what, where) =>
    msg`${what} de prestige à vendre${where} : découvrez les biens d'exception proposés par les agences immobilières de luxe, avec photos, prix et descriptifs.`,
  L: (what, where) =>
    msg`${what} de prestige à louer${where} : découvrez les biens d'exception proposés par les agences immobilières de luxe, avec photos, loyers et descriptifs.`,
  S: (what, where) =>
    msg`${what} de prestige en location saisonnière${where} : découvrez les biens d'exception proposés par les agences immobilières de luxe, avec photos, tarifs et descriptifs.`,
};

const HUB_TITLES: Record<NatureId, (where: string) => MessageDescriptor> = {
  V: (where) => msg`Immobilier de luxe à vendre${where}`,
  L: (where) => msg`Immobilier de luxe à louer${where}`,
  S: (where) => msg`Immobilier de luxe en location saisonnière${where}`,
};

const HUB_DESCRIPTIONS: Record<NatureId, (where: string) => MessageDescriptor> = {
  V: (where) =>
    msg`Immobilier de prestige à vendre${where} : maisons, appartements, propriétés et autres biens d'exception, par catégorie et par lieu.`,
  L: (where) =>
    msg`Immobilier de prestige à louer${where} : maisons, appartements, propriétés et autres biens d'exception, par catégorie et par lieu.`,
  S: (where) =>
    msg`Immobilier de prestige en location saisonnière${where} : maisons, appartements, propriétés et autres biens d'exception, par catégorie et par lieu.`,
};

const nearbyPrep = (prep: string) => msg`${prep} et stations voisines`;

/** 'Megève et stations voisines' / 'Megève and nearby resorts': the wider list of a place. */
export const nearbyScopeLabel = (place: string) => msg`${place} et stations voisines`;

const pageSuffix = (title: string, page: number) => msg`${title} – page ${page}`;

/** ' à Cannes' / ' in Cannes'; empty for the generic place. */
export function whereText(place: Pick<PlaceView, 'generic' | 'libelle_prep'>): string {
  return place.generic || !place.libelle_prep ? '' : ` ${place.libelle_prep}`;
}

/** The plural label of the searched rubriques: one chosen rubrique, or the generic one. */
export function rubriqueLabel(criteria: SearchCriteria, config: Config, lang: Lang): string {
  const index = indexConfig(config);
  const chosen = chosenRubriques(criteria, config);
  const rubrique = chosen.length === 1 ? index.rubriques.get(chosen[0]!) : index.generic;
  return rubrique?.plural[lang] ?? index.generic.plural[lang];
}

/** Inside an English sentence the plural reads in lower case ('Luxury villas'); not in French. */
function inSentence(label: string, lang: Lang): string {
  if (lang === 'fr' || label.length < 2 || label[1] === label[1]!.toUpperCase()) return label;
  return label[0]!.toLowerCase() + label.slice(1);
}

export interface SearchTexts {
  /** The page's heading. */
  heading: string;
  /** The head title (with the page number above 1). */
  title: string;
  description: string;
}

export function listTexts(
  i18n: I18n,
  config: Config,
  lang: Lang,
  criteria: SearchCriteria,
  place: PlaceView,
): SearchTexts {
  const what = inSentence(rubriqueLabel(criteria, config, lang), lang);
  // The wider list of a place says so: 'à Megève et stations voisines'.
  const where =
    criteria.nearby && place.omr_list_id != null && !place.generic
      ? ` ${i18n._(nearbyPrep(place.libelle_prep))}`
      : whereText(place);
  const heading = i18n._(LIST_TITLES[criteria.nature](what, where));
  return {
    heading,
    title: criteria.page > 1 ? i18n._(pageSuffix(heading, criteria.page)) : heading,
    description: i18n._(LIST_DESCRIPTIONS[criteria.nature](what, where)),
  };
}

export function hubTexts(i18n: I18n, nature: NatureId, place: PlaceView): SearchTexts {
  const where = whereText(place);
  const heading = i18n._(HUB_TITLES[nature](where));
  return { heading, title: heading, description: i18n._(HUB_DESCRIPTIONS[nature](where)) };
}
