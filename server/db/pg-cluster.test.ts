/**
 * The throwaway cluster: loopback only, fsync off, its files in its own temporary folder (gone after `stop()`),
 * password authentication, more databases on demand; and the one reason to skip, missing binaries.
 */
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
import { describePg } from './describe-pg.js';
import { attachPgCluster, pgBinDir, pgUnavailableReason } from './pg-cluster.js';
import { PG_RUN_DIR, sharedPgCluster } from './pg-shared-cluster.js';

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
    expect(other).toMatch(/_second_one$/);
    const sql = postgres(other, { max: 1, onnotice: () => {} });
    try {
      expect((await sql`SELECT current_database() AS db, count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`)[0]).toEqual({ db: new URL(other).pathname.slice(1), n: 0 });
    } finally {
      await sql.end();
    }
  });
});

describePg('one cluster per test run', (cluster) => {
  it('is started once for files that ask at the same time; each file gets its own databases, dropped after the file', async () => {
    const runDir = inject(PG_RUN_DIR);
    const [a, b] = await Promise.all([sharedPgCluster(runDir), sharedPgCluster(runDir)]);
    expect(b).toEqual(a);
    // this file's own database lives in that same cluster
    expect(new URL(cluster().url).port).toBe(String(a.port));
    const one = attachPgCluster(a, 'f_one');
    const two = attachPgCluster(a, 'f_two');
    expect(one.createDatabase('seeded')).toMatch(/\/f_one_seeded$/);
    expect(two.createDatabase('seeded')).toMatch(/\/f_two_seeded$/);
    expect(one.createDatabase('copy', 'seeded')).toMatch(/\/f_one_copy$/);
    const admin = postgres(one.url.replace(/\/f_one$/, '/postgres'), { max: 1, onnotice: () => {} });
    const names = async () => (await admin`SELECT datname FROM pg_database WHERE datname LIKE 'f\_one%' OR datname LIKE 'f\_two%' ORDER BY datname`).map((r) => r['datname']);
    try {
      expect(await names()).toEqual(['f_one', 'f_one_copy', 'f_one_seeded', 'f_two', 'f_two_seeded']);
      one.stop();
      expect(await names()).toEqual(['f_two', 'f_two_seeded']);
      two.stop();
      expect(await names()).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
