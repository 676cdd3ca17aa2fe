// How long a page may be kept, in the edge and in the browser: a screen may declare its own
// (client/app/screen.ts), the server writes it as Cache-Control (server/ssr/cache.ts).

export interface CachePolicy {
  /** Edge cache lifetime (s). */
  sMaxAge: number;
  /** Served stale while the edge refreshes (s). */
  staleWhileRevalidate: number;
  /** Browser cache lifetime (s). */
  maxAge?: number;
  /** The page shows the visitor's own data (cookies): `private, no-store`, the rest is ignored. */
  private?: boolean;
}
