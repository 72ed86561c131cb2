/**
 * A throwaway PostgreSQL cluster for tests: Debian's `postgresql` binaries (`initdb`, `pg_ctl`) make a cluster in a
 * temporary folder, started on a Unix socket in that folder and a free loopback port, with fsync off; the caller
 * gets a database URL and a `stop()` that shuts the cluster down and removes the folder. It never touches a system
 * cluster and needs no root. `initdb` refuses to run as root, so under root (CI) the cluster belongs to `nobody`
 * (`runuser -u nobody`, or TESSERA_PG_USER): its folder is handed to that user, and root connects as a client.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  /** `postgres://tessera:…@127.0.0.1:PORT/DB`: the database made for the caller. */
  readonly url: string;
  /**
   * Makes one more database (`[a-z_][a-z0-9_]*`) in the cluster and returns its URL (a fresh store per test): empty,
   * or a copy of database `template` (`CREATE DATABASE … TEMPLATE`, which no one may be connected to meanwhile).
   */
  createDatabase(name: string, template?: string): string;
  /** Stops the cluster and removes its folder. Safe to call twice. */
  stop(): void;
}

/** The folder holding `initdb` and `pg_ctl`: TESSERA_PG_BIN, else the newest Debian `/usr/lib/postgresql/N/bin`, else none. */
export function pgBinDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env['TESSERA_PG_BIN'];
  if (given !== undefined && given !== '') return existsSync(join(given, 'initdb')) ? given : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** Why PostgreSQL tests cannot run here, or undefined when they can: only missing binaries are a reason to skip. */
export function pgUnavailableReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return pgBinDir(env) === undefined ? "PostgreSQL binaries not found (apt-get install postgresql, or set TESSERA_PG_BIN): PostgreSQL tests skipped" : undefined;
}

/** A loopback port nobody listens on right now. */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What a started cluster is, as plain data: enough for another process of the same test run to make databases in
 * it (`attachPgCluster`) and for the run's end to stop it (`stopPgClusterByInfo`).
 */
export interface PgClusterInfo {
  readonly bin: string;
  /** The cluster's own folder: its data, its Unix socket, its log. */
  readonly dir: string;
  readonly port: number;
  readonly password: string;
  /** The user `initdb` and `pg_ctl` run as under root; undefined when not root. */
  readonly owner: string | undefined;
}

/** Runs one of PostgreSQL's programs as the cluster's owner; throws with what it said when it fails. */
function runTool(info: Pick<PgClusterInfo, 'bin' | 'dir' | 'password' | 'owner'>, tool: string, args: string[]): void {
  const env = { ...process.env, PGPASSWORD: info.password, LC_ALL: 'C' };
  const command = info.owner !== undefined ? 'runuser' : join(info.bin, tool);
  const argv = info.owner !== undefined ? ['-u', info.owner, '--', join(info.bin, tool), ...args] : args;
  const result = spawnSync(command, argv, { cwd: info.dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${tool} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout || String(result.error)).trim()}`);
}

function checkName(name: string): void {
  // a plain name: it goes into a URL as it is (postgres.js does not decode the path)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database names here are lower-case letters, digits and _: ${name}`);
}

function psql(info: PgClusterInfo, statement: string): void {
  runTool(info, 'psql', ['-X', '-q', '-h', info.dir, '-p', String(info.port), '-U', 'tessera', '-d', 'postgres', '-c', statement]);
}

