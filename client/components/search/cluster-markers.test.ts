import { describe, expect, it } from 'vitest';
import type { OfferCluster } from '../../../shared/contract';
import { formatCompact } from '../../../shared/format';
import { clusterAction, markerSize, mergeOverlapping, type Project } from './cluster-markers';

// Clusters as markers: sized by the count they show, never drawn over one another, and every
// offer of the search still counted once (pixels here are degrees times 1,000, a flat map).

const project: Project = (lat, lng) => ({ x: lng * 1000, y: -lat * 1000 });
const sizeOf = (count: number) => markerSize(count, formatCompact(count, 'fr'));

function cluster(lng: number, lat: number, count: number): OfferCluster {
  return {
    lat,
    lng,
    count,
    bounds: { west: lng - 0.001, south: lat - 0.001, east: lng + 0.001, north: lat + 0.001 },
    offer: null,
  };
}

/** A repeatable sequence of numbers in [0, 1). */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('cluster markers', () => {
  it('are as wide as the count they show, written short from a thousand', () => {
    expect(formatCompact(980, 'fr')).toBe('980');
    expect(formatCompact(5751, 'fr')).toBe('5,8\u00a0k');
    expect(formatCompact(5751, 'en')).toBe('5.8k');
    expect([1, 12, 980, 5751, 12_813].map(sizeOf)).toEqual([28, 36, 42, 56, 56]);
    expect(markerSize(4499, '4.5k')).toBe(48);
  });

  it('merges two markers that would overlap, at their mean position weighted by their counts', () => {
    const a = cluster(2.35, 48.86, 30);
    const b = cluster(2.37, 48.86, 10);
    const far = cluster(2.5, 48.86, 5);
    const drawn = mergeOverlapping([b, far, a], project, sizeOf);
    expect(drawn).toHaveLength(2);
    expect(drawn[0]).toEqual({
      lat: 48.86,
      lng: expect.closeTo(2.355, 9) as number,
      count: 40,
      bounds: { west: 2.349, south: 48.859, east: 2.371, north: 48.861 },
      offer: null,
    });
    expect(drawn[1]).toEqual(far);
  });

  it('leaves apart the markers that do not touch, an offer alone keeping its card', () => {
    const alone = { ...cluster(2.3, 48.8, 1), offer: { id: 7 } as OfferCluster['offer'] };
    const clusters = [alone, cluster(2.34, 48.8, 12), cluster(2.3, 48.84, 400)];
    const drawn = mergeOverlapping(clusters, project, sizeOf);
    expect(drawn).toHaveLength(3);
    expect(drawn.find((c) => c.count === 1)?.offer).toEqual({ id: 7 });
  });

  it('draws no two markers over one another and counts every offer once, however dense', () => {
    const next = random(42);
    const clusters = Array.from({ length: 400 }, () =>
      cluster(next() * 0.8, next() * 0.6, 1 + Math.floor(next() ** 4 * 3000)),
    );
    const drawn = mergeOverlapping(clusters, project, sizeOf);
    expect(drawn.length).toBeLessThan(clusters.length);
    expect(drawn.reduce((n, c) => n + c.count, 0)).toBe(clusters.reduce((n, c) => n + c.count, 0));
    for (const [i, a] of drawn.entries())
      for (const b of drawn.slice(i + 1)) {
        const p = project(a.lat, a.lng);
        const q = project(b.lat, b.lng);
        expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThanOrEqual(
          (sizeOf(a.count) + sizeOf(b.count)) / 2,
        );
      }
    // Each cluster's bounds are within those of the marker that took it in.
    for (const c of clusters) {
      const holders = drawn.filter(
        (d) =>
          d.bounds.west <= c.bounds.west &&
          d.bounds.east >= c.bounds.east &&
          d.bounds.south <= c.bounds.south &&
          d.bounds.north >= c.bounds.north,
      );
      expect(holders.length).toBeGreaterThan(0);
    }
  });

  it('zoom in on their offers until they part, and list those the closest zoom cannot part', () => {
    const many = cluster(2.35, 48.86, 2);
    const one = { ...cluster(2.35, 48.86, 1), offer: { id: 7 } as OfferCluster['offer'] };
    expect(clusterAction(one, 18, 18, 18)).toBe('card');
    // Its offers' bounds fit closer: to them (never beyond the closest zoom).
    expect(clusterAction(many, 12, 15, 18)).toBe('fit');
    expect(clusterAction(many, 17, 21, 18)).toBe('fit');
    // They fit at this zoom already (drawn as one side by side): two steps closer.
    expect(clusterAction(many, 12, 12, 18)).toBe('zoom in');
    // At the closest zoom: the list of the offers there.
    expect(clusterAction(many, 18, 18, 18)).toBe('list');
    expect(clusterAction(many, 18, 21, 18)).toBe('list');
  });
});
