import type { CachePolicy } from '../../shared/cache-policy';

// Cache-Control of pages and the edge cache tag header. Anonymous pages are public: the CDN keeps
// them (s-maxage) and serves them stale while it refreshes; browsers revalidate. Errors other
// than not-found are never cached.

export const DEFAULT_PAGE_CACHE: CachePolicy = {
  maxAge: 0,
  sMaxAge: 300,
  staleWhileRevalidate: 3600,
};
export const NOT_FOUND_CACHE: CachePolicy = { maxAge: 0, sMaxAge: 60, staleWhileRevalidate: 300 };

export function pageCacheControl(status: number, policy: CachePolicy | undefined): string {
  // A page with the visitor's own data is never kept by a shared cache, whatever its status.
  if (policy?.private) return 'private, no-store';
  if (status === 404 || status === 410) return formatPolicy(NOT_FOUND_CACHE);
  if (status >= 400) return 'no-store';
  return formatPolicy(policy ?? DEFAULT_PAGE_CACHE);
}

function formatPolicy(policy: CachePolicy): string {
  return `public, max-age=${policy.maxAge ?? 0}, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}

/** Tag headers whose tags are separated by spaces; any other (Cache-Tag) takes commas. */
const SPACE_SEPARATED = new Set(['surrogate-key', 'xkey']);

/**
 * The tag header's value: Surrogate-Key (Fastly) and xkey (Varnish's xkey vmod) are
 * space-separated, Cache-Tag (Cloudflare) comma-separated. Sorted: a page's loaders add their
 * tags in the order their data arrives, and the same page must give the same header.
 */
export function cacheTagValue(headerName: string, tags: Iterable<string>): string {
  const clean = [...new Set(tags)].filter((tag) => /^[\w:.\-/]+$/.test(tag)).sort();
  return clean.join(SPACE_SEPARATED.has(headerName.toLowerCase()) ? ' ' : ',');
}
