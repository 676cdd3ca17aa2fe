// The agency directory's relevance index as the ranking page states it. The listings API computes
// it in SQL (listings-api/db/migrations/006-agency-relevance.ts); the directory's integration test
// recomputes it from these values and the tables, so the page, the SQL and the test agree.

export const RELEVANCE = {
  /** Points per active listing… */
  perListing: 2,
  /** …counted up to this many listings. */
  listingsCap: 20,
  /** Points for a share of complete listings of 1. */
  quality: 30,
  /** Photos a complete listing has at least (besides its price shown and a surface). */
  completePhotos: 8,
  /** Points for an average rating of 5 stars (0 for 1 star)… */
  reviews: 30,
  /** …in proportion to the number of reviews, counted up to this many. */
  reviewsCap: 10,
} as const;

/** The most points of each part and of the index. */
export const RELEVANCE_MAX = {
  listings: RELEVANCE.perListing * RELEVANCE.listingsCap,
  total: RELEVANCE.perListing * RELEVANCE.listingsCap + RELEVANCE.quality + RELEVANCE.reviews,
} as const;
