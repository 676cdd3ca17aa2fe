import { describe, expect, it } from 'vitest';
import { AGENCY_COUNT, buildAgencies } from './agencies';
import { buildGeography, lieuPath, type LieuRow } from './geography';
import { DEFAULT_NOW, DEFAULT_SEED } from './index';
import { REVIEW_RESPONSES } from './phrases';

const geo = buildGeography();
const data = buildAgencies(DEFAULT_SEED, geo, DEFAULT_NOW);

describe('networks and agencies', () => {
  it('invents about fifteen networks with unique slugs and websites on the reserved .example domain', () => {
    expect(data.networks).toHaveLength(15);
    expect(new Set(data.networks.map((n) => n.slug)).size).toBe(15);
    for (const n of data.networks)
      expect(n.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example$/);
  });

  it('seeds about 300 agencies with unique slugs and names', () => {
    expect(data.agencies).toHaveLength(AGENCY_COUNT);
    expect(new Set(data.agencies.map((a) => a.slug)).size).toBe(AGENCY_COUNT);
    expect(new Set(data.agencies.map((a) => a.name)).size).toBe(AGENCY_COUNT);
    for (const a of data.agencies) expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('is the same for the same seed', () => {
    expect(buildAgencies(DEFAULT_SEED, geo, DEFAULT_NOW)).toEqual(data);
  });

  it('locates each agency in a seeded lieu with its path', () => {
    for (const a of data.agencies) {
      const lieu = geo.byId.get(a.lieu_id) as LieuRow;
      expect(lieu).toBeDefined();
      expect(a.lieu_path).toEqual(lieuPath(lieu));
      expect(a.ville.length).toBeGreaterThan(1);
    }
  });

  it('gives French agencies a postcode and a fictional French phone number', () => {
    const french = data.agencies.filter(
      (a) => !a.lieu_path.some((id) => geo.byId.get(id)?.is_foreign_country),
    );
    expect(french.length).toBeGreaterThan(200);
    for (const a of french) {
      expect(a.cp).toMatch(/^\d{5}$/);
      expect(a.phone).toMatch(/^0[1-5] \d\d \d\d \d\d \d\d$/);
    }
  });

  it('gives each agency its own e-mail domain and website under the reserved .example domain', () => {
    for (const a of data.agencies) {
      expect(a.email).toBe(`contact@${a.slug}.example`);
      // Each agency's own site, on the reserved .example domain, never example.com.
      if (a.website) expect(a.website).toBe(`https://www.${a.slug}.example`);
      expect(a.description_fr).toContain(a.name);
      expect(a.description_en).toContain(a.name);
    }
  });

  it('keeps a few inactive agencies and a share of independents', () => {
    const inactive = data.agencies.filter((a) => !a.active).length;
    expect(inactive).toBeGreaterThan(2);
    expect(inactive).toBeLessThan(30);
    const independent = data.agencies.filter((a) => a.network_id === null).length;
    expect(independent).toBeGreaterThan(20);
    expect(independent).toBeLessThan(80);
  });

  it('publishes a fee scale per nature, decreasing with the sale price', () => {
    for (const a of data.agencies) {
      const sale = a.fee_scale.filter((b) => b.nature === 'V');
      expect(sale.length).toBeGreaterThan(2);
      for (let i = 1; i < sale.length; i++) {
        expect(sale[i]?.from).toBe(sale[i - 1]?.to);
        expect(sale[i]?.percent as number).toBeLessThanOrEqual(sale[i - 1]?.percent as number);
      }
      for (const b of sale) {
        expect(b.percent).toBeGreaterThanOrEqual(3);
        expect(b.percent).toBeLessThanOrEqual(6.5);
      }
      expect(a.fee_scale.some((b) => b.nature === 'L')).toBe(true);
      expect(a.fee_scale.some((b) => b.nature === 'S')).toBe(true);
    }
  });
});

describe('reviews', () => {
  it('gives 0 to 20 reviews per agency, in French and English, rated 1 to 5', () => {
    const perAgency = new Map<number, number>();
    for (const r of data.reviews) perAgency.set(r.agency_id, (perAgency.get(r.agency_id) ?? 0) + 1);
    for (const n of perAgency.values()) expect(n).toBeLessThanOrEqual(20);
    expect(perAgency.size).toBeLessThan(AGENCY_COUNT);
    expect(new Set(data.reviews.map((r) => r.lang))).toEqual(new Set(['fr', 'en']));
    for (const r of data.reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.author).toMatch(/^\p{L}+ [A-Z]\.$/u);
      expect(r.created_at.getTime()).toBeLessThan(DEFAULT_NOW.getTime());
    }
    const answered = data.reviews.filter((r) => r.response !== null).length / data.reviews.length;
    expect(answered).toBeGreaterThan(0.2);
    expect(answered).toBeLessThan(0.6);
  });

  it("answers each review in the review's language and in its tone", () => {
    const answered = data.reviews.filter((r) => r.response !== null);
    for (const r of answered) {
      const tone = r.rating >= 4 ? 'good' : 'critical';
      expect(REVIEW_RESPONSES[tone][r.lang]).toContain(r.response);
    }
    expect(answered.some((r) => r.rating <= 3)).toBe(true);
    expect(answered.some((r) => r.rating >= 4)).toBe(true);
  });
});

describe('omr agency lists', () => {
  it('lists active agencies of each plaque, largest first', () => {
    const size = new Map(data.refs.map((r) => [r.id, r.size]));
    expect(data.omrAgencyLists.length).toBeGreaterThanOrEqual(6);
    for (const list of data.omrAgencyLists) {
      expect(list.agencies.length).toBeGreaterThan(0);
      const rows = list.agencies.map((id) => data.agencies.find((a) => a.id === id));
      for (const a of rows) {
        expect(a?.active).toBe(true);
        expect(a?.lieu_path).toContain(list.lieu_id);
      }
      for (let i = 1; i < rows.length; i++)
        expect(size.get(rows[i]!.id)).toBeLessThanOrEqual(size.get(rows[i - 1]!.id)!);
    }
  });
});

describe('agency sizes', () => {
  it('gives each agency a size from 0 to 100 for the offer generator, and no stored relevance', () => {
    expect(data.refs.map((r) => r.id)).toEqual(data.agencies.map((a) => a.id));
    for (const r of data.refs) {
      expect(Number.isInteger(r.size)).toBe(true);
      expect(r.size).toBeGreaterThanOrEqual(0);
      expect(r.size).toBeLessThanOrEqual(100);
    }
    expect(new Set(data.refs.map((r) => r.size)).size).toBeGreaterThan(50);
    // The directory's relevance is computed by the listings API from offers and reviews.
    for (const a of data.agencies) expect(a).not.toHaveProperty('relevance');
  });
});
