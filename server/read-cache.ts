/**
 * A read-through cache of what pages build from the store (site settings and navigation, collections,
 * product JSON), kept while the store is unchanged. Pages are read far more often than the store is written,
 * and building them from SQL and JSON text on every request cost more than rendering them.
 *
 * "Unchanged" is exact, not time-based: the version is SQLite's `total_changes()` of our connection (every
 * write this process makes) together with `PRAGMA data_version` (which moves when another connection
 * commits, e.g. `npm run seed -- --reset` beside a running server). Any write empties the cache.
 *
 * Cached values are deep-frozen: they are shared by every request, so a caller that tried to change one
 * would throw instead of corrupting other visitors' pages.
 */
import type { Store } from './db/database.js';

/** Entries kept at most; beyond it the least recently used go (a crawler's many URLs stay bounded). */
const MAX_ENTRIES = 2_000;


export class ReadCache {
  private readonly entries = new Map<string, unknown>();
  private version = '';
  private readonly changesQuery: { get(): unknown };
  private readonly dataVersionQuery: { get(): unknown };
  /** `PRAGMA data_version` as last read, and whether that read is from the current event-loop turn. */
  private dataVersion: unknown = null;
  private dataVersionFresh = false;

  constructor(store: Store) {
    this.changesQuery = store.$client.prepare('SELECT total_changes()').pluck();
    this.dataVersionQuery = store.$client.prepare('PRAGMA data_version').pluck();
  }

  /**
   * Our own writes are seen at once (`total_changes()` costs about 0.1 µs). Other connections' commits are
   * checked once per event-loop turn: in WAL mode `data_version` reads the WAL index (about 2–3 µs), and
   * another process's commit cannot land in the middle of our synchronous code anyway.
   */
  private currentVersion(): string {
    if (!this.dataVersionFresh) {
      this.dataVersion = this.dataVersionQuery.get();
      this.dataVersionFresh = true;
      queueMicrotask(() => {
        this.dataVersionFresh = false;
      });
    }
    return `${String(this.changesQuery.get())}:${String(this.dataVersion)}`;
  }

  /** The value under `key`, computed by `build` when missing or when the store has changed since. */
  get<T>(key: string, build: () => T): T {
    const version = this.currentVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    } else if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      this.entries.delete(key); // re-inserted: Map order is the recency order
      this.entries.set(key, value);
      return value;
    }
    const value = deepFreeze(build());
    // building may itself write (a document created on first read): then nothing cached before is current
    const after = this.currentVersion();
    if (after !== this.version) {
      this.entries.clear();
      this.version = after;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const caches = new WeakMap<Store, ReadCache>();

/** The store's read cache (one per store, so tests with their own stores never share entries). */
export function readCache(store: Store): ReadCache {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = new ReadCache(store);
    caches.set(store, cache);
  }
  return cache;
}
