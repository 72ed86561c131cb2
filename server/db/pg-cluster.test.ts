/**
 * The throwaway cluster: loopback only, fsync off, its files in its own temporary folder (gone after `stop()`),
 * password authentication, more databases on demand; and the one reason to skip, missing binaries.
 */
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { describePg } from './describe-pg.js';
import { pgBinDir, pgUnavailableReason } from './pg-cluster.js';

describe('finding PostgreSQL', () => {
  it('says why PostgreSQL tests are skipped when the binaries are missing', () => {
    expect(pgBinDir({ TESSERA_PG_BIN: '/nowhere' })).toBeUndefined();
    expect(pgUnavailableReason({ TESSERA_PG_BIN: '/nowhere' })).toMatch(/PostgreSQL binaries not found \(apt-get install postgresql/);
  });
});

describePg('a throwaway PostgreSQL cluster', (cluster) => {
  it('listens on loopback only, without fsync, with its files in its own folder, behind a password', async () => {
    const url = new URL(cluster().url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.password).toMatch(/^[0-9a-f]{36}$/);
    const sql = postgres(cluster().url, { max: 1, onnotice: () => {} });
    try {
      const settings = Object.fromEntries(
        (await sql`SELECT name, setting FROM pg_settings WHERE name IN ('listen_addresses', 'fsync', 'data_directory', 'unix_socket_directories')`).map((r) => [r['name'], r['setting']]),
      );
      expect(settings['listen_addresses']).toBe('127.0.0.1');
      expect(settings['fsync']).toBe('off');
      expect(settings['data_directory']).toMatch(/\/tessera-pg-[^/]+\/data$/);
      expect(settings['data_directory']).toBe(`${settings['unix_socket_directories']}/data`);
      expect(existsSync(String(settings['unix_socket_directories']))).toBe(true);
    } finally {
      await sql.end();
    }
    const wrong = postgres(cluster().url.replace(url.password, 'wrong'), { max: 1, onnotice: () => {}, connect_timeout: 5 });
    await expect(wrong`SELECT 1`).rejects.toThrow(/password authentication failed/);
    await wrong.end();
  });

  it('makes more databases, each empty', async () => {
    expect(() => cluster().createDatabase('Robert"); DROP')).toThrow(/lower-case letters, digits and _/);
    const other = cluster().createDatabase('second_one');
    expect(other).toMatch(/\/second_one$/);
    const sql = postgres(other, { max: 1, onnotice: () => {} });
    try {
      expect((await sql`SELECT current_database() AS db, count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`)[0]).toEqual({ db: 'second_one', n: 0 });
    } finally {
      await sql.end();
    }
  });
});
