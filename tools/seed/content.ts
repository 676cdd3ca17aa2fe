import { DEFAULT_SITE_NAME } from '../../shared/contract';
import type { ExternalLinksTable } from '../../listings-api/db/types';
import type { SeedRow } from './rows';
import type { OmrConfigValues, SettingsValues } from '../../listings-api/db/config-values';
import { ATOUT_KEYS, MOSAIC_RUBRIQUES } from './catalog';
import type { Geography, LieuRow } from './geography';
import { BUCKETS } from './market';

// Editorial content: settings, omr configuration and the footer's external links by place.

export function buildSettings(): SettingsValues {
  return {
    siteName: DEFAULT_SITE_NAME,
    enabledNaturesIds: ['V', 'L', 'S'],
    formCriteriasAssets: ATOUT_KEYS.map((key) => ({ key })),
    enableContactProximite: true,
    maxContact: 5,
    minHubLinkCount: 3,
    socialMedia: {
      facebook: 'https://facebook.example.com/prestige-portal',
      instagram: 'https://instagram.example.com/prestige-portal',
      linkedin: 'https://linkedin.example.com/company/prestige-portal',
      youtube: 'https://youtube.example.com/@prestige-portal',
    },
    title: {
      fr: 'Immobilier de luxe et de prestige',
      en: 'Luxury and prestige real estate',
    },
    description: {
      fr: 'Villas, appartements, chalets et propriétés d’exception à vendre et à louer, en France et à l’international.',
      en: 'Exceptional villas, apartments, chalets and estates for sale and to rent, in France and abroad.',
    },
  };
}

const FOOTER_GROUPS: ReadonlyArray<{
  title: { fr: string; en: string };
  slugs: readonly string[];
}> = [
  {
    title: { fr: "Côte d'Azur", en: 'French Riviera' },
    slugs: [
      'saint-tropez',
      'cannes',
      'antibes',
      'saint-jean-cap-ferrat',
      'nice',
      'eze',
      'ramatuelle',
      'mougins',
    ],
  },
  {
    title: { fr: 'Alpes', en: 'Alps' },
    slugs: ['courchevel', 'megeve', 'chamonix-mont-blanc', 'val-d-isere', 'meribel', 'annecy'],
  },
  {
    title: { fr: 'Paris', en: 'Paris' },
    slugs: [
      'paris-16e-arrondissement',
      'paris-8e-arrondissement',
      'paris-7e-arrondissement',
      'paris-6e-arrondissement',
      'paris-17e-arrondissement',
      'neuilly-sur-seine',
    ],
  },
  {
    title: { fr: 'International', en: 'International' },
    slugs: ['geneve', 'londres', 'monte-carlo', 'marbella', 'lisbonne', 'marrakech'],
  },
];

export function buildOmrConfig(geo: Geography): OmrConfigValues {
  return {
    'footer.promoteLieux': FOOTER_GROUPS.map((g) => ({
      title: g.title,
      lieux: g.slugs.map((slug) => {
        const lieu = geo.bySlug.get(slug);
        if (!lieu) throw new Error(`footer lieu '${slug}' is not seeded`);
        return lieu.id;
      }),
    })),
    mosaicRubs: [...MOSAIC_RUBRIQUES],
    cache_tags: ['omr-1'],
  };
}

export type ExternalLinkRow = SeedRow<ExternalLinksTable>;

const LINK_KINDS: ReadonlyArray<readonly [fr: string, en: string, path: string]> = [
  ['Bureaux à vendre', 'Offices for sale', 'bureaux-a-vendre'],
  ['Bureaux à louer', 'Offices to let', 'bureaux-a-louer'],
  ['Locaux commerciaux', 'Retail premises', 'locaux-commerciaux'],
  ['Fonds de commerce', 'Businesses for sale', 'fonds-de-commerce'],
  ['Entrepôts et locaux d’activité', 'Warehouses and light industrial premises', 'entrepots'],
];

/** Business real-estate links for the generic lieu, France, plaques, regions, and the places with offers. */
export function buildExternalLinks(geo: Geography): ExternalLinkRow[] {
  const spotSlugs = new Set(BUCKETS.flatMap((b) => b.spots.map((s) => s.slug)));
  const places = geo.lieux.filter(
    (l) =>
      l.type === 'Generic' ||
      l.id === geo.franceId ||
      l.type === 'Plaques' ||
      l.type === 'Regions' ||
      (l.type === 'Villes' &&
        !l.ancestors.some((a) => geo.byId.get(a)?.is_foreign_country) &&
        (spotSlugs.has(l.slug) || l.population >= 100_000)),
  );
  const rows: ExternalLinkRow[] = [];
  for (const lieu of places) {
    const count = 3 + (lieu.id % 3);
    LINK_KINDS.slice(0, count).forEach(([fr, en, path], position) => {
      rows.push({
        id: rows.length + 1,
        lieu_id: lieu.id,
        position,
        label_fr: `${fr} ${prepFr(lieu)}`,
        label_en: `${en} ${lieu.libelle_prep_en}`,
        url: `https://pro.example.com/${path}/${lieu.slug}`,
      });
    });
  }
  return rows;
}

function prepFr(lieu: LieuRow): string {
  return lieu.libelle_prep_fr;
}
