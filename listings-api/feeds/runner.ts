import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import * as v from 'valibot';
import { loadPortalConfig } from '../alerts/portal-config';
import type { Db } from '../db/connection';
import type { FeedRunSource } from '../db/types';
import { startPeriodic, type Periodic } from '../lib/periodic';
import type { JobsLeader } from '../lib/jobs-leader';
import type { ReferenceCache } from '../lib/reference';
import { extractFeedZip, FeedArchiveError } from './archive';
import { feedZipLimits, type FeedConfig } from './config';
import { selectAgencyBySlug } from '../repositories/agencies';
import { insertQueuedFeedRun, recordStoppedFeedRun } from '../repositories/feed-import';
import { importFeed } from './import';
import { loadMappingReference } from './mapping';
import { createPhotoStore, type PhotoStore } from './photos';
import { emptyCounts, ROWS_FILE, summarize, writeRowsFile, type FeedReport } from './report';

// The feed runner of the listings API: imports run one at a time, in the background, whether they
// came by the inbox (agencies' software drops files by FTP into inbox/<agency>/), by HTTP
// (POST /feeds/{agency}) or by the command line. A processed feed moves to
// done/<agency>/<timestamp>/ with report.json beside it; a rejected one to failed/….
//
// When is a feed in the inbox complete? When its folder holds a `.done` marker file, at once;
// otherwise once none of its files changed for settleMs (FEEDS_SETTLE_MS, 30 s): FTP uploads
// write files progressively, and an agency's software rarely writes a marker.

export const DONE_MARKER = '.done';

/** First key of the advisory lock that keeps two instances from importing one agency at once. */
export const FEED_LOCK = 7_310_432;

/** What a `.done` marker may say (the command line writes it; an empty marker is fine). */
const MarkerSchema = v.object({
  runId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/))),
  force: v.optional(v.boolean()),
});

export interface FeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface FeedRunner {
  readonly config: FeedConfig;
  /**
   * Queues the import of a feed folder (annonces.csv and photos, or a zip) owned by the runner
   * from now on: it is moved to done/ or failed/ with its report afterwards.
   */
  submit(job: FeedJob): { runId: string; report: Promise<FeedReport> };
  /** One look at the inbox: queues every complete feed; resolves when they are queued. */
  scanInbox(): Promise<number>;
  /** Resolves once no import is running or queued. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface FeedJob {
  agency: { id: number; slug: string };
  /** A folder of the work dir holding the feed (annonces.csv and photos, or one .zip). */
  dir: string;
  source: FeedRunSource;
  force?: boolean;
  runId?: string;
}

