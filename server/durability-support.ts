/**
 * The real server as a child process for kill -9 tests (`server/main.ts`, on a temporary SQLite file and a
 * free port, in production mode with the default limits): start it, kill it with SIGKILL, start it again on
 * the same file.
 *
 * The sources are bundled once per test file by esbuild (the transform tsx would apply at each start, done
 * once: a start then only loads one file), into node_modules/.cache/ so that the server finds the repository
 * root and its packages from there as it does from server/; the last `dispose()` removes the bundle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './db/database.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let bundled: Promise<string> | undefined;
let bundles = 0;
/** Those not yet done with the bundle (servers not yet disposed, other tests' tokens): the last one's release removes it. */
const bundleUsers = new Set<object>();

/**
 * server/main.ts and what it imports, bundled (packages left to node_modules), for `user` until it calls
 * `releaseServerBundle(user)`; run it with `cwd: repoRoot()`.
 */
export function serverBundle(user: object): Promise<string> {
  bundleUsers.add(user);
  bundled ??= (async () => {
    const root = repoRoot();
    const outfile = join(root, 'node_modules', '.cache', 'tessera-durability', `main-${process.pid}-${++bundles}.mjs`);
    const { build } = await import('esbuild');
    await build({ entryPoints: [join(root, 'server/main.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'inline', logLevel: 'silent' });
    return outfile;
  })();
  return bundled;
}

export function releaseServerBundle(user: object): void {
  if (!bundleUsers.delete(user) || bundleUsers.size > 0 || bundled === undefined) return;
  const done = bundled;
  bundled = undefined;
  void done.then((file) => rmSync(file, { force: true })).catch(() => {});
}

export class KillableServer {
  readonly dir = mkdtempSync(join(tmpdir(), 'tessera-durability-'));
  readonly dbFile = join(this.dir, 'store.db');
  private child: ChildProcess | null = null;

  /** `env`: more environment for the server (the owner's account is set, so no password is generated and logged). */
  constructor(private readonly env: Readonly<Record<string, string>> = {}) {}

  /** Starts the server (again) on the same file; answers its base URL once `probe` answers 200. */
  async start(probe = '/contact'): Promise<string> {
    const [port, entry] = await Promise.all([freePort(), serverBundle(this)]);
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      cwd: repoRoot(),
      env: { ...process.env, TESSERA_DB: this.dbFile, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', TESSERA_OWNER_EMAIL: 'owner@example.com', TESSERA_OWNER_PASSWORD: 'durable password', ...this.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      try {
        if ((await fetch(`${base}${probe}`)).ok) return base;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${stderr}`);
  }

  /** SIGKILL: no chance to flush or close anything. */
  kill(): Promise<void> {
    const c = this.child;
    this.child = null;
    if (c === null) return Promise.resolve();
    return new Promise((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  }

  /** Kills the server if it runs and removes the folder, and the bundle once no other server uses it (afterAll). */
  dispose(): void {
    this.child?.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
    releaseServerBundle(this);
  }
}
