import {
  ATOUTS,
  DEFAULT_PUBLISHER,
  type Config,
  type NatureId,
  type Rubrique,
  type Settings,
} from './contract';

// A small, hand-made /config answer for unit tests of the shared modules. It has the real
// nature slugs, a generic root rubrique with children of several natures (some slugs identical
// in both languages, one applying to sale only), the 25 atouts of the spec and all natures enabled.

const ALL: NatureId[] = ['V', 'L', 'S'];

function rub(
  id: number,
  parent: number | null,
  fr: string,
  en: string,
  nature: NatureId[],
  children: Rubrique[] = [],
): Rubrique {
  const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ');
  return {
    id,
    slug: { fr, en },
    libelle: { fr: label(fr), en: label(en) },
    plural: { fr: `${label(fr)}s`, en: `${label(en)}s` },
    nature,
    parent,
    isGeneric: parent === null,
    children,
  };
}

/** Rubrique ids of the fixture, named for readable tests. */
export const RUB = {
  generic: 1,
  maison: 2,
  villa: 21,
  mas: 22,
  chalet: 23,
  appartement: 3,
  loft: 31,
  penthouse: 32,
  terrain: 4,
  chateau: 5,
} as const;

export const testConfig: Config = {
  natures: [
    { id: 'V', slug: { fr: 'vente', en: 'sale' }, libelle: { fr: 'Vente', en: 'Sale' } },
    { id: 'L', slug: { fr: 'location', en: 'rent' }, libelle: { fr: 'Location', en: 'Rent' } },
    {
      id: 'S',
      slug: { fr: 'location-saisonniere', en: 'seasonal-rent' },
      libelle: { fr: 'Location saisonnière', en: 'Seasonal rent' },
    },
  ],
  rubriquesTree: rub(RUB.generic, null, 'immobilier', 'property', ALL, [
    rub(RUB.maison, RUB.generic, 'maison', 'house', ALL, [
      rub(RUB.villa, RUB.maison, 'villa', 'villa', ALL),
      rub(RUB.mas, RUB.maison, 'mas', 'farmhouse', ['V']),
      rub(RUB.chalet, RUB.maison, 'chalet', 'chalet', ALL),
    ]),
    rub(RUB.appartement, RUB.generic, 'appartement', 'apartment', ALL, [
      rub(RUB.loft, RUB.appartement, 'loft', 'loft', ['V', 'L']),
      rub(RUB.penthouse, RUB.appartement, 'penthouse', 'penthouse', ['V', 'L', 'S']),
    ]),
    rub(RUB.terrain, RUB.generic, 'terrain', 'land', ['V']),
    rub(RUB.chateau, RUB.generic, 'chateau', 'castle', ['V', 'L']),
  ]),
  genericLieu: {
    id: 1,
    slug: 'france',
    libelle: { fr: 'France', en: 'France' },
    type: 'Generic',
  },
  omr: {
    footer: {
      promoteLieux: [
        {
          title: { fr: "Côte d'Azur", en: 'French Riviera' },
          lieux: [
            { id: 10, slug: 'cannes', libelle: { fr: 'Cannes', en: 'Cannes' }, type: 'Villes' },
          ],
        },
      ],
    },
    mosaicRubs: [RUB.maison, RUB.appartement, RUB.chateau],
  },
  settings: {
    siteName: 'Portail test',
    enabledNaturesIds: ['V', 'L', 'S'],
    formCriteriasAssets: ATOUTS.map((key) => ({ key })),
    enableContactProximite: true,
    maxContact: 5,
    minHubLinkCount: 3,
    socialMedia: { instagram: 'https://www.instagram.com/example' },
    title: { fr: 'Demeures de prestige', en: 'Prestige homes' },
    description: {
      fr: 'Les biens immobiliers de prestige',
      en: 'Prestige property',
    },
    loanDefaults: { downPaymentPct: 20, years: 20, ratePct: 3.2 },
    publisher: DEFAULT_PUBLISHER,
  },
};

/** The fixture with some settings replaced, e.g. fewer enabled natures. */
export function configWith(settings: Partial<Settings>): Config {
  return { ...testConfig, settings: { ...testConfig.settings, ...settings } };
}
