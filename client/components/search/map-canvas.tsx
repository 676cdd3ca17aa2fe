import 'leaflet/dist/leaflet.css';
import '../../styles/map-view.css';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import L from 'leaflet';
import { formatBbox, readBbox, type Bbox } from '../../../shared/bbox';
import { formatCompact } from '../../../shared/format';
import type { Config, Lang, OfferCluster, OfferClusters } from '../../../shared/contract';
import { toApiParams, toSearchQuery, type SearchCriteria } from '../../../shared/criteria';
import type { OfferClustersQuery } from '../../../shared/portal-api';
import { usePortalApi } from '../../api/portal-api-context';
import { searchHref } from '../../../shared/routes';
import { offerHref, OfferCard, toCardOffer } from '../offer-card';
import { offerHrefInSearch } from '../offer/search-context';
import { clusterAction, markerSize, mergeOverlapping } from './cluster-markers';
import type { PlaceView } from './load-search';

// The map of a result list (loaded on its own, only on the map view after consent to map tiles):
// Leaflet over the tiles of MAP_TILE_URL (PortalApi mapConfig), with the clusters of the search in
// the map's view at its zoom (offerClusters, grouped by the listings API). A cluster is a
// button named by its count ("12 biens"); it zooms in on its offers, and a cluster of one offer
// shows that offer's card with a link to the offer in this search. After the visitor pans or
// zooms, "Rechercher dans cette zone" puts the view's area into the search (`bbox`): the list,
// its count and the form follow. The map takes the keyboard (arrows pan, + and − zoom).

/** The closest zoom of the map. */
const MAX_ZOOM = 18;

/** The whole world: the first ask, to learn where the search's offers are. */
const WORLD: Bbox = { west: -180, south: -85, east: 180, north: 85 };

function clamp(box: Bbox): Bbox {
  return {
    west: Math.max(-180, box.west),
    south: Math.max(-90, box.south),
    east: Math.min(180, box.east),
    north: Math.min(90, box.north),
  };
}

function intersect(a: Bbox, b: Bbox): Bbox | null {
  const box = {
    west: Math.max(a.west, b.west),
    south: Math.max(a.south, b.south),
    east: Math.min(a.east, b.east),
    north: Math.min(a.north, b.north),
  };
  return box.west < box.east && box.south < box.north ? box : null;
}

function boundsOf(map: L.Map): Bbox {
  const b = map.getBounds();
  return clamp({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() });
}

/** An area around offers (a few metres more: one address is a point, not an area). */
function around(box: Bbox): Bbox {
  const m = 1e-4;
  return clamp({
    west: box.west - m,
    south: box.south - m,
    east: box.east + m,
    north: box.north + m,
  });
}

function toLatLngBounds(box: Bbox): L.LatLngBounds {
  return L.latLngBounds([box.south, box.west], [box.north, box.east]);
}

/** The search the map shows, and how its links are written (also the map section's props). */
export interface MapProps {
  criteria: SearchCriteria;
  place: PlaceView;
  config: Config;
  lang: Lang;
  pathWith: (query: URLSearchParams) => string;
}

/** The view the visitor searched from ("Rechercher dans cette zone"), carried to the new page. */
interface MapViewState {
  mapView?: { lat: number; lng: number; zoom: number };
}

