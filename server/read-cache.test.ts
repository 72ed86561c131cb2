import { createHook } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db/database.js';
import { websites } from './db/schema.js';
import { seedDemoStore } from './db/seed.js';
import { EXTERNAL_CHECK_MS, ReadCache } from './read-cache.js';

const title = (store: Store) => store.select().from(websites).get()!.title;

describe('ReadCache', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('builds once while the store is unchanged, and again after any write', () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    const cache = new ReadCache(store);
    let builds = 0;
    const read = () => cache.get('title', () => (builds++, { title: title(store) }));
    expect(read().title).toBe(title(store));
    read();
    expect(builds).toBe(1);
    store.update(websites).set({ title: 'Renamed' }).where(eq(websites.id, 'demo')).run();
    expect(read().title).toBe('Renamed');
    expect(builds).toBe(2);
  });

  it('keeps an async build: one build for requests that arrive while it runs, frozen, and a failed build not kept', async () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    const cache = new ReadCache(store);
    let builds = 0;
    const read = () => cache.getAsync('title', async () => (builds++, { title: title(store) }));
    const [a, b] = await Promise.all([read(), read()]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
    expect(Object.isFrozen(a)).toBe(true);
    // the kept promise itself is not frozen: Node's async hooks tag each promise awaited while they are on
    expect(Object.isExtensible(read())).toBe(true);
    store.update(websites).set({ title: 'Renamed' }).where(eq(websites.id, 'demo')).run();
    expect((await read()).title).toBe('Renamed');
    expect(builds).toBe(2);
    let fail = true;
    const flaky = () => cache.getAsync('flaky', async () => (fail ? Promise.reject(new Error('down')) : 'up'));
    await expect(flaky()).rejects.toThrow('down');
    fail = false;
    expect(await flaky()).toBe('up');
  });

  it('hands out its kept promise unfrozen: awaiting it again works while async hooks are on (an APM, or the PostgreSQL browser suites)', async () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    const cache = new ReadCache(store);
    const read = () => cache.getAsync('title', async () => ({ title: title(store) }));
    await read();
    // a promise hook gives each promise it meets an id, on the promise itself: a frozen promise made the await throw
    const hook = createHook({ init() {} }).enable();
    try {
      expect((await read()).title).toBe(title(store));
      expect(Object.isFrozen(read())).toBe(false);
    } finally {
      hook.disable();
    }
  });

  it('sees writes committed by another connection to the same database file within the check interval', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-cache-'));
    dirs.push(dir);
    const file = join(dir, 'store.db');
    const server = openStore(file);
    seedDemoStore(server);
    const other = openStore(file);
    let now = 0;
    const cache = new ReadCache(server, () => now);
    expect(cache.get('title', () => title(server))).toBe(title(server));
    other.update(websites).set({ title: 'Changed elsewhere' }).where(eq(websites.id, 'demo')).run();
    now += EXTERNAL_CHECK_MS - 1;
    expect(cache.get('title', () => title(server))).toBe('Tessera Supply Co.'); // not looked for yet
    now += 1;
    expect(cache.get('title', () => title(server))).toBe('Changed elsewhere');
    other.$client.close();
    server.$client.close();
  });

  it('hands out frozen values, so no request can change what the next one sees', () => {
    const store = openStore(':memory:');
    const cache = new ReadCache(store);
    const value = cache.get('v', () => ({ nested: { list: [1, 2] } }));
    expect(() => {
      (value.nested.list as number[]).push(3);
    }).toThrow(TypeError);
    expect(cache.get('v', () => ({ nested: { list: [] as number[] } })).nested.list).toEqual([1, 2]);
  });
});
