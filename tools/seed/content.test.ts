import { describe, expect, it } from 'vitest';
import { SETTINGS_KEYS } from '../../listings-api/db/config-values';
import { ATOUT_KEYS, MOSAIC_RUBRIQUES } from './catalog';
import { buildExternalLinks, buildOmrConfig, buildSettings } from './content';
import { buildGeography } from './geography';

const geo = buildGeography();

describe('settings', () => {
  const settings = buildSettings();

  it('holds every settings key', () => {
    expect(Object.keys(settings).sort()).toEqual([...SETTINGS_KEYS].sort());
  });

  it.each([
    ['enabledNaturesIds', ['V', 'L', 'S']],
    ['enableContactProximite', true],
    ['maxContact', 5],
    ['minHubLinkCount', 3],
  ] as const)('sets %s to %j', (key, value) => {
    expect(settings[key]).toEqual(value);
  });

  it('offers all 25 atouts as search criteria', () => {
    expect(settings.formCriteriasAssets).toEqual(ATOUT_KEYS.map((key) => ({ key })));
  });

  it('links social media on example domains, and has a title and description per language', () => {
    expect(Object.keys(settings.socialMedia).sort()).toEqual([
      'facebook',
      'instagram',
      'linkedin',
      'youtube',
    ]);
    for (const url of Object.values(settings.socialMedia))
      expect(new URL(url).hostname.endsWith('example.com')).toBe(true);
    for (const text of [
      settings.title.fr,
      settings.title.en,
      settings.description.fr,
      settings.description.en,
    ])
      expect(text.length).toBeGreaterThan(10);
  });
});

describe('omr configuration', () => {
  const omr = buildOmrConfig(geo);

  it('promotes four groups of seeded lieux in the footer', () => {
    expect(omr['footer.promoteLieux'].map((g) => g.title.en)).toEqual([
      'French Riviera',
      'Alps',
      'Paris',
      'International',
    ]);
    for (const g of omr['footer.promoteLieux']) {
      expect(g.lieux.length).toBeGreaterThanOrEqual(4);
      for (const id of g.lieux) expect(geo.byId.has(id)).toBe(true);
    }
  });

  it('shows the mosaic rubriques and a cache tag', () => {
    expect(omr.mosaicRubs).toEqual(MOSAIC_RUBRIQUES);
    expect(omr.cache_tags).toEqual(['omr-1']);
  });
});

describe('external links', () => {
  const links = buildExternalLinks(geo);

  it('gives 3 to 5 business links to each place that has some, on an example domain', () => {
    const perLieu = new Map<number | null, number>();
    for (const l of links) perLieu.set(l.lieu_id, (perLieu.get(l.lieu_id) ?? 0) + 1);
    for (const n of perLieu.values()) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
    expect(perLieu.has(geo.genericId)).toBe(true);
    expect(perLieu.has(geo.bySlug.get('saint-tropez')?.id as number)).toBe(true);
    for (const l of links) expect(new URL(l.url).hostname).toBe('pro.example.com');
    expect(new Set(links.map((l) => l.id)).size).toBe(links.length);
  });
});
