/**
 * Memory per request of a hostile theme (issue 24, point 7), in a child process so its memory is its own: a
 * theme whose pages double a string in `.eval` and print it again and again is served to six slow readers (they
 * send a request and never read). One page is past the server's page cap and must be the error page (500), not a
 * 20 MB page; one is just under it and is served whole. The server's RSS, sampled in its own process, stays
 * well under the 1.5 GB one such request cost (the bound: 300 MB), and once the readers leave, what the heap and
 * buffers hold comes back to near where it started. Bounds on memory only, never on time.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './db/database.js';
import { PAGE_MAX_OUTPUT } from './theme/page-budget.js';

const MB = 1024 * 1024;

/** `.eval` doubling 64 characters 13 times: 524,288 characters, printed by the same tag. */
const DOUBLED = '{.eval @s = "' + 'a'.repeat(64) + '"; ' + '@s = @s + @s; '.repeat(13) + '@s}';
const DOUBLED_LENGTH = 64 * 2 ** 13;
/** The home page: 60 of them, 31 million characters asked for (the engine's own cap would stop at 20 million). */
const OVER_CAP = DOUBLED.repeat(60);
/** The search page: as many as fit under the server's cap with room for the layout. */
const UNDER_CAP_COUNT = Math.floor((PAGE_MAX_OUTPUT - 200_000) / DOUBLED_LENGTH);
const UNDER_CAP = DOUBLED.repeat(UNDER_CAP_COUNT);

type Memory = NodeJS.MemoryUsage;
type Stats = { peakRss: number; sent: number; connections: number; memory: Memory };

let dir: string;
let bundle: string;
let child: ChildProcess;
let port: number;

/** The child's next IPC message of the kind `key` names, after sending `message`. */
function ask<T>(message: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send(message);
  });
}

beforeAll(async () => {
  const root = repoRoot();
  dir = mkdtempSync(join(tmpdir(), 'tessera-hostile-theme-'));
  cpSync(join(root, 'templates'), dir, { recursive: true, filter: (p) => !p.endsWith('.test.ts') });
  writeFileSync(join(dir, 'pages/home.page'), OVER_CAP);
  writeFileSync(join(dir, 'pages/search.page'), UNDER_CAP);
  // bundled once (node_modules/.cache, so the child finds the repository and its packages as from server/)
  bundle = join(root, 'node_modules', '.cache', 'tessera-page-memory', `child-${process.pid}.mjs`);
  const { build } = await import('esbuild');
  await build({ entryPoints: [join(root, 'server/page-memory-child.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  child = fork(bundle, [], { cwd: root, execArgv: ['--expose-gc'], env: { ...process.env, TESSERA_THEME: dir, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the server exited (${String(code)})`)));
  });
}, 120_000);

afterAll(async () => {
  if (child !== undefined && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundle, { force: true });
});

/** A reader that sends its request and never reads: the page waits in the server's socket buffer. */
function slowReader(path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\n\r\n`, () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

/** One whole answer, read: its status line and length. */
function fullRead(path: string): Promise<{ head: string; length: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('end', () => {
      const all = Buffer.concat(chunks).toString('latin1');
      const at = all.indexOf('\r\n\r\n');
      resolve({ head: all.slice(0, at), length: all.length - at - 4, body: all.length < 200_000 ? all.slice(at + 4) : '' });
    });
    socket.on('error', reject);
  });
}

describe('a hostile theme served to slow readers', () => {
  it('answers the error page past the cap and the whole page under it', async () => {
    const over = await fullRead('/');
    expect(over.head).toMatch(/^HTTP\/1\.1 500 /);
    expect(over.length).toBeLessThan(100_000);
    expect(over.body).toContain('Something went wrong');
    const under = await fullRead('/search');
    expect(under.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(under.length).toBeGreaterThan(UNDER_CAP_COUNT * DOUBLED_LENGTH);
    expect(under.length).toBeLessThanOrEqual(PAGE_MAX_OUTPUT);
  });

  it('holds well under 300 MB for six slow readers, and gives the memory back when they leave', async () => {
    const before = (await ask<{ memory: Memory }>('gc', 'memory')).memory;
    const { sent: sentBefore } = await ask<Stats>('stats', 'peakRss');
    const readers = await Promise.all(['/', '/', '/', '/search', '/search', '/search'].map(slowReader));
    // every page rendered and handed to its socket, none read
    let stats = await ask<Stats>('stats', 'peakRss');
    while (stats.sent < sentBefore + readers.length) {
      await new Promise((r) => setImmediate(r));
      stats = await ask<Stats>('stats', 'peakRss');
    }
    expect(stats.peakRss).toBeLessThan(300 * MB);
    for (const r of readers) r.destroy();
    while (stats.connections > 0) {
      await new Promise((r) => setImmediate(r));
      stats = await ask<Stats>('stats', 'peakRss');
    }
    const after = (await ask<{ memory: Memory }>('gc', 'memory')).memory;
    // the pages held for the readers (3 × ~4 MB and their copies) are gone: heap and buffers near where they were
    expect(after.heapUsed + after.external).toBeLessThan(before.heapUsed + before.external + 32 * MB);
  });
});
