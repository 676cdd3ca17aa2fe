import * as v from 'valibot';

// The report of one feed run: report.json beside a processed feed, and the answer of
// GET /feeds/runs/{id}.

const PathsSchema = v.object({ fr: v.string(), en: v.string() });

export const FeedRowReportSchema = v.object({
  /** Line of annonces.csv (1-based). */
  line: v.number(),
  reference: v.nullable(v.string()),
  outcome: v.picklist(['created', 'updated', 'unchanged', 'rejected']),
  offerId: v.nullable(v.number()),
  /** The offer's public page in each language (web app paths). */
  paths: v.nullable(PathsSchema),
  /** Why the row was rejected: with its column when one is at fault. */
  reason: v.nullable(v.string()),
  position: v.nullable(v.number()),
  column: v.nullable(v.string()),
  /**
   * Photos of the row that could not be used (the offer keeps the others, and its current photo
   * in the place of each).
   */
  photoProblems: v.array(v.string()),
});
export type FeedRowReport = v.InferOutput<typeof FeedRowReportSchema>;

export const FeedCountsSchema = v.object({
  rows: v.number(),
  created: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  withdrawn: v.number(),
  rejected: v.number(),
  /** Photos resized and stored by this run. */
  photosProcessed: v.number(),
  /** Photos already stored (same bytes or same URL): no work. */
  photosReused: v.number(),
  photosFailed: v.number(),
});
export type FeedCounts = v.InferOutput<typeof FeedCountsSchema>;

export const FeedReportSchema = v.object({
  runId: v.string(),
  agency: v.string(),
  source: v.picklist(['inbox', 'http', 'cli']),
  /**
   * done: applied; rejected: not applied at all (not a Poliris file, mass withdrawal, empty
   * feed), with the reason; failed: stopped by an error (what was written before stays).
   */
  status: v.picklist(['queued', 'running', 'done', 'rejected', 'failed']),
  reason: v.nullable(v.string()),
  forced: v.boolean(),
  startedAt: v.nullable(v.string()),
  finishedAt: v.nullable(v.string()),
  counts: FeedCountsSchema,
  rows: v.array(FeedRowReportSchema),
  withdrawn: v.array(
    v.object({ reference: v.string(), offerId: v.number(), paths: v.nullable(PathsSchema) }),
  ),
  /** Cache tags invalidated by this run (also in GET /changes). */
  tags: v.number(),
});
export type FeedReport = v.InferOutput<typeof FeedReportSchema>;

export function emptyCounts(): FeedCounts {
  return {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    rejected: 0,
    photosProcessed: 0,
    photosReused: 0,
    photosFailed: 0,
  };
}
