// Icons of the assets (atouts, spec section 3): one small inline SVG sprite of line pictograms,
// drawn once per page and referenced by <use>, in the text colour of both themes.

const PATHS: Record<string, string> = {
  alarme: 'M6 17h12l-1.5-2v-4a4.5 4.5 0 0 0-9 0v4zM10 20h4',
  ascenseur: 'M5 3h14v18H5zM9 10l3-3 3 3M9 14l3 3 3-3',
  balcon: 'M7 4h10v8H7zM3 12h18M5 12v8M9 12v8M13 12v8M17 12v8M3 20h18',
  box: 'M3 10l9-6 9 6v10H3zM7 13h10M7 16h10M7 19h10',
  car: 'M5 4h14v13H5zM5 11h14M8 17v3M16 17v3M8 14h.01M16 14h.01',
  cave: 'M3 6h5v4h5v4h5v4h3',
  cave_a_vin: 'M10 2h4v5l2 3v12H8V10l2-3z',
  cheminee: 'M3 5h18v3H3zM5 8v13M19 8v13M9 21c-1-3 3-4 3-7 0 3 4 4 3 7',
  climatisation: 'M12 2v20M4 7l16 10M20 7L4 17',
  garage: 'M4 16v-4l2-5h12l2 5v4zM4 16v3M20 16v3M7 13h.01M17 13h.01',
  grenier: 'M2 20L12 4l10 16zM10 14h4v4h-4z',
  hammam: 'M7 20c-2-3 2-5 0-8s2-5 0-8M12 20c-2-3 2-5 0-8s2-5 0-8M17 20c-2-3 2-5 0-8s2-5 0-8',
  interphone: 'M7 2h10v20H7zM10 6h4M10 9h4M10 12h4M12 17h.01',
  jacuzzi: 'M3 12h18v3a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5zM8 8h.01M12 6h.01M16 8h.01',
  jardin: 'M12 22v-8M7 10a5 5 0 1 1 10 0c0 3-2 4-5 4s-5-1-5-4z',
  parking: 'M4 3h16v18H4zM9 17V7h4a3 3 0 0 1 0 6H9',
  piscine:
    'M2 18c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M8 15V4M16 15V4M8 8h8M8 12h8',
  rdc: 'M3 11l9-7 9 7M5 10v10h14V10',
  sauna: 'M10 14V5a2 2 0 0 1 4 0v9a4 4 0 1 1-4 0z',
  sous_sol: 'M3 10l9-6 9 6M5 9v5h14V9M3 14h18M5 14v7h14v-7',
  tennis: 'M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M5 5c4 4 4 10 0 14M19 5c-4 4-4 10 0 14',
  terrasse: 'M3 10a9 6 0 0 1 18 0zM12 10v11M8 21h8',
  veranda: 'M3 21V11a9 7 0 0 1 18 0v10zM12 4v17M3 14h18',
  vigne: 'M12 3v3M9 9h.01M15 9h.01M12 12h.01M9 15h.01M15 15h.01M12 18h.01',
  vue_mer:
    'M2 17c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M7 12a5 5 0 0 1 10 0M12 3v2M4.9 6.9l1.4 1.4M19.1 6.9l-1.4 1.4',
};

const symbolId = (key: string) => `atout-${key}`;

/** The sprite: render once on a page that shows asset icons. */
export function AssetIconSprite({ keys }: { keys: readonly string[] }) {
  return (
    <svg className="asset-sprite" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {keys
          .filter((key) => PATHS[key])
          .map((key) => (
            <symbol key={key} id={symbolId(key)} viewBox="0 0 24 24">
              <path d={PATHS[key]} />
            </symbol>
          ))}
      </defs>
    </svg>
  );
}

/** One asset's icon (decorative: the asset's name is written next to it). */
export function AssetIcon({ assetKey }: { assetKey: string }) {
  if (!PATHS[assetKey]) return null;
  return (
    <svg className="asset-icon" width="20" height="20" aria-hidden="true" focusable="false">
      <use href={`#${symbolId(assetKey)}`} />
    </svg>
  );
}
