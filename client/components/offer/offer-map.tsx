import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Map as LeafletMap } from 'leaflet';
import type { Lang } from '../../../shared/contract';
import type { PortalApi } from '../../../shared/portal-api';
import { usePortalApi } from '../../api/portal-api-context';
import { INTL_LOCALES } from '../../../shared/format';
import { useHydrated } from '../../hooks/use-selection';
import { ConsentGate } from '../consent/consent-gate';

// The place of the offer: its name and coordinates (an area, not the address: the agency gives
// the exact address on request), and a map drawn with Leaflet once the visitor allows it
// (Leaflet and its tiles load only then, in the browser, once the map is in view: the visitor's
// consent to maps first, spec'd by the cookie consent; the tile URL comes from the server's
// configuration, PortalApi mapConfig). Without a tile URL the place and its coordinates stay alone.
// The address request link works without JavaScript (it pre-fills the contact message).

export const ADDRESS_REQUEST_PARAM = 'demande';
export const ADDRESS_REQUEST_VALUE = 'adresse';
/** The radius of the area drawn around the offer's coordinates (metres). */
const AREA_RADIUS_M = 500;

type MapState = 'idle' | 'loading' | 'shown' | 'no-tiles' | 'error';

const coordinateFormats = new Map<Lang, Intl.NumberFormat>();

function coordinate(value: number, positive: string, negative: string, lang: Lang): string {
  let format = coordinateFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[lang], {
      minimumFractionDigits: 4,
      maximumFractionDigits: 4,
    });
    coordinateFormats.set(lang, format);
  }
  return `${format.format(Math.abs(value))}° ${value >= 0 ? positive : negative}`;
}

/** 48.8534, 2.3486 → '48,8534° N, 2,3486° E' (French) / '48.8534° N, 2.3486° E'. */
export function formatCoordinates(lat: number, lng: number, lang: Lang): string {
  return `${coordinate(lat, 'N', 'S', lang)}, ${coordinate(lng, 'E', lang === 'fr' ? 'O' : 'W', lang)}`;
}

async function loadMap(
  api: PortalApi,
  container: HTMLElement,
  lat: number,
  lng: number,
  label: string,
): Promise<{ map: LeafletMap } | 'no-tiles'> {
  const config = await api.get('mapConfig', {}, { background: true });
  if (!config.tileUrl) return 'no-tiles';
  const [leaflet] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  const L = (leaflet as unknown as { default?: typeof leaflet }).default ?? leaflet;
  const map = L.map(container, { scrollWheelZoom: false }).setView([lat, lng], 13);
  L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: 18 }).addTo(map);
  L.circle([lat, lng], { radius: AREA_RADIUS_M, weight: 2 }).addTo(map).bindTooltip(label);
  return { map };
}

/** The map itself: mounted once the visitor accepted maps; loads when scrolled into view. */
function MapCanvas({ lat, lng, label }: { lat: number; lng: number; label: string }) {
  const { t } = useLingui();
  const api = usePortalApi();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('idle');

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let map: LeafletMap | null = null;
    let cancelled = false;
    const load = () => {
      setState('loading');
      loadMap(api, el, lat, lng, label).then(
        (loaded) => {
          if (cancelled) return void (loaded !== 'no-tiles' && loaded.map.remove());
          if (loaded === 'no-tiles') return setState('no-tiles');
          map = loaded.map;
          setState('shown');
        },
        () => !cancelled && setState('error'),
      );
    };
    if (typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        cancelled = true;
        map?.remove();
      };
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    });
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
      map?.remove();
    };
  }, [api, lat, lng, label]);

  return (
    <>
      <div role="status" className="offer-map__status">
        {state === 'loading'
          ? t`Chargement de la carte…`
          : state === 'no-tiles'
            ? t`La carte n'est pas disponible : seules la localisation et les coordonnées sont indiquées.`
            : state === 'error'
              ? t`La carte n'a pas pu être chargée.`
              : ''}
      </div>
      <div
        ref={container}
        className="offer-map__canvas"
        hidden={state === 'no-tiles' || state === 'error'}
        role="region"
        aria-label={t`Carte : ${label}`}
      />
    </>
  );
}

export function OfferMap({
  lat,
  lng,
  placeLabel,
  lang,
  onAddressRequest,
}: {
  lat: number | null;
  lng: number | null;
  placeLabel: string;
  lang: Lang;
  /** Pre-fills the contact form with the address request (with JavaScript). */
  onAddressRequest: () => void;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.set(ADDRESS_REQUEST_PARAM, ADDRESS_REQUEST_VALUE);
  const addressHref = `${location.pathname}?${query.toString()}#contact`;
  const onAddressClick = (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    onAddressRequest();
  };

  return (
    <div className="offer-map">
      <p className="offer-map__place">{placeLabel}</p>
      {lat !== null && lng !== null ? (
        <>
          <p className="offer-map__coords">
            <span className="visually-hidden">{t`Coordonnées :`} </span>
            {formatCoordinates(lat, lng, lang)}
          </p>
          <ConsentGate category="maps" className="offer-map__consent">
            <MapCanvas lat={lat} lng={lng} label={placeLabel} />
          </ConsentGate>
        </>
      ) : null}
      <p className="offer-map__address">
        {t`L'adresse exacte est communiquée par l'agence.`}{' '}
        <a href={addressHref} onClick={onAddressClick}>
          {t`Demander l'adresse`}
        </a>
      </p>
    </div>
  );
}
