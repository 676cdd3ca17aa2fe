// A small in-process cache of upstream answers (config, omr-data, footer links): one pending
// call shared by concurrent requests, a fixed lifetime, and the stale value kept when a refresh
// fails so a short upstream hiccup does not take every page down.

interface Entry<T> {
  value?: T;
  expires: number;
  pending?: Promise<T>;
}

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

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry && 'value' in entry && entry.expires > now) return entry.value as T;
    if (entry?.pending) return entry.pending;
    const pending = load().then(
      (value) => {
        this.set(key, { value, expires: Date.now() + ttlMs });
        return value;
      },
      (error: unknown) => {
        const stale = this.entries.get(key) as Entry<T> | undefined;
        if (stale && 'value' in stale) {
          // Serve the stale answer a little longer rather than fail every page.
          this.set(key, { value: stale.value as T, expires: Date.now() + Math.min(ttlMs, 5_000) });
          return stale.value as T;
        }
        this.entries.delete(key);
        throw error;
      },
    );
    this.set(key, { ...(entry ?? { expires: 0 }), pending });
    return pending;
  }

  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
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
