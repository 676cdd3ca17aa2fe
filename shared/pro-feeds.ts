import * as v from 'valibot';
import { BFF_PATHS } from './bff-paths';
import type { Lang } from './contract';
import { formSendRow as send, getRow as get } from './endpoint-rows';
import { ROUTE_BY_SCREEN } from './routes';

// The professional space's feed answers (listings API `/pro/feeds/…`): an agency's feed runs, one
// run's report a page at a time, a new feed key. The listings API builds them to these shapes and
// the web app parses them with the same schemas.

/** Runs in one page of the list. */
export const PRO_FEED_RUNS_PAGE = 20;
/** Problem rows, or withdrawn offers, in one page of a run's report. */
export const PRO_FEED_REPORT_PAGE = 50;

const Paths = v.object({ fr: v.string(), en: v.string() });

export const FEED_RUN_STATUSES = ['queued', 'running', 'done', 'rejected', 'failed'] as const;
export const FeedRunStatusSchema = v.picklist(FEED_RUN_STATUSES);
export type FeedRunStatus = v.InferOutput<typeof FeedRunStatusSchema>;

export const FEED_RUN_SOURCES = ['inbox', 'http', 'cli'] as const;

/** A run's counts by outcome, as its report (listings-api/feeds/report.ts) keeps them. */
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

/** A run as the list shows it. */
export const ProFeedRunSchema = v.object({
  id: v.string(),
  status: FeedRunStatusSchema,
  source: v.picklist(FEED_RUN_SOURCES),
  /** When it was received (ISO). */
  receivedAt: v.string(),
  /** When the import started and ended (ISO), null while queued or running. */
  startedAt: v.nullable(v.string()),
  finishedAt: v.nullable(v.string()),
  /** Import time in milliseconds, null until it ends. */
  durationMs: v.nullable(v.number()),
  /** Why a rejected or failed run was not applied. */
  reason: v.nullable(v.string()),
  counts: FeedCountsSchema,
});
export type ProFeedRun = v.InferOutput<typeof ProFeedRunSchema>;

/** A page of a list: its items and where it stands in the whole. */
const pageOf = <S extends v.GenericSchema>(item: S) =>
  v.object({ total: v.number(), page: v.number(), pageSize: v.number(), items: v.array(item) });

export const ProFeedRunListSchema = pageOf(ProFeedRunSchema);
export type ProFeedRunList = v.InferOutput<typeof ProFeedRunListSchema>;

/** A row of the feed that was rejected, or whose photos could not all be used. */
export const ProFeedProblemSchema = v.object({
  line: v.number(),
  reference: v.nullable(v.string()),
  outcome: v.picklist(['created', 'updated', 'unchanged', 'rejected']),
  column: v.nullable(v.string()),
  position: v.nullable(v.number()),
  reason: v.nullable(v.string()),
  photoProblems: v.array(v.string()),
  /** The offer's page when the row was published. */
  paths: v.nullable(Paths),
});
export type ProFeedProblem = v.InferOutput<typeof ProFeedProblemSchema>;

export const ProFeedWithdrawnSchema = v.object({
  reference: v.string(),
  offerId: v.number(),
  paths: v.nullable(Paths),
});

/** One run with a page of its problem rows and a page of the offers it withdrew. */
export const ProFeedReportSchema = v.object({
  ...ProFeedRunSchema.entries,
  forced: v.boolean(),
  problems: pageOf(ProFeedProblemSchema),
  withdrawn: pageOf(ProFeedWithdrawnSchema),
  /** False while the row reports are not written (queued, running). */
  rowsReady: v.boolean(),
});
export type ProFeedReport = v.InferOutput<typeof ProFeedReportSchema>;

export const ProFeedKeySchema = v.object({
  /** The new key, shown once: only its hash is kept. */
  key: v.string(),
  createdAt: v.string(),
});
export type ProFeedKey = v.InferOutput<typeof ProFeedKeySchema>;

/** Whether the agency has a feed key, and since when (the key itself is never shown again). */
export const ProFeedKeyStateSchema = v.object({ createdAt: v.nullable(v.string()) });

