/**
 * Which database a command uses: PostgreSQL when TESSERA_DATABASE_URL is a `postgres://` (or `postgresql://`) URL,
 * else the SQLite file of TESSERA_DB (default `data/tessera.db`). Anything else in TESSERA_DATABASE_URL is a
 * mistake said in words, never a silent fall back to SQLite.
 */
import { defaultDatabaseFile } from './database.js';

export type DatabaseTarget = { readonly dialect: 'postgresql'; readonly url: string } | { readonly dialect: 'sqlite'; readonly file: string };

/** A URL that selects PostgreSQL: `postgres://` or `postgresql://`. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL with its password replaced by `***`, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return '(a database URL that does not parse)';
  }
}

/** A TESSERA_DATABASE_URL that selects nothing; its `code` makes the `tessera` command print it as one line. */
export class DatabaseUrlError extends Error {
  readonly code = 'TESSERA_BAD_DATABASE_URL';
}

export function databaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env['TESSERA_DATABASE_URL'];
  if (url === undefined || url === '') return { dialect: 'sqlite', file: defaultDatabaseFile(env) };
  if (!isPostgresUrl(url)) throw new DatabaseUrlError(`TESSERA_DATABASE_URL must be a postgres:// URL (got ${redactUrl(url)}); unset it to use the SQLite file of TESSERA_DB`);
  return { dialect: 'postgresql', url };
}

/** How a target is named in messages: the file, or the URL without its password. */
export function describeTarget(target: DatabaseTarget): string {
  return target.dialect === 'sqlite' ? `SQLite ${target.file}` : `PostgreSQL ${redactUrl(target.url)}`;
}
