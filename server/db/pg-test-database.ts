/**
 * The switch that runs the server's app tests on PostgreSQL (issue 25: "the whole test suite passes on both
 * databases"): with `TESSERA_TEST_DATABASE=postgresql`, `demoApp()` (server/test-support.ts) builds its app on a
 * fresh PostgreSQL database of the run's shared cluster (pg-shared-cluster.ts) instead of an in-memory SQLite
 * store, everything else the same. Unset (or `sqlite`), nothing changes.
 *
 * Each test process prepares one demo database as a node prepares it at start (`preparePgStore`: migrations, the
 * demo shop) and uses it as a template: an app gets `CREATE DATABASE … TEMPLATE` of it (tens of ms, where the
 * preparation takes about a second), dropped when the app closes. The app's `store` is then the SQLite stand-in
 * (pg-app.ts), whose every statement throws `NotOnPostgresError`: a test that reads or writes the SQLite handle
 * directly fails saying so instead of passing or failing on data that is not there.
 */
import { randomBytes } from 'node:crypto';
import { attachPgCluster, type PgCluster } from './pg-cluster.js';
import { PG_RUN_DIR, sharedPgCluster } from './pg-shared-cluster.js';
import { openPgStore } from './pg-store.js';
import { preparePgStore } from './seed-pg.js';

export type TestDatabase = 'sqlite' | 'postgresql';

/** The database `demoApp()` builds on: `TESSERA_TEST_DATABASE` (`sqlite`, the default, or `postgresql`). */
export function testDatabase(env: NodeJS.ProcessEnv = process.env): TestDatabase {
  const asked = (env['TESSERA_TEST_DATABASE'] ?? '').trim();
  if (asked === '' || asked === 'sqlite') return 'sqlite';
  if (asked === 'postgresql') return 'postgresql';
  throw new Error(`TESSERA_TEST_DATABASE is sqlite (the default) or postgresql, not ${JSON.stringify(asked)}`);
}

/** This process's databases in the run's cluster and the prepared template, made by the first app that asks. */
let ready: Promise<{ cluster: PgCluster; made: number }> | undefined;

async function prepare(): Promise<{ cluster: PgCluster; made: number }> {
  // vitest's `inject`, imported here only: test-support.ts is also loaded outside vitest (page-memory-child.ts)
  const { inject } = await import('vitest');
  const runDir = inject(PG_RUN_DIR);
  if (runDir === undefined) throw new Error('TESSERA_TEST_DATABASE=postgresql needs the run\'s shared cluster (vitest.config.ts\'s global setup)');
  const cluster = attachPgCluster(await sharedPgCluster(runDir), `t_${randomBytes(5).toString('hex')}`);
  const template = openPgStore(cluster.createDatabase('demo'), { max: 2 });
  try {
    await preparePgStore(template);
  } finally {
    // a template takes no connections: closed before the first copy
    await template.$client.end();
  }
  return { cluster, made: 0 };
}

/** A fresh copy of the prepared demo database: its URL, and `drop` to remove it (after its pools ended). */
export async function freshPgDemoDatabase(): Promise<{ url: string; drop(): void }> {
  ready ??= prepare();
  const state = await ready;
  const name = `app_${++state.made}`;
  const url = state.cluster.createDatabase(name, 'demo');
  return { url, drop: () => state.cluster.dropDatabase(name) };
}
