// A small in-process cache of upstream answers (config, omr-data, footer links...): one pending
// call shared by concurrent requests, and a fixed lifetime after which the answer is still served
// while one call refreshes it in the background (stale-while-revalidate). Only a key with no
// answer yet makes its callers wait. A refresh that fails keeps the old answer (tried again a
// little later), so a hanging or failing listings API does not take every page down with it.

interface Entry<T> {
  value?: T;
  expires: number;
  pending?: Promise<T>;
}

/** How long an answer kept after a failed refresh waits before the next try (ms, at most). */
const RETRY_AFTER_FAILURE_MS = 5_000;

export class MemoryCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  /** Keys by cache tag, for purges by tag (a key may outlive its entry: purging it is harmless). */
  private readonly keysByTag = new Map<string, Set<string>>();
  constructor(private readonly maxEntries = 1000) {}

  /** Marks an entry with the edge cache tags of its answer (a purge of one of them drops it). */
  tag(key: string, tags: Iterable<string>): void {
    if (!this.entries.has(key)) return;
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Drops every entry tagged with one of these tags (an import changed what they hold). */
  purgeTags(tags: Iterable<string>): number {
    let dropped = 0;
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      this.keysByTag.delete(tag);
      for (const key of keys) if (this.entries.delete(key)) dropped += 1;
    }
    return dropped;
  }

  /**
   * The answer kept under `key`: at once when there is one, fresh or not (an expired one starts a
   * refresh nobody waits for); else the result of `load`, shared by every caller until it ends.
   */
  async get<T>(key: string, ttlMs: number, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry && 'value' in entry) {
      if (entry.expires <= now && !entry.pending) {
        // Nobody waits for this one: its failure only means the old answer stays a while.
        this.load(key, ttlMs, load, entry).catch(() => {});
      }
      return entry.value as T;
    }
    if (entry?.pending) return entry.pending;
    return this.load(key, ttlMs, load, entry);
  }

  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
  }

  private load<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
    entry: Entry<T> | undefined,
  ): Promise<T> {
    const pending: Promise<T> = new Promise<T>((resolve) => resolve(load())).then(
      (value) => {
        // A purge while the call ran dropped the entry: its answer may predate the change.
        if (this.holds(key, pending)) this.set(key, { value, expires: Date.now() + ttlMs });
        return value;
      },
      (error: unknown) => {
        const current = this.entries.get(key) as Entry<T> | undefined;
        if (current?.pending !== pending) throw error;
        if ('value' in current) {
          const retryIn = Math.min(ttlMs, RETRY_AFTER_FAILURE_MS);
          this.set(key, { value: current.value as T, expires: Date.now() + retryIn });
          return current.value as T;
        }
        this.entries.delete(key);
        throw error;
      },
    );
    this.set(key, { ...(entry ?? { expires: 0 }), pending });
    return pending;
  }

  private holds(key: string, pending: Promise<unknown>): boolean {
    return this.entries.get(key)?.pending === pending;
  }

  private set(key: string, entry: Entry<unknown>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