const pageParam = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number))]),
  v.integer('must be a page number'),
  v.minValue(1, 'must be a page number'),
  v.maxValue(100_000, 'must be a page number'),
);
const runId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a feed run id'));

export const ProFeedRunsQuerySchema = v.object({ page: v.optional(pageParam) });
export const ProFeedReportQuerySchema = v.object({
  id: runId,
  problems: v.optional(pageParam),
  withdrawn: v.optional(pageParam),
});

// ---------------------------------------------------------------------------------------------
// A feed sent from the professional space (server/pro/feed-upload.ts)

/** Why an upload was refused, and the status it answers. */
export const FEED_UPLOAD_REFUSALS = {
  'too-large': 413,
  type: 415,
  archive: 400,
  empty: 400,
  'too-many': 429,
  session: 401,
  'cross-site': 403,
  unavailable: 503,
} as const;
export type FeedUploadRefusal = keyof typeof FEED_UPLOAD_REFUSALS;
export const FeedUploadRefusalSchema = v.picklist(
  Object.keys(FEED_UPLOAD_REFUSALS) as FeedUploadRefusal[],
);

/** The outcome of an upload: queued with its run, or refused and why. */
export type FeedUploadAnswer =
  { status: 'queued'; runId: string } | { status: 'refused'; refused: FeedUploadRefusal };

/** The field of the upload form's file. */
export const FEED_UPLOAD_FIELD = 'feed';

/** Where the feeds page shows a run (`run`) or a refused upload (`refused`). */
export const FEED_PARAMS = {
  run: 'run',
  refused: 'refused',
  runsPage: 'page',
  problems: 'problems',
  withdrawn: 'withdrawn',
} as const;

/** The feeds page, showing an upload's outcome. */
export function proFeedsPath(lang: Lang, outcome?: FeedUploadAnswer): string {
  const base = ROUTE_BY_SCREEN.proFeeds.paths[lang];
  if (!outcome) return base;
  const query =
    outcome.status === 'queued'
      ? `${FEED_PARAMS.run}=${encodeURIComponent(outcome.runId)}`
      : `${FEED_PARAMS.refused}=${outcome.refused}`;
  return `${base}?${query}`;
}

/** The upload's path for a page in `lang`. */
export function feedUploadPath(lang: Lang): string {
  return `${BFF_PATHS.proFeedUpload}?lang=${lang}`;
}

// ---------------------------------------------------------------------------------------------
// Rows of the endpoint table (docs/endpoints.md), each sent with the signed-in user's session

export const proFeedGetEndpoints = {
  /** The agency's feed runs, newest first. */
  proFeedRuns: get({
    path: '/pro/feeds/runs',
    query: ProFeedRunsQuerySchema,
    answer: ProFeedRunListSchema,
    browser: '/api/pro/feeds/runs',
    session: true,
  }),
  /** One run's report with a page of its problem rows and of its withdrawn offers. */
  proFeedReport: get({
    path: (query) => `/pro/feeds/runs/${encodeURIComponent(query.id)}`,
    query: ProFeedReportQuerySchema,
    upstreamQuery: ({ id: _id, ...query }) => query,
    answer: ProFeedReportSchema,
    browser: '/api/pro/feeds/run',
    session: true,
  }),
  /** When the agency's feed key was made. */
  proFeedKey: get({
    path: '/pro/feeds/key',
    query: v.pipe(
      v.object({}),
      v.transform(() => ({}) as Record<string, never>),
    ),
    answer: ProFeedKeyStateSchema,
    browser: '/api/pro/feeds/key',
    session: true,
  }),
};

export const proFeedSendEndpoints = {
  /** An owner's new feed key, answered once (page action only). */
  proFeedKeyRotate: send({
    method: 'POST',
    path: '/pro/feeds/key',
    body: v.pipe(
      v.object({}),
      v.transform(() => ({}) as Record<string, never>),
    ),
    answer: ProFeedKeySchema,
    session: true,
  }),
};
