import { lazy, Suspense } from 'react';
import '../../styles/view-switch.css';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { Config } from '../../../shared/contract';
import { toSearchQuery, type SearchCriteria } from '../../../shared/criteria';
import { useHydrated } from '../../hooks/use-selection';
import { ConsentGate } from '../consent/consent-gate';
import type { MapProps } from './map-canvas';

// The list/map switch of a result list (`view=map`, a query key like the others) and the map
// view: the offers of the search as clusters on a map. The map needs JavaScript and the
// visitor's consent to map tiles: Leaflet and the map's own code are a chunk of their own
// (map-canvas.tsx), loaded only on the map view once both are there. Before consent, the consent
// placeholder (accept maps, or open the cookie choices); without JavaScript, the list, and the
// switch says the map needs JavaScript. The list stays one keystroke away: a link before the map
// skips to it, and it follows the map on the same page.

/** "Zone de la carte" / "Map area": the place of a search on a map area (form, breadcrumbs). */
export const mapAreaLabel = msg`Zone de la carte`;

const MapCanvas = lazy(() => import('./map-canvas'));

export function ViewSwitch({
  criteria,
  config,
  pathWith,
}: {
  criteria: SearchCriteria;
  config: Config;
  /** The list's path with a query. */
  pathWith: (query: URLSearchParams) => string;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const isMap = criteria.view === 'map';
  const hrefOf = (view: SearchCriteria['view']) => {
    const { view: _view, ...rest } = criteria;
    return pathWith(toSearchQuery({ ...rest, ...(view ? { view } : {}), page: 1 }, { config }));
  };
  return (
    <nav className="view-switch" aria-label={t`Affichage des résultats`}>
      <a
        href={hrefOf(undefined)}
        aria-current={!isMap ? 'page' : undefined}
        className="view-switch__link"
      >
        {t`Liste`}
      </a>
      <a
        href={hrefOf('map')}
        aria-current={isMap ? 'page' : undefined}
        className="view-switch__link"
      >
        {t`Carte`}
        {/* Until the page runs its script (never, without JavaScript). */}
        {hydrated ? null : <span className="view-switch__note"> {t`(nécessite JavaScript)`}</span>}
      </a>
    </nav>
  );
}

export function MapSection(props: MapProps) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  if (props.criteria.view !== 'map') return null;
  return (
    <section className="map-view" aria-label={t`Carte des résultats`}>
      <a className="map-view__skip" href="#map-view-end">
        {t`Passer la carte et aller à la liste`}
      </a>
      {hydrated ? (
        <ConsentGate category="maps" className="map-view__consent">
          <Suspense fallback={<p role="status">{t`Chargement de la carte…`}</p>}>
            <MapCanvas {...props} />
          </Suspense>
        </ConsentGate>
      ) : (
        <p className="map-view__nojs">
          {t`La carte nécessite JavaScript : les biens sont présentés en liste ci-dessous.`}
        </p>
      )}
      <div id="map-view-end" tabIndex={-1} />
    </section>
  );
}
