import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import '../styles/search-nav.css';
import type { Config, Lang, LieuType, NatureId } from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import { href } from '../../shared/routes';

// Breadcrumbs (spec section 2): home, nature, rubrique, then the place hierarchy (country,
// region, department, city, district), then the offer. The same items give the visible trail
// and the schema.org BreadcrumbList of the page's head.

export interface Crumb {
  label: string;
  /** Root-relative path; the last crumb (the page itself) may have none. */
  href?: string;
}

/** A place of the trail: only its slug, label and type are needed. */
export interface CrumbPlace {
  slug: string;
  libelle: string;
  type: LieuType;
}

// Curated groupings (plaques, zones) and the generic place are not steps of the hierarchy.
const TRAIL_TYPES: ReadonlySet<LieuType> = new Set([
  'Pays',
  'Regions',
  'Departements',
  'Villes',
  'Lieudits',
  'Arrondissements',
  'Quartiers',
]);

const homeLabel = msg`Accueil`;

export interface SearchCrumbsArgs {
  config: Config;
  lang: Lang;
  i18n: I18n;
  nature: NatureId;
  /** The path's rubrique (undefined or the generic one: no rubrique step). */
  rubrique?: number | null;
  /** The place's ancestors, country first (the generic place is skipped). */
  ancestors?: readonly CrumbPlace[];
  /** The place itself (last place step, whatever its type); null for none. */
  place?: CrumbPlace | null;
}

/**
 * The trail of a search page (and the start of an offer page's: push the offer after it).
 * Places link to the result list of the nature and rubrique in that place.
 * @example searchCrumbs({ config, lang: 'fr', i18n, nature: 'V', rubrique: 11, ancestors, place })
 */
export function searchCrumbs(args: SearchCrumbsArgs): Crumb[] {
  const { config, lang, i18n, nature } = args;
  const index = indexConfig(config);
  const rubrique =
    args.rubrique != null && args.rubrique !== index.generic.id
      ? index.rubriques.get(args.rubrique)
      : undefined;
  const crumbs: Crumb[] = [
    { label: i18n._(homeLabel), href: href('home', {}, lang, config) },
    {
      label: index.natures.get(nature)?.libelle[lang] ?? nature,
      href: href('nature', { nature }, lang, config),
    },
  ];
  if (rubrique) {
    crumbs.push({
      label: rubrique.plural[lang],
      href: href('nature', { nature, rubrique: rubrique.id }, lang, config),
    });
  }
  const steps = [
    ...(args.ancestors ?? []).filter((p) => TRAIL_TYPES.has(p.type)),
    ...(args.place && args.place.type !== 'Generic' ? [args.place] : []),
  ];
  // A city named like its department (Paris in Paris) is one step: the nearer place's.
  const places = steps.filter((p, i) => p.libelle !== steps[i + 1]?.libelle);
  for (const place of places) {
    crumbs.push({
      label: place.libelle,
      href: href('list', { nature, rubrique: rubrique?.id, lieu: place.slug }, lang, config),
    });
  }
  return crumbs;
}

/** The schema.org BreadcrumbList of a trail, with absolute URLs. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      ...(crumb.href ? { item: `${origin}${crumb.href}` } : {}),
    })),
  };
}

/** The visible trail; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useLingui();
  return (
    <nav className="breadcrumbs" aria-label={t`Fil d'Ariane`}>
      <ol>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${crumb.label}`}>
              {last || !crumb.href ? (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              ) : (
                <a href={crumb.href}>{crumb.label}</a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
