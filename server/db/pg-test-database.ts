/**
 * The switch that runs the server's app tests on PostgreSQL (issue 25: "the whole test suite passes on both
 * databases"): with `TESSERA_TEST_DATABASE=postgresql`, `demoApp()` (server/test-support.ts) builds its app on a
 * fresh PostgreSQL database of the run's shared cluster (pg-shared-cluster.ts) instead of an in-memory SQLite
 * store, everything else the same. Unset (or `sqlite`), nothing changes.
 *
 * Under the switch, vitest's global setup (pg-test-global-setup.ts) starts the cluster and prepares one demo
 * database in it as a node prepares it at start (`preparePgStore`: migrations, the demo shop; about a second,
 * kept out of the files' 10-second hooks); each app gets `CREATE DATABASE … TEMPLATE` of it (tens of ms), dropped
 * when the app closes. The app's `store` is then a SQLite stand-in (pg-app.ts), whose every statement throws
 * `NotOnPostgresError`: a test that reads or writes the SQLite handle directly fails saying so instead of passing
 * or failing on data that is not there.
 */
import { randomBytes } from 'node:crypto';
import { createDatabaseIn, dropDatabaseIn, type PgClusterInfo } from './pg-cluster.js';
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

/** The vitest projects (vitest.config.ts) that run the app tests and the default theme's browser suites with `TESSERA_TEST_DATABASE=postgresql`. */
export const APP_TESTS_ON_POSTGRES_PROJECTS: readonly string[] = ['postgresql', 'browser-postgresql'];

/** The key under which the global setup provides the cluster holding the prepared demo database. */
export const PG_DEMO_CLUSTER = 'tesseraPgDemoCluster';
/** The prepared demo database, the apps' template. */
const DEMO_TEMPLATE = 'demo_shop';

declare module 'vitest' {
  export interface ProvidedContext {
    [PG_DEMO_CLUSTER]: PgClusterInfo | undefined;
  }
}

/** The global setup's part: the demo database prepared in the run's cluster, as a template for the apps. */
export async function prepareDemoTemplate(info: PgClusterInfo): Promise<void> {
  const template = openPgStore(createDatabaseIn(info, DEMO_TEMPLATE), { max: 2 });
  try {
    await preparePgStore(template);
  } finally {
    // a template takes no connections: closed before the first copy
    await template.$client.end();
  }
}

/** This process's prefix for its apps' databases (files in other worker processes run at once). */
const prefix = `t_${randomBytes(5).toString('hex')}`;
let made = 0;

/** A fresh empty database of the run's cluster (for a shop seeded otherwise than the template): its URL and `drop`. */
export async function freshPgDatabase(): Promise<{ url: string; drop(): void }> {
  return freshDatabase(undefined);
}

/** A fresh copy of the prepared demo database: its URL, and `drop` to remove it (after its pools ended). */
export async function freshPgDemoDatabase(): Promise<{ url: string; drop(): void }> {
  return freshDatabase(DEMO_TEMPLATE);
}

async function freshDatabase(template: string | undefined): Promise<{ url: string; drop(): void }> {
  // vitest's `inject`, imported here only: test-support.ts is also loaded outside vitest (page-memory-child.ts)
  const { inject } = await import('vitest');
  const info = inject(PG_DEMO_CLUSTER);
  if (info === undefined) throw new Error('TESSERA_TEST_DATABASE=postgresql: the global setup prepared no PostgreSQL cluster (vitest.config.ts runs server/db/pg-test-global-setup.ts)');
  const name = `${prefix}_${++made}`;
  const url = createDatabaseIn(info, name, template);
  return { url, drop: () => dropDatabaseIn(info, name) };
}
