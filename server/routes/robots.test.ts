import { describe, expect, it } from 'vitest';
import { robotsTxt } from './sitemap';

// robots.txt is read by crawlers: its paths come from the shared tables (BFF paths, the route
// table), and this pins what they say.

describe('robots.txt', () => {
  it('keeps the BFF endpoints and the visitor’s own pages out of crawlers’ way', () => {
    const lines = robotsTxt('https://portal.example').split('\n');
    expect(lines.slice(0, 9)).toEqual([
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /lang/',
      'Disallow: /fr/search/',
      'Disallow: /en/search/',
      'Disallow: /fr/favoris/',
      'Disallow: /en/wishlist/',
      'Disallow: /fr/alertes/',
      'Disallow: /en/alerts/',
    ]);
    expect(lines).toContain('Sitemap: https://portal.example/sitemap.xml');
    expect(lines).toContain('Allow: /');
  });
});
