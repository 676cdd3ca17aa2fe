import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type {
  FromListingsProcess,
  ListingsProcessOptions,
  ToListingsProcess,
} from '../listings-api/process';

// Embedded mode: the listings API (PGlite, the seed, the periodic jobs) in a child process of its
// own, so that the web processes keep their cores for pages. The child runs under the same
// loader as this process (tsx), inherits stdout and stderr, and reports its URL once it listens.

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../listings-api/process.ts');

export interface ListingsProcess {
  pid: number;
  /** The listings API's URL once it listens (after migrating and, the first time, seeding). */
  ready: Promise<string>;
  /**
   * Stops the listings API (its database closed cleanly; a seed in progress finishes first) and
   * waits for the process to end.
   */
  close(): Promise<void>;
  /** Called if the process ends without close() having been asked (a crash). */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

/** How long a stop may take before the process is killed. */
const CLOSE_TIMEOUT_MS = 120_000;

/**
 * Starts the listings API's process. `publicUrl` is the web app's public address: the links of
 * the mails point there (its PUBLIC_URL, which follows the web app's PORT when PUBLIC_URL is not set).
 */
export function startListingsProcess(
  options: ListingsProcessOptions,
  logger: Logger,
  publicUrl: string,
): ListingsProcess {
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, PUBLIC_URL: publicUrl },
  });
  const tell = (message: ToListingsProcess) => {
    if (child.connected) child.send(message);
  };
  let closing = false;
  let listening = false;
  let unexpected: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!closing) {
        logger.error({ pid: child.pid, code, signal }, 'listings API process ended');
        unexpected?.(code, signal);
      }
      resolve();
    });
  });

  const ready = new Promise<string>((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`listings API process ended before it was ready (${signal ?? code})`)),
    );
    child.once('error', reject);
    child.on('message', (message: FromListingsProcess) => {
      if (message.type === 'listening') {
        listening = true;
        // A stop asked before the child could hear it is told now, instead of the start.
        tell(closing ? { type: 'close' } : { type: 'start', options });
      } else if (message.type === 'failed')
        reject(new Error(`listings API failed: ${message.message}`));
      else if (message.type === 'ready') resolve(message.url);
    });
  });
  // Its failure is read through `ready`; never an unhandled rejection.
  ready.catch(() => undefined);

  return {
    pid: child.pid ?? 0,
    ready,
    async close() {
      closing = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (listening) tell({ type: 'close' });
      const timer = setTimeout(() => {
        logger.error({ pid: child.pid }, 'listings API process did not stop in time: killed');
        child.kill('SIGKILL');
      }, CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
    onUnexpectedExit(listener) {
      unexpected = listener;
    },
  };
}
