import pg from 'pg';
import { withOption, type Db } from '../db/connection';

// The election of the instance that runs the periodic jobs (alert mails, feed inbox, retention
// purge). Every listings-API instance with LISTINGS_JOBS=1 stands; the one holding a
// session-level PostgreSQL advisory lock, on a connection of its own kept open while it lives,
// runs them. The others try to take the lock every `retryMs`. When the leader's process dies,
// PostgreSQL ends its session and frees the lock at once: another instance takes over at its next
// try, within `retryMs` (5 s by default). A leader cut off without its socket closing (a machine
// gone from the network) is noticed by the server's TCP keepalives (set on the session: 10 s idle,
// then 3 probes 5 s apart), so takeover then comes within about 25 s + `retryMs`. The leader
// checks its session at the same pace and steps down when it is lost (the jobs already tolerate
// an overlap: the outbox leases its rows, digests reserve their offers).
// PGlite serves one process: it simply runs the jobs.

/** How often a standby instance tries to take the jobs over (ms). */
export const DEFAULT_JOBS_RETRY_MS = 5000;

/** The advisory lock's key, the same in every instance (a 64-bit number in PostgreSQL). */
export const JOBS_LOCK_KEY = 7_305_118_233_091;

export interface JobsLeader {
  /** This instance runs the jobs now. */
  readonly leading: boolean;
  /** Calls `listener` each time this instance starts or stops leading; returns the unsubscribe. */
  onChange(listener: (leading: boolean) => void): () => void;
  /** Stops standing: frees the lock (the jobs must be stopped first). */
  close(): Promise<void>;
}

export interface JobsLeaderOptions {
  retryMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Stands for the jobs on `db`'s primary; leads at once on PGlite. */
export function startJobsLeader(db: Db, options: JobsLeaderOptions = {}): JobsLeader {
  const listeners = new Set<(leading: boolean) => void>();
  const onChange = (listener: (leading: boolean) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  if (db.kind === 'pglite' || !db.url) {
    return { leading: true, onChange, close: async () => {} };
  }
  const url = withOption(
    db.url,
    '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
  );
  const retryMs = options.retryMs ?? DEFAULT_JOBS_RETRY_MS;
  let leading = false;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | null = null;

  const setLeading = (value: boolean) => {
    if (value === leading) return;
    leading = value;
    options.log?.[value ? 'info' : 'warn'](
      { retryMs },
      value ? 'running the periodic jobs' : 'no longer running the periodic jobs',
    );
    for (const listener of listeners) listener(value);
  };

  const drop = () => {
    const c = client;
    client = null;
    setLeading(false);
    void c?.end().catch(() => undefined);
  };

  const tryOnce = async () => {
    try {
      if (!client) {
        const c = new pg.Client({
          connectionString: url,
          keepAlive: true,
          connectionTimeoutMillis: 5000,
          query_timeout: 5000,
        });
        // A lost session: the lock went with it.
        c.on('error', () => {
          if (client === c) drop();
        });
        client = c;
        await c.connect();
      }
      if (leading) {
        await client.query('SELECT 1');
      } else {
        const { rows } = await client.query<{ taken: boolean }>(
          'SELECT pg_try_advisory_lock($1::bigint) AS taken',
          [JOBS_LOCK_KEY],
        );
        if (closed) return;
        setLeading(rows[0]?.taken === true);
      }
    } catch {
      drop();
    }
  };

  const loop = () => {
    attempt = tryOnce().finally(() => {
      attempt = null;
      if (!closed) {
        timer = setTimeout(loop, retryMs);
        timer.unref();
      }
    });
  };
  loop();

  return {
    get leading() {
      return leading;
    },
    onChange,
    async close() {
      closed = true;
      clearTimeout(timer);
      await attempt;
      const c = client;
      client = null;
      leading = false;
      // Ending the session frees the lock: a standby instance takes over at its next try.
      await c?.end().catch(() => undefined);
    },
  };
}
