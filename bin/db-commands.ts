/**
 * `tessera migrate [up|status]`, `tessera export FILE` and `tessera import FILE`: the store's schema and a shop's
 * data, on the database TESSERA_DATABASE_URL names (postgres://…) or else the SQLite file of TESSERA_DB. What the
 * file holds and how rows map between dialects is server/db/portable.ts.
 */
import { existsSync, renameSync, rmSync, writeSync, openSync, closeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { exportStore, importStore } from '../server/db/portable.js';
import { openRawDb, type RawDb } from '../server/db/raw-db.js';
import { databaseTarget, describeTarget, type DatabaseTarget } from '../server/db/target.js';
import { UsageError } from './usage-error.js';

const say = (line: string) => process.stdout.write(line + '\n');

function noExistingSqlite(target: DatabaseTarget): void {
  if (target.dialect === 'sqlite' && target.file !== ':memory:' && !existsSync(target.file)) {
    throw new UsageError(`there is no store at ${target.file} (set TESSERA_DB, or TESSERA_DATABASE_URL for PostgreSQL)`);
  }
}

async function withDb<T>(db: RawDb, fn: (db: RawDb) => Promise<T>): Promise<T> {
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** `migrate status` exits 1 while a migration is pending, so a deploy script can ask before starting a node. */
export async function cmdMigrate(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const action = positionals[0] ?? 'up';
  if (positionals.length > 1 || (action !== 'up' && action !== 'status')) throw new UsageError(`migrate takes up or status (got ${positionals.join(' ')})`);
  const target = databaseTarget(env);
  if (action === 'status') {
    noExistingSqlite(target);
    return await withDb(openRawDb(target, { readonly: true }), async (db) => {
      const migrations = await db.migrations();
      say(describeTarget(target));
      for (const m of migrations) say(`${m.applied ? 'applied' : 'pending'}  ${m.tag}`);
      const pending = migrations.filter((m) => !m.applied).length;
      say(`${migrations.length - pending} applied, ${pending} pending`);
      return pending > 0 ? 1 : 0;
    });
  }
  return await withDb(openRawDb(target), async (db) => {
    // the SQLite store applies its migrations as it opens; PostgreSQL's are applied here
    const before = target.dialect === 'postgresql' ? (await db.migrations()).filter((m) => !m.applied).map((m) => m.tag) : [];
    await db.migrate();
    const after = await db.migrations();
    say(`${describeTarget(target)}: ${after.length} migrations applied${before.length > 0 ? ` (new: ${before.join(', ')})` : ''}; up to date`);
    return 0;
  });
}

export async function cmdExport(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new UsageError('export takes one file to write (- for stdout)');
  const target = databaseTarget(env);
  noExistingSqlite(target);
  return await withDb(openRawDb(target, { readonly: true }), async (db) => {
    const pending = (await db.migrations()).filter((m) => !m.applied);
    if (pending.length > 0) throw new UsageError(`${describeTarget(target)} has ${pending.length} pending migrations: run tessera migrate up first`);
    // written beside the file and renamed at the end: a failed export leaves no half file
    const temp = file === '-' ? undefined : `${file}.partial`;
    const fd = temp === undefined ? 1 : openSync(temp, 'w');
    try {
      const counts = await exportStore(db, (line) => void writeSync(fd, line));
      if (temp !== undefined) {
        closeSync(fd);
        renameSync(temp, file);
      }
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      process.stderr.write(`exported ${rows} rows of ${Object.keys(counts).length} tables from ${describeTarget(target)}${temp === undefined ? '' : ` to ${file}`}\n`);
      return 0;
    } catch (e) {
      if (temp !== undefined) {
        closeSync(fd);
        rmSync(temp, { force: true });
      }
      throw e;
    }
  });
}

export async function cmdImport(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new UsageError('import takes one file to read (made by tessera export)');
  if (!existsSync(file)) throw new UsageError(`${file} does not exist`);
  const target = databaseTarget(env);
  return await withDb(openRawDb(target), async (db) => {
    await db.migrate();
    const counts = await importStore(db, file);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    say(`imported ${rows} rows of ${Object.keys(counts).length} tables into ${describeTarget(target)}`);
    return 0;
  });
}
