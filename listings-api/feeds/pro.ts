import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import {
  PRO_FEED_REPORT_PAGE,
  PRO_FEED_RUNS_PAGE,
  FeedCountsSchema,
  type ProFeedKey,
  type ProFeedReport,
  type ProFeedRun,
  type ProFeedRunList,
} from '../../shared/pro-feeds';
import type { Db } from '../db/connection';
import {
  countAgencyFeedRuns,
  selectAgencyFeedRun,
  selectAgencyFeedRuns,
  selectFeedKeyCreated,
} from '../repositories/feed-runs';
import type { FeedConfig } from './config';
import { audit } from '../pro/audit';
import { issueFeedKeyWith } from './keys';
import {
  emptyCounts,
  FeedReportSchema,
  FeedRunSummarySchema,
  readRowReports,
  ROWS_FILE,
  summarize,
  type FeedRunSummary,
} from './report';

// What the professional space shows of an agency's feeds, each function scoped to one agency (a
// run of another agency is not found): its runs, a run's report a page at a time (problem rows
// read from rows.jsonl, withdrawn offers from the summary), and a new feed key.

function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

function durationOf(startedAt: string | null, finishedAt: string | null): number | null {
  if (!startedAt || !finishedAt) return null;
  return Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt));
}

function countsOf(value: unknown) {
  const parsed = v.safeParse(FeedCountsSchema, value);
  return parsed.success ? parsed.output : emptyCounts();
}

/** A run as the space shows it: its row, and the times, reason and counts its report gives. */
function runOf(
  run: Pick<ProFeedRun, 'id' | 'status' | 'source'> & { created_at: Date | string },
  report: {
    startedAt: Date | string | null | undefined;
    finishedAt: Date | string | null | undefined;
    reason: string | null;
    counts: ProFeedRun['counts'];
  },
): ProFeedRun {
  const startedAt = iso(report.startedAt);
  const finishedAt = iso(report.finishedAt);
  return {
    id: run.id,
    status: run.status,
    source: run.source,
    receivedAt: iso(run.created_at) ?? '',
    startedAt,
    finishedAt,
    durationMs: durationOf(startedAt, finishedAt),
    reason: report.reason,
    counts: report.counts,
  };
}

/** The agency's feed runs, newest first, a page of PRO_FEED_RUNS_PAGE. */
export async function listAgencyFeedRuns(
  db: Db,
  agencyId: number,
  page = 1,
): Promise<ProFeedRunList> {
  const [rows, total] = await Promise.all([
    selectAgencyFeedRuns(db, agencyId, {
      offset: (page - 1) * PRO_FEED_RUNS_PAGE,
      limit: PRO_FEED_RUNS_PAGE,
    }),
    countAgencyFeedRuns(db, agencyId),
  ]);
  const items = rows.map((row) =>
    runOf(row, {
      startedAt: row.started_at,
      finishedAt: row.report_finished_at ?? row.finished_at,
      reason: row.reason,
      counts: countsOf(row.counts),
    }),
  );
  return { total, page, pageSize: PRO_FEED_RUNS_PAGE, items };
}

/** A run's summary as stored (older runs kept every row report in it). */
function storedSummary(report: unknown): FeedRunSummary | null {
  if (report === null || report === undefined) return null;
  const stored: unknown = typeof report === 'string' ? JSON.parse(report) : report;
  return typeof stored === 'object' && stored !== null && 'rows' in stored
    ? summarize(v.parse(FeedReportSchema, stored))
    : v.parse(FeedRunSummarySchema, stored);
}

/** The run's rows.jsonl, in done/ or failed/; null before the run is archived. */
export async function rowsFileOf(
  config: Pick<FeedConfig, 'doneDir' | 'failedDir'>,
  agency: string,
  runId: string,
): Promise<string | null> {
  for (const base of [config.doneDir, config.failedDir]) {
    const dir = path.join(base, agency);
    const names = await readdir(dir).catch(() => [] as string[]);
    const folder = names.find((name) => name.endsWith(`-${runId}`));
    if (folder) {
      const file = path.join(dir, folder, ROWS_FILE);
      return existsSync(file) ? file : null;
    }
  }
  return null;
}

/**
 * One run of the agency with a page of its problem rows and of its withdrawn offers (pages of
 * PRO_FEED_REPORT_PAGE, from 1); null when the run is not the agency's.
 */
export async function agencyFeedReport(
  db: Db,
  config: Pick<FeedConfig, 'doneDir' | 'failedDir'>,
  agencyId: number,
  runId: string,
  pages: { problems?: number; withdrawn?: number } = {},
): Promise<ProFeedReport | null> {
  const run = await selectAgencyFeedRun(db, agencyId, runId);
  if (!run) return null;
  const summary = storedSummary(run.report);
  const problemsPage = pages.problems ?? 1;
  const withdrawnPage = pages.withdrawn ?? 1;
  const size = PRO_FEED_REPORT_PAGE;
  const file = summary ? await rowsFileOf(config, run.slug, run.id) : null;
  const problemTotal = summary?.problemCount ?? 0;
  let problems = summary?.problems.slice((problemsPage - 1) * size, problemsPage * size) ?? [];
  // Past the summary's first problems, the rows come from rows.jsonl.
  if (file && problemTotal > (summary?.problems.length ?? 0)) {
    problems = await readRowReports(file, {
      offset: (problemsPage - 1) * size,
      limit: size,
      problemsOnly: true,
    });
  }
  const withdrawn = summary?.withdrawn ?? [];
  return {
    ...runOf(run, {
      startedAt: summary?.startedAt,
      finishedAt: summary?.finishedAt ?? run.finished_at,
      reason: summary?.reason ?? null,
      counts: summary?.counts ?? emptyCounts(),
    }),
    forced: summary?.forced ?? false,
    problems: {
      total: problemTotal,
      page: problemsPage,
      pageSize: size,
      items: problems.map((row) => ({
        line: row.line,
        reference: row.reference,
        outcome: row.outcome,
        column: row.column,
        position: row.position,
        reason: row.reason,
        photoProblems: row.photoProblems,
        paths: row.paths,
      })),
    },
    withdrawn: {
      total: withdrawn.length,
      page: withdrawnPage,
      pageSize: size,
      items: withdrawn.slice((withdrawnPage - 1) * size, withdrawnPage * size),
    },
    rowsReady: file !== null,
  };
}

/** When the agency's feed key was made (null: it has none). */
export async function feedKeyState(
  db: Db,
  agencyId: number,
): Promise<{ createdAt: string | null }> {
  return { createdAt: iso(await selectFeedKeyCreated(db, agencyId)) };
}

/**
 * A new feed key for the user's agency, the earlier one refused from now on, with the audit of
 * who made it in the same transaction.
 */
export async function rotateFeedKey(
  db: Db,
  who: { userId: number; agencyId: number },
): Promise<ProFeedKey> {
  const key = await db.kysely.transaction().execute(async (trx) => {
    const made = await issueFeedKeyWith(trx, who.agencyId);
    await audit(trx, who, 'feed-key-rotated', who.agencyId);
    return made;
  });
  const createdAt = iso(await selectFeedKeyCreated(db, who.agencyId)) ?? new Date().toISOString();
  return { key, createdAt };
}
