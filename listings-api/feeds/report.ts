import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as v from 'valibot';
import { FEED_RUN_SOURCES, FeedCountsSchema, type FeedCounts } from '../../shared/pro-feeds';

// The report of one feed run. The import builds it whole (FeedReport: a row report per line of
// annonces.csv); what is kept and served is its summary (FeedRunSummary: the counts by outcome and
// the first problems), in feed_runs, in report.json beside the processed feed and as the answer of
// GET /feeds/runs/{id}, with every row report in rows.jsonl beside it (one JSON a line, in line
// order) that GET /feeds/runs/{id}/rows pages through. A run of 100,000 rows stays a small answer.

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
  /** What is odd in a row that was still imported (e.g. fees that disagree with the price). */
  warnings: v.optional(
    v.array(
      v.object({ kind: v.picklist(['fees-mismatch']), column: v.string(), message: v.string() }),
    ),
    [],
  ),
});
export type FeedRowReport = v.InferOutput<typeof FeedRowReportSchema>;

export const FeedReportSchema = v.object({
  runId: v.string(),
  agency: v.string(),
  source: v.picklist(FEED_RUN_SOURCES),
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

/** Problem rows (rejected, with photo problems or warnings) kept in the summary; the others in rows.jsonl. */
export const SUMMARY_PROBLEMS = 50;

/** The row reports of a run, beside its report.json. */
export const ROWS_FILE = 'rows.jsonl';

export const FeedRunSummarySchema = v.object({
  ...v.omit(FeedReportSchema, ['rows']).entries,
  /** The first SUMMARY_PROBLEMS rows rejected, with photo problems or warnings, in line order. */
  problems: v.array(FeedRowReportSchema),
  /** Rows rejected, with photo problems or warnings in all. */
  problemCount: v.number(),
  /** Row reports of the run (GET /feeds/runs/{id}/rows pages through them). */
  rowCount: v.number(),
});
export type FeedRunSummary = v.InferOutput<typeof FeedRunSummarySchema>;

export function isProblem(row: FeedRowReport): boolean {
  return row.outcome === 'rejected' || row.photoProblems.length > 0 || row.warnings.length > 0;
}

/** The summary kept and served of a run's report. */
export function summarize(report: FeedReport): FeedRunSummary {
  const { rows, ...rest } = report;
  const problems = rows.filter(isProblem);
  return {
    ...rest,
    problems: problems.slice(0, SUMMARY_PROBLEMS),
    problemCount: problems.length,
    rowCount: rows.length,
  };
}

/** Writes the row reports as rows.jsonl holds them, a line each, streamed. */
export async function writeRowsFile(file: string, rows: readonly FeedRowReport[]): Promise<void> {
  function* lines() {
    for (const row of rows) yield `${JSON.stringify(row)}\n`;
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
}

// A line of rows.jsonl is a problem row when rejected or when its photo problems are not empty;
// told without parsing it (a quote inside a JSON string is escaped, so these keys are exact).
function isProblemLine(line: string): boolean {
  return line.includes('"outcome":"rejected"') || !line.includes('"photoProblems":[]');
}

/**
 * A page of a run's rows.jsonl, in line order: the row reports from `offset` on (counting only
 * problem rows when `problemsOnly`), at most `limit`. Read as a stream up to the page's end.
 */
export async function readRowReports(
  file: string,
  page: { offset: number; limit: number; problemsOnly?: boolean },
): Promise<FeedRowReport[]> {
  const rows: FeedRowReport[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let index = 0;
  try {
    for await (const line of lines) {
      if (index >= page.offset + page.limit) break;
      if (line === '') continue;
      if (page.problemsOnly && !isProblemLine(line)) continue;
      if (index >= page.offset) rows.push(v.parse(FeedRowReportSchema, JSON.parse(line)));
      index += 1;
    }
  } finally {
    lines.close();
  }
  return rows;
}

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