/** Drops `database` (`WITH (FORCE)`: a pool a test forgot to end does not keep it alive). */
export function dropDatabaseIn(info: PgClusterInfo, database: string): void {
  checkName(database);
  psql(info, `DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
}

const urlOf = (info: PgClusterInfo, database: string) => `postgres://tessera:${info.password}@127.0.0.1:${info.port}/${database}`;

/** Creates `database` in the cluster, empty or a copy of `template` (no one connected to it meanwhile); answers its URL. */
export function createDatabaseIn(info: PgClusterInfo, database: string, template?: string): string {
  for (const n of template === undefined ? [database] : [database, template]) checkName(n);
  const copy = template === undefined ? '' : ` TEMPLATE ${quoteIdent(template)}`;
  psql(info, `CREATE DATABASE ${quoteIdent(database)}${copy}`);
  return urlOf(info, database);
}

/** Stops a cluster (`-m immediate`: nothing in it is kept) and removes its folder. */
export function stopPgClusterByInfo(info: PgClusterInfo): void {
  try {
    runTool(info, 'pg_ctl', ['stop', '-D', join(info.dir, 'data'), '-m', 'immediate', '-s']);
  } finally {
    rmSync(info.dir, { recursive: true, force: true });
  }
}

/** A started cluster, as `startPgCluster` answers, with its data for other processes. */
export interface OwnedPgCluster extends PgCluster {
  readonly info: PgClusterInfo;
}

/** Starts a throwaway cluster and creates database `name` in it; throws when the binaries are missing. */
export async function startPgCluster(name = 'tessera'): Promise<OwnedPgCluster> {
  const bin = pgBinDir();
  if (bin === undefined) throw new Error(pgUnavailableReason());
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? process.env['TESSERA_PG_USER'] || 'nobody' : undefined;
  // under root the folder must be reachable by `owner`: /tmp, not a TMPDIR inside root's home
  const dir = mkdtempSync(join(asRoot ? process.env['TESSERA_PG_TMP'] || '/tmp' : tmpdir(), 'tessera-pg-'));
  const data = join(dir, 'data');
  const password = randomBytes(18).toString('hex');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, password + '\n', { mode: 0o600 });
  if (owner !== undefined) {
    chownSync(dir, uidOf(owner), gidOf(owner));
    chownSync(passwordFile, uidOf(owner), gidOf(owner));
  }
  const tools = { bin, dir, password, owner };
  let started = false;
  let stopped = false;
  let port = 0;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) stopPgClusterByInfo({ ...tools, port });
    else rmSync(dir, { recursive: true, force: true });
  };
  try {
    runTool(tools, 'initdb', ['-D', data, '-U', 'tessera', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '-E', 'UTF8', '--locale=C', '--no-sync']);
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      // -F: no fsync (a throwaway cluster); the socket lives in the cluster's own folder, never /var/run/postgresql.
      // 200 connections: one cluster serves a whole test run, two files at a time, each with pools of 10
      const options = `-F -p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
      try {
        runTool(tools, 'pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-s', '-l', join(dir, 'server.log'), '-o', options]);
        break;
      } catch (e) {
        // the port was taken between finding it and starting: try another; past that, say what the server logged
        if (attempt >= 2) throw new Error(`${(e as Error).message}\n${tail(join(dir, 'server.log'))}`);
      }
    }
    started = true;
    const info: PgClusterInfo = { ...tools, port };
    return { url: createDatabaseIn(info, name), createDatabase: (database, template) => createDatabaseIn(info, database, template), stop, info };
  } catch (e) {
    stop();
    throw e;
  }
}

/**
 * A view of a running cluster for one test file: its own empty database `prefix` (the view's `url`), more databases
 * named `prefix_NAME`, so that files sharing the cluster never meet; `stop()` drops the view's databases and leaves
 * the cluster running.
 */
export function attachPgCluster(info: PgClusterInfo, prefix: string): PgCluster {
  const made: string[] = [];
  const create = (database: string, template?: string) => {
    const url = createDatabaseIn(info, database, template);
    made.push(database);
    return url;
  };
  const url = create(prefix);
  let stopped = false;
  return {
    url,
    createDatabase: (database, template) => {
      checkName(database);
      return create(`${prefix}_${database}`, template === undefined ? undefined : `${prefix}_${template}`);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const database of made.reverse()) dropDatabaseIn(info, database);
    },
  };
}

/** The last lines of a log, or nothing when it was never written. */
function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-10).join('\n') : '';
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}
