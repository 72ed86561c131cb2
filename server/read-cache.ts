/**
 * A read-through cache of what pages build from the store (site settings and navigation, collections,
 * product JSON), kept while the store is unchanged. Pages are read far more often than the store is written,
 * and building them from SQL and JSON text on every request cost more than rendering them.
 *
 * "Unchanged" is exact for this process: SQLite's `total_changes()` of our connection counts every write we
 * make, and any write empties the cache. Commits by another connection (another server process, or
 * `npm run seed -- --reset` beside a running server) move `PRAGMA data_version`, checked every 250 ms.
 *
 * On PostgreSQL the cache follows a `ChangeSignal` instead (server/db/change-feed.ts: LISTEN/NOTIFY), which
 * moves on every node's commits to the tables pages are built from.
 *
 * Cached values are deep-frozen: they are shared by every request, so a caller that tried to change one
 * would throw instead of corrupting other visitors' pages.
 */
import type { ChangeSignal } from './db/change-feed.js';
import type { Store } from './db/database.js';
import { deepFreeze } from '../commerce/json.js';

/** How often another process's commits are looked for (ms). */
export const EXTERNAL_CHECK_MS = 250;

/** Entries kept at most; beyond it the least recently used go (a crawler's many URLs stay bounded). */
const MAX_ENTRIES = 2_000;


export class ReadCache {
  private readonly entries = new Map<string, unknown>();
  private changes = -1;
  private dataVersion = -1;
  private readonly changesQuery: { get(): unknown } | undefined;
  private readonly dataVersionQuery: { get(): unknown } | undefined;
  private readonly signal: ChangeSignal | undefined;
  /** When `data_version` was last read (ms, monotonic). */
  private dataVersionReadAt = -Infinity;

  constructor(
    /** SQLite: its change counters; else a change signal (PostgreSQL's change feed). */
    store: Store | ChangeSignal,
    /** Clock (ms) for the external-change check; tests move it. */
    private readonly now: () => number = () => performance.now(),
  ) {
    if ('generation' in store) {
      this.signal = store;
    } else {
      this.changesQuery = store.$client.prepare('SELECT total_changes()').pluck();
      this.dataVersionQuery = store.$client.prepare('PRAGMA data_version').pluck();
    }
  }

  /**
   * Empties the cache when the store has changed since it was filled. Our own writes are seen at once
   * (`total_changes()` costs about 0.1 µs). Another connection's commits are checked at most every
   * EXTERNAL_CHECK_MS: in WAL mode `data_version` reads the WAL index, which under load cost more than the
   * rest of the cache; a page may thus show another process's write up to that long after it.
   */
  private sync(): void {
    if (this.signal !== undefined) {
      const generation = this.signal.generation();
      if (generation !== this.changes) {
        this.entries.clear();
        this.changes = generation;
      }
      return;
    }
    const changes = Number(this.changesQuery!.get());
    const now = this.now();
    let dataVersion = this.dataVersion;
    if (now - this.dataVersionReadAt >= EXTERNAL_CHECK_MS) {
      dataVersion = Number(this.dataVersionQuery!.get());
      this.dataVersionReadAt = now;
    }
    if (changes !== this.changes || dataVersion !== this.dataVersion) {
      this.entries.clear();
      this.changes = changes;
      this.dataVersion = dataVersion;
    }
  }

  /**
   * `get` for a value read through an async store (server/commerce/catalog-store.ts): the promise is kept, so requests that
   * arrive while it is built wait for the same one; its value is deep-frozen; a build that fails is not kept.
   */
  getAsync<T>(key: string, build: () => Promise<T>): Promise<T> {
    // the promise itself is kept unfrozen: with async hooks on, awaiting a promise writes its id onto it
    return this.kept(key, () => {
      const value = build().then(deepFreeze);
      value.catch(() => {
        if (this.entries.get(key) === value) this.entries.delete(key);
      });
      return value;
    });
  }

  /** The value under `key`, computed by `build` when missing or when the store has changed since. */
  get<T>(key: string, build: () => T): T {
    return this.kept(key, () => deepFreeze(build()));
  }

  /** The value under `key`, built (and kept as built) when missing or when the store has changed since. */
  private kept<T>(key: string, build: () => T): T {
    this.sync();
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      this.entries.delete(key); // re-inserted: Map order is the recency order
      this.entries.set(key, value);
      return value;
    }
    const value = build();
    // building may itself write (a document created on first read): then nothing cached before is current
    this.sync();
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }
}

const caches = new WeakMap<Store, ReadCache>();

/**
 * Gives `store` the cache `cache` (PostgreSQL: a cache on the change feed, for the stand-in SQLite handle the app
 * is built with, server/db/pg-app.ts); set before the first `readCache(store)`.
 */
export function useReadCache(store: Store, cache: ReadCache): void {
  caches.set(store, cache);
}

/** The store's read cache (one per store, so tests with their own stores never share entries). */
export function readCache(store: Store): ReadCache {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = new ReadCache(store);
    caches.set(store, cache);
  }
  return cache;
}
