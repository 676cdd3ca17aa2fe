import type { OfferCluster } from '../../../shared/contract';

// How the clusters of the listings API are drawn: the grid cells they come from are aligned on
// the map, not on the offers, so two cells that share a town can give two markers side by side,
// one over the other. Markers that would overlap on the screen are merged into one (their counts
// and bounds add up, so the map still counts every offer of the search once), and a marker's
// size follows the length of the count it shows, written short from a thousand ("5,8 k").

/** The side of a cluster's marker, in pixels, for the text it shows. */
export function markerSize(count: number, text: string): number {
  if (count === 1) return 28;
  return text.length <= 2 ? 36 : text.length === 3 ? 42 : text.length === 4 ? 48 : 56;
}

/** What a click on a cluster does. */
export type ClusterAction = 'card' | 'fit' | 'zoom in' | 'list';

/**
 * A cluster of one shows its offer's card; a cluster zooms in until its offers part: to its
 * offers' bounds when they fit closer than the map is, else two steps closer; at the map's
 * closest zoom, offers still drawn as one (at one address, or side by side) are listed.
 */
export function clusterAction(
  cluster: Pick<OfferCluster, 'count' | 'offer'>,
  zoom: number,
  fitZoom: number,
  maxZoom: number,
): ClusterAction {
  if (cluster.count === 1 && cluster.offer) return 'card';
  if (Math.min(fitZoom, maxZoom) > zoom) return 'fit';
  return zoom < maxZoom ? 'zoom in' : 'list';
}

/** Where a cluster's centre falls on the screen, in pixels. */
export type Project = (lat: number, lng: number) => { x: number; y: number };

/** Space kept between two markers, in pixels. */
const GAP = 4;

/**
 * The clusters as drawn: those whose markers would overlap are merged, the largest taking in its
 * neighbours at their mean position (weighted by their counts), until no two overlap.
 */
export function mergeOverlapping(
  clusters: readonly OfferCluster[],
  project: Project,
  sizeOf: (count: number) => number,
): OfferCluster[] {
  let drawn = [...clusters].sort((a, b) => b.count - a.count);
  for (let merged = true; merged;) {
    merged = false;
    const next: OfferCluster[] = [];
    for (const cluster of drawn) {
      const at = project(cluster.lat, cluster.lng);
      const near = next.findIndex((other) => {
        const p = project(other.lat, other.lng);
        const reach = (sizeOf(other.count) + sizeOf(cluster.count)) / 2 + GAP;
        return Math.hypot(p.x - at.x, p.y - at.y) < reach;
      });
      if (near === -1) next.push(cluster);
      else {
        next[near] = merge(next[near]!, cluster);
        merged = true;
      }
    }
    drawn = next.sort((a, b) => b.count - a.count);
  }
  return drawn;
}

function merge(a: OfferCluster, b: OfferCluster): OfferCluster {
  const count = a.count + b.count;
  return {
    lat: (a.lat * a.count + b.lat * b.count) / count,
    lng: (a.lng * a.count + b.lng * b.count) / count,
    count,
    bounds: {
      west: Math.min(a.bounds.west, b.bounds.west),
      south: Math.min(a.bounds.south, b.bounds.south),
      east: Math.max(a.bounds.east, b.bounds.east),
      north: Math.max(a.bounds.north, b.bounds.north),
    },
    offer: null,
  };
}
