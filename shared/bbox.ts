import * as v from 'valibot';

// A map area: `bbox=west,south,east,north` in degrees (WGS 84), as the listings API, the result
// list's query and stored alerts spell it. Longitudes −180..180, latitudes −90..90, west < east
// and south < north (an area across the antimeridian is not supported).

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Decimals kept in a bbox's text (about a metre): the same view gives the same URL. */
export const BBOX_DECIMALS = 5;

const NUMBER = /^-?\d{1,3}(?:\.\d{1,17})?$/;

/** The reason a bbox text is refused, or the box. */
export function readBbox(text: string): Bbox | string {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4) return 'must be four numbers: west,south,east,north';
  if (!parts.every((part) => NUMBER.test(part))) {
    return 'must be four decimal numbers: west,south,east,north';
  }
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (![west, south, east, north].every(Number.isFinite)) return 'must be four finite numbers';
  if (west < -180 || west > 180 || east < -180 || east > 180) {
    return 'longitudes must be between -180 and 180';
  }
  if (south < -90 || south > 90 || north < -90 || north > 90) {
    return 'latitudes must be between -90 and 90';
  }
  if (west >= east)
    return 'west must be less than east (crossing the antimeridian is not supported)';
  if (south >= north) return 'south must be less than north';
  return { west, south, east, north };
}

/** `bbox` as a query value or stored text → the box (400 with the reason otherwise). */
export const BboxParam = v.pipe(
  v.string('must be four numbers: west,south,east,north'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const box = readBbox(dataset.value);
    if (typeof box === 'string') {
      addIssue({ message: box });
      return NEVER;
    }
    return box;
  }),
);

function round(value: number): number {
  const factor = 10 ** BBOX_DECIMALS;
  return Math.round(value * factor) / factor;
}

/** The box as text, rounded to BBOX_DECIMALS: `2.25,48.8,2.42,48.9`. */
export function formatBbox(box: Bbox): string {
  return [box.west, box.south, box.east, box.north].map((n) => String(round(n))).join(',');
}

/** The text of a box, rounded and checked; null when it is not a valid box. */
export function canonicalBbox(text: string): string | null {
  const box = readBbox(text);
  if (typeof box === 'string') return null;
  const formatted = formatBbox(box);
  return typeof readBbox(formatted) === 'string' ? null : formatted;
}