export default function MapCanvas({ criteria, place, config, lang, pathWith }: MapProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  // The map reopens where the visitor was, at the visitor's zoom (read once, when it loads).
  const locationView = (useLocation().state as MapViewState | null)?.mapView;
  const keptView = useEffectEvent(() => locationView);
  const api = usePortalApi();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const [status, setStatus] = useState<'loading' | 'shown' | 'no-tiles' | 'error'>('loading');
  const [moved, setMoved] = useState(false);
  const [chosen, setChosen] = useState<OfferCluster['offer']>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  // The search's API parameters without page and sort (the clusters of the whole search).
  const {
    page: _page,
    sort: _sort,
    bbox: searchBbox,
    ...params
  } = toApiParams(criteria, {
    config,
    lieu: { id: place.id, omr_list_id: place.omr_list_id },
  });
  const paramsKey = JSON.stringify(params);
  const listPath = pathWith(toSearchQuery(criteria, { config }));

  /** The search in an area ("Zone de la carte"), on the map or as a list. */
  function searchIn(area: Bbox, view: 'map' | 'list', mapView?: MapViewState['mapView']) {
    const next: SearchCriteria = {
      ...criteria,
      lieu: config.genericLieu.id,
      bbox: formatBbox(area),
      page: 1,
      view: view === 'map' ? 'map' : undefined,
    };
    setMoved(false);
    const state: MapViewState | undefined = mapView ? { mapView } : undefined;
    void navigate(searchHref(next, null, lang, config), { state });
  }
  // (For the map's handlers, set up once per search: the search as it is when they run.)
  const listArea = useEffectEvent((area: Bbox) => searchIn(area, 'list'));

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let cancelled = false;
    let map: L.Map | null = null;
    let layer: L.LayerGroup | null = null;
    let request: AbortController | null = null;
    let programmatic = true;
    // A cluster's accessible name: "12 biens" / "12 properties".
    const label = (total: number) =>
      i18n._(msg`${plural(total, { one: '# bien', other: '# biens' })}`);
    const area = searchBbox ? readBbox(searchBbox) : null;
    const searchArea = area && typeof area !== 'string' ? area : null;

    async function clusters(box: Bbox, zoom: number): Promise<OfferClusters | null> {
      const within = searchArea ? intersect(box, searchArea) : box;
      if (!within) return null;
      request?.abort();
      const own = new AbortController();
      request = own;
      const query: OfferClustersQuery = {
        ...(JSON.parse(paramsKey) as Omit<OfferClustersQuery, 'bbox' | 'zoom' | 'lang'>),
        bbox: formatBbox(within),
        // At the map's closest zoom, the finest clusters the listings API makes (offers a few
        // metres apart part there).
        zoom: zoom >= MAX_ZOOM ? 20 : Math.max(0, Math.round(zoom)),
        lang,
      };
      const answer = await api.get('offerClusters', query, {
        signal: own.signal,
        background: true,
      });
      // The answer for a view left since (a newer call gave it up) is never drawn.
      if (own.signal.aborted) throw new DOMException('a newer view was asked', 'AbortError');
      return answer;
    }

    function draw(answer: OfferClusters | null) {
      if (!map) return;
      layer?.remove();
      layer = L.layerGroup();
      const sizeOf = (count: number) => markerSize(count, formatCompact(count, lang));
      const project = (lat: number, lng: number) => map!.latLngToLayerPoint([lat, lng]);
      for (const cluster of mergeOverlapping(answer?.clusters ?? [], project, sizeOf)) {
        const name = label(cluster.count);
        const size = sizeOf(cluster.count);
        const icon = L.divIcon({
          className: `map-cluster${cluster.count === 1 ? ' map-cluster--one' : ''}`,
          html: `<span class="visually-hidden">${name}</span><span aria-hidden="true">${formatCompact(cluster.count, lang)}</span>`,
          iconSize: [size, size],
        });
        const marker = L.marker([cluster.lat, cluster.lng], { icon, keyboard: true });
        const open = () => {
          const bounds = toLatLngBounds(cluster.bounds);
          const zoom = map!.getZoom();
          const fit = map!.getBoundsZoom(bounds, false, L.point(48, 48));
          switch (clusterAction(cluster, zoom, fit, MAX_ZOOM)) {
            case 'card':
              setChosen(cluster.offer);
              setTimeout(() => cardRef.current?.focus(), 0);
              return;
            case 'fit':
              map!.fitBounds(bounds, { padding: [24, 24], maxZoom: MAX_ZOOM });
              return;
            case 'zoom in':
              map!.setView([cluster.lat, cluster.lng], Math.min(zoom + 2, MAX_ZOOM));
              return;
            case 'list':
              listArea(around(cluster.bounds));
          }
        };
        marker.on('click', open);
        // A button answers Enter and Space (Leaflet gives markers the role, not the keys).
        marker.on('keydown', (event) => {
          const key = (event.originalEvent as KeyboardEvent).key;
          if (key !== 'Enter' && key !== ' ') return;
          L.DomEvent.stop(event.originalEvent as KeyboardEvent);
          open();
        });
        layer.addLayer(marker);
      }
      layer.addTo(map);
      // How many times the clusters were drawn: a change says the map shows the new view.
      el!.dataset.draws = String(Number(el!.dataset.draws ?? '0') + 1);
    }

    async function refresh() {
      if (!map) return;
      try {
        const answer = await clusters(boundsOf(map), map.getZoom());
        // Nothing is drawn on a map taken down.
        if (!cancelled) draw(answer);
      } catch (error) {
        if ((error as Error).name !== 'AbortError' && !cancelled) setStatus('error');
      }
    }

    async function load() {
      const config = await api.get('mapConfig', {}, { background: true });
      if (cancelled) return;
      if (!config.tileUrl) return setStatus('no-tiles');
      map = L.map(el!, { keyboard: true, scrollWheelZoom: true, minZoom: 2, maxZoom: MAX_ZOOM });
      mapRef.current = map;
      L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: MAX_ZOOM }).addTo(
        map,
      );
      // Where the search's offers are: its area, else the bounds of its clusters worldwide.
      let start = searchArea;
      if (!start) {
        const world = await clusters(WORLD, 2);
        const all = world?.clusters ?? [];
        if (all.length > 0) {
          start = {
            west: Math.min(...all.map((c) => c.bounds.west)),
            south: Math.min(...all.map((c) => c.bounds.south)),
            east: Math.max(...all.map((c) => c.bounds.east)),
            north: Math.max(...all.map((c) => c.bounds.north)),
          };
        }
      }
      if (cancelled) return;
      const kept = searchArea ? keptView() : undefined;
      if (kept) map.setView([kept.lat, kept.lng], kept.zoom);
      // A searched area was the visitor's view: it is fitted at any zoom; the offers' bounds
      // no closer than a town.
      else if (start) map.fitBounds(toLatLngBounds(start), { maxZoom: searchArea ? MAX_ZOOM : 14 });
      else map.setView([46.6, 2.4], 5);
      el!.dataset.zoom = String(map.getZoom());
      map.on('movestart', () => {
        if (!programmatic) setMoved(true);
      });
      map.on('moveend', () => {
        programmatic = false;
        el!.dataset.zoom = String(map!.getZoom());
        void refresh();
      });
      setStatus('shown');
      await refresh();
      programmatic = false;
    }

    load().catch(() => !cancelled && setStatus('error'));
    return () => {
      cancelled = true;
      request?.abort();
      map?.remove();
      mapRef.current = null;
    };
    // The map is built once per search (its parameters and area), in the page's language.
  }, [api, paramsKey, searchBbox, lang, i18n]);

  function searchThisArea() {
    const map = mapRef.current;
    if (!map) return;
    const { lat, lng } = map.getCenter();
    searchIn(boundsOf(map), 'map', { lat, lng, zoom: map.getZoom() });
  }

  return (
    <div className="map-view__body">
      <p role="status" className="map-view__status">
        {status === 'loading'
          ? t`Chargement de la carte…`
          : status === 'no-tiles'
            ? t`La carte n'est pas disponible.`
            : status === 'error'
              ? t`La carte n'a pas pu être chargée.`
              : ''}
      </p>
      <div className="map-view__frame" hidden={status === 'no-tiles' || status === 'error'}>
        <div
          ref={container}
          className="map-view__canvas"
          role="region"
          aria-label={t`Carte des biens (flèches : déplacer, + et − : zoomer)`}
        />
        {moved ? (
          <button type="button" className="button map-view__area" onClick={searchThisArea}>
            {t`Rechercher dans cette zone`}
          </button>
        ) : null}
      </div>
      {chosen ? (
        <div className="map-view__card" ref={cardRef} tabIndex={-1}>
          <OfferCard
            offer={toCardOffer(chosen)}
            lang={lang}
            config={config}
            to={offerHrefInSearch(offerHref(chosen, lang, config), listPath)}
            headingLevel={3}
          />
          <button type="button" className="link-button" onClick={() => setChosen(null)}>
            {t`Fermer`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