export function newRunId(): string {
  return randomBytes(12).toString('base64url');
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** Moves a folder, across file systems if need be. */
async function moveDir(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

function rejectedReport(
  runId: string,
  agency: string,
  source: FeedRunSource,
  reason: string,
): FeedReport {
  const at = new Date().toISOString();
  return {
    runId,
    agency,
    source,
    status: 'rejected',
    reason,
    forced: false,
    startedAt: at,
    finishedAt: at,
    counts: emptyCounts(),
    rows: [],
    withdrawn: [],
    tags: 0,
  };
}

export function createFeedRunner(
  db: Db,
  options: {
    config: FeedConfig;
    reference: ReferenceCache;
    photosDir: string;
    log: FeedLog;
    /** Called after an import that changed offers. */
    onChange?: () => void;
    /** Look at the inbox every config.intervalMs (default true when it is above 0). */
    scheduler?: boolean;
    /** The election among instances: the inbox is looked at only while this one leads. */
    leader?: JobsLeader;
  },
): FeedRunner {
  const { config, log } = options;
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let closed = false;
  let photos: PhotoStore | null = null;

  const photoStore = () =>
    (photos ??= createPhotoStore(db, {
      photosDir: options.photosDir,
      allowedHosts: config.photoHosts,
      fetchTimeoutMs: config.photoTimeoutMs,
      maxBytes: config.photoMaxBytes,
    }));

  /**
   * Runs an agency's import once no other instance imports the same agency: on PostgreSQL a
   * session advisory lock held on a connection of its own for the run (a feed is compared with
   * the stock as it is, so two runs of one agency must not interleave). PGlite serves one
   * process, whose runs are already one at a time.
   */
  async function oneAtATime<T>(agencyId: number, work: () => Promise<T>): Promise<T> {
    if (db.kind === 'pglite') return work();
    return db.kysely.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${FEED_LOCK}, ${agencyId})`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${FEED_LOCK}, ${agencyId})`.execute(conn);
      }
    });
  }

  /**
   * The folder's feed: itself when it holds annonces.csv, else its zip extracted beside (an
   * upload's zip was extracted when it was received: its extracted/ folder).
   */
  async function feedFolder(dir: string): Promise<string> {
    const names = await readdir(dir);
    if (names.some((n) => n.toLowerCase() === 'annonces.csv')) return dir;
    const zip = names.find((n) => n.toLowerCase().endsWith('.zip'));
    const out = path.join(dir, 'extracted');
    if (!zip) return names.includes('extracted') ? out : dir;
    await extractFeedZip(path.join(dir, zip), out, feedZipLimits(config));
    return out;
  }

  async function run(job: FeedJob, runId: string): Promise<FeedReport> {
    let report: FeedReport;
    try {
      const folder = await feedFolder(job.dir);
      const reference = await options.reference.get();
      const [mapping, portalConfig] = await Promise.all([
        loadMappingReference(db),
        loadPortalConfig(db, reference),
      ]);
      report = await oneAtATime(job.agency.id, () =>
        importFeed(
          { db, reference, mapping, config: portalConfig, photos: photoStore() },
          { runId, agency: job.agency, dir: folder, source: job.source, force: job.force },
        ),
      );
    } catch (err) {
      const reason =
        err instanceof FeedArchiveError
          ? err.message
          : `the import stopped: ${err instanceof Error ? err.message : String(err)}`;
      report = rejectedReport(runId, job.agency.slug, job.source, reason);
      if (!(err instanceof FeedArchiveError)) report.status = 'failed';
      await recordStoppedFeedRun(
        db,
        { id: runId, agencyId: job.agency.id, source: job.source },
        report.status,
        JSON.stringify(summarize(report)),
      ).catch((e: unknown) => log.error({ err: e, runId }, 'feed run not recorded'));
    }
    // The feed and its report go to done/ or failed/.
    const target = path.join(
      report.status === 'done' ? config.doneDir : config.failedDir,
      job.agency.slug,
      `${stamp(new Date())}-${runId}`,
    );
    try {
      await moveDir(job.dir, target);
      await writeRowsFile(path.join(target, ROWS_FILE), report.rows);
      await writeFile(
        path.join(target, 'report.json'),
        `${JSON.stringify(summarize(report), null, 2)}\n`,
      );
    } catch (err) {
      log.error({ err, runId, dir: job.dir }, 'feed not archived');
    }
    const { counts } = report;
    log.info(
      { runId, agency: job.agency.slug, source: job.source, status: report.status, counts },
      report.reason ? `feed ${report.status}: ${report.reason}` : `feed ${report.status}`,
    );
    if (counts.created + counts.updated + counts.withdrawn > 0) options.onChange?.();
    return report;
  }

  function submit(job: FeedJob): { runId: string; report: Promise<FeedReport> } {
    const runId = job.runId ?? newRunId();
    queued += 1;
    const recorded = insertQueuedFeedRun(db, {
      id: runId,
      agencyId: job.agency.id,
      source: job.source,
    });
    // Its failure is the run's, met when the run awaits it: not a rejection left unhandled meanwhile.
    recorded.catch(() => undefined);
    const report = chain.then(async () => {
      await recorded;
      return run(job, runId);
    });
    chain = report
      .catch((err: unknown) => log.error({ err, runId }, 'feed run failed'))
      .finally(() => {
        queued -= 1;
      });
    return { runId, report };
  }

  // Scans in progress: closing waits for them, since a scan submits the feeds it takes.
  const scans = new Set<Promise<number>>();

  function scanInbox(): Promise<number> {
    if (closed) return Promise.resolve(0);
    const scan = scanOnce();
    scans.add(scan);
    void scan.then(
      () => scans.delete(scan),
      () => scans.delete(scan),
    );
    return scan;
  }

  async function scanOnce(): Promise<number> {
    let agencies: string[];
    try {
      agencies = (await readdir(config.inboxDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
        .map((d) => d.name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let taken = 0;
    for (const slug of agencies) {
      // Closing: no more feeds are taken (those taken already are imported before it ends).
      if (closed) break;
      const dir = path.join(config.inboxDir, slug);
      const names = await readdir(dir);
      if (names.filter((n) => n !== DONE_MARKER).length === 0) continue;
      const marked = names.includes(DONE_MARKER);
      if (!marked) {
        const times = await Promise.all(names.map((n) => stat(path.join(dir, n))));
        const newest = Math.max(...times.map((s) => s.mtimeMs));
        if (Date.now() - newest < config.settleMs) continue;
      }
      let marker: v.InferOutput<typeof MarkerSchema> = {};
      if (marked) {
        const text = await readFile(path.join(dir, DONE_MARKER), 'utf8').catch(() => '');
        try {
          const parsed = v.safeParse(MarkerSchema, text.trim() ? JSON.parse(text) : {});
          if (parsed.success) marker = parsed.output;
        } catch {
          // A marker that is not JSON is a plain marker.
        }
      }
      const runId = marker.runId ?? newRunId();
      // The feed leaves the inbox before it is read: the agency may drop the next one meanwhile.
      const work = path.join(config.workDir, `${slug}-${runId}`);
      await moveDir(dir, work);
      await mkdir(dir, { recursive: true });
      await rm(path.join(work, DONE_MARKER), { force: true });
      taken += 1;
      const agency = await selectAgencyBySlug(db, slug);
      if (!agency) {
        const target = path.join(config.failedDir, slug, `${stamp(new Date())}-${runId}`);
        await moveDir(work, target);
        const report = rejectedReport(runId, slug, 'inbox', `unknown agency: ${slug}`);
        await writeFile(
          path.join(target, 'report.json'),
          `${JSON.stringify(summarize(report), null, 2)}\n`,
        );
        log.warn({ runId, agency: slug }, 'feed of an unknown agency rejected');
        continue;
      }
      submit({ agency, dir: work, source: 'inbox', force: marker.force, runId });
    }
    return taken;
  }

  let periodic: Periodic | null = null;
  if ((options.scheduler ?? true) && config.intervalMs > 0) {
    periodic = startPeriodic(
      async () => {
        await scanInbox();
      },
      config.intervalMs,
      (err) => log.error({ err }, 'feed inbox scan failed'),
      options.leader,
    );
  }

  return {
    config,
    submit,
    scanInbox,
    async idle() {
      while (queued > 0) await chain;
    },
    async close() {
      closed = true;
      await periodic?.stop();
      await Promise.allSettled(scans);
      while (queued > 0) await chain;
    },
  };
}
