/**
 * For the kill -9 tests: the real server (`server/main.ts` through tsx) as a child process on a given SQLite
 * file and a free port, started until it answers, and killed with SIGKILL. Not a test file itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
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

export interface ChildServer {
  /** Starts the server (again) on the file; answers its base URL once `/contact` answers. */
  start(): Promise<string>;
  /** SIGKILL, resolved when the process has exited. */
  kill(): Promise<void>;
}

export function childServer(dbFile: string, env: Readonly<Record<string, string>> = {}): ChildServer {
  let child: ChildProcess | null = null;
  return {
    async start() {
      const port = await freePort();
      const root = repoRoot();
      child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
        cwd: root,
        env: { ...process.env, TESSERA_DB: dbFile, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const running = child;
      let stderr = '';
      running.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        if (running.exitCode !== null) throw new Error(`server exited: ${stderr}`);
        try {
          if ((await fetch(`${base}/contact`)).ok) return base;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not start: ${stderr}`);
    },
    kill() {
      const c = child;
      child = null;
      if (c === null || c.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
}
