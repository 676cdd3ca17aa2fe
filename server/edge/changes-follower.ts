// Follows the listings API's GET /changes cursor: every interval, asks for the cache tags
// invalidated since the last cursor, hands them to `onTags` (an edge purge, a page cache purge),
// and only once that succeeded moves the cursor on and saves it. A failure (the API down, the
// purge refused) keeps the cursor where it was, so the same tags are handed again next time:
// nothing is missed; a restart resumes from the saved cursor, so nothing is repeated either.

/** One answer of GET /changes, as much of it as the follower needs. */
export interface ChangesPage {
  /** Every tag invalidated after the cursor asked for (each once). */
  tags: string[];
  /** The cursor to ask from next time (the same one when nothing changed). */
  next: string;
}

export interface FollowerLogger {
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface ChangesFollowerOptions {
  /** GET /changes?since=<since>: the tags invalidated after that cursor. */
  fetchChanges(since: string, signal: AbortSignal): Promise<ChangesPage>;
  /** Milliseconds between two polls (after the end of the previous one). */
  intervalMs: number;
  /** The saved cursor, or undefined on a first start. */
  loadCursor(): Promise<string | undefined> | string | undefined;
  /** Keeps the cursor, after `onTags` succeeded for everything before it. */
  saveCursor(cursor: string): Promise<void> | void;
  /** Purges these tags; a rejection keeps the cursor, the same tags come again next poll. */
  onTags(tags: string[]): Promise<void> | void;
  /**
   * Without a saved cursor: 'replay' hands every change recorded (an edge cache may hold pages
   * older than this process); 'skip' moves to the latest cursor without handing anything (a cache
   * that starts empty, such as an in-process one).
   */
  firstStart?: 'replay' | 'skip';
  logger?: FollowerLogger;
}

export interface PollResult {
  /** The tags handed to onTags in this poll, in the order handed. */
  tags: string[];
  /** The cursor after this poll. */
  cursor: string;
}

export interface ChangesFollower {
  /** Polls now and then every interval, until stop(). */
  start(): void;
  /** Stops the timer and waits for a poll under way. */
  stop(): Promise<void>;
  /** One poll now (pages through until nothing is left); rejects when a fetch or onTags fails. */
  poll(): Promise<PollResult>;
  /** The cursor in memory (undefined before the first poll loaded it). */
  readonly cursor: string | undefined;
}

/** Pages of one poll at most, so a loop on a misbehaving API cannot run forever. */
const MAX_PAGES_PER_POLL = 1000;

export function createChangesFollower(options: ChangesFollowerOptions): ChangesFollower {
  const { fetchChanges, intervalMs, loadCursor, saveCursor, onTags, logger } = options;
  const firstStart = options.firstStart ?? 'replay';
  let cursor: string | undefined;
  let loaded = false;
  let running: Promise<PollResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  const abort = new AbortController();

  async function pollOnce(): Promise<PollResult> {
    if (!loaded) {
      const saved = await loadCursor();
      if (saved !== undefined) cursor = saved;
      else if (firstStart === 'skip') cursor = await latestCursor();
      else cursor = '0';
      loaded = true;
    }
    const handed: string[] = [];
    for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
      const since = cursor ?? '0';
      const answer = await fetchChanges(since, abort.signal);
      if (answer.next === since) break;
      if (answer.tags.length > 0) await onTags(answer.tags);
      await saveCursor(answer.next);
      cursor = answer.next;
      handed.push(...answer.tags);
    }
    return { tags: handed, cursor: cursor ?? '0' };
  }

  async function latestCursor(): Promise<string> {
    let since = '0';
    for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
      const answer = await fetchChanges(since, abort.signal);
      if (answer.next === since) break;
      since = answer.next;
    }
    await saveCursor(since);
    return since;
  }

  function poll(): Promise<PollResult> {
    // One poll at a time: a second caller shares the poll under way.
    running ??= pollOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (!started) return;
    timer = setTimeout(() => {
      timer = undefined;
      poll()
        .then((result) => {
          if (result.tags.length > 0) {
            logger?.debug({ tags: result.tags.length, cursor: result.cursor }, 'changes handled');
          }
        })
        .catch((error: unknown) => {
          if (!started) return;
          logger?.warn(
            { err: error, cursor },
            'changes not handled, retrying from the same cursor',
          );
        })
        .finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      abort.abort();
      await running?.catch(() => undefined);
    },
    poll,
    get cursor() {
      return cursor;
    },
  };
}
