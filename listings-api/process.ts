import {
  startListingsApi,
  type EmbeddedListingsOptions,
  type RunningListingsApi,
} from './embedded';

// The embedded listings API in a process of its own, forked by the web app's main process
// (server/listings-process.ts) so that PGlite, the seed and the jobs never take the web app's
// event loop. Talks over the IPC channel:
//   child  → { type: 'listening' }       its message handler is in place
//   parent → { type: 'start', options }  once, in answer
//   child  → { type: 'ready', url }      listening (after migrating and, the first time, seeding)
//   child  → { type: 'failed', message } could not start; the process then exits 1
//   parent → { type: 'close' }           stop: the HTTP server, the jobs, then the database
// The database is always closed before the process exits, so PGlite's data directory stays
// whole: a stop asked while the database is still being migrated or seeded waits for that to end.

/**
 * What the parent may send: the options of startListingsApi that travel as JSON. The rest of the
 * config (mails, feeds, purge, metrics) this process reads from the environment it inherits.
 */
export type ListingsProcessOptions = Omit<EmbeddedListingsOptions, 'loadDataDir' | 'config'>;

export type ToListingsProcess =
  { type: 'start'; options: ListingsProcessOptions } | { type: 'close' };

export type FromListingsProcess =
  { type: 'listening' } | { type: 'ready'; url: string } | { type: 'failed'; message: string };

function send(message: FromListingsProcess): void {
  if (process.connected) process.send?.(message);
}

if (!process.send) {
  console.error('listings-api/process.ts is started by the web app (server/main.ts)');
  process.exit(2);
}

let started: Promise<RunningListingsApi | undefined> | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    try {
      const api = await started;
      await api?.close();
    } catch (err) {
      console.error('listings API: stop failed', err);
      code = 1;
    }
    process.disconnect?.();
    process.exit(code);
  }
  return new Promise<never>(() => {});
}

process.on('message', (message: ToListingsProcess) => {
  if (message.type === 'start' && !started) {
    started = startListingsApi(message.options).then(
      (api) => {
        if (!stopping) send({ type: 'ready', url: api.url });
        return api;
      },
      (err: unknown) => {
        console.error('listings API: start failed', err);
        send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
        process.exit(1);
      },
    );
  } else if (message.type === 'close') {
    void stop(0);
  }
});

send({ type: 'listening' });

// The parent gone (killed without a word): stop cleanly rather than linger as an orphan.
process.on('disconnect', () => void stop(0));
// Ctrl-C reaches the whole process group: the parent orders the stop (web processes first).
process.on('SIGINT', () => {});
// A SIGTERM sent to this process alone stops it cleanly (the parent then stops the portal).
process.on('SIGTERM', () => void stop(0));
