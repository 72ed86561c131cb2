/**
 * `describePg(name, body)`: a test suite that runs against a throwaway PostgreSQL cluster (pg-cluster.ts). Under
 * vitest's global setup (pg-test-global-setup.ts) one cluster serves the whole run (pg-shared-cluster.ts) and each
 * file gets its own empty database in it (`cluster().url`; more through `createDatabase`, named apart from other
 * files'), dropped after the file; without that setup the file starts and stops its own cluster. Skipped, with
 * the reason in its name, only when PostgreSQL's binaries are missing; a cluster that fails to start fails the suite.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { attachPgCluster, pgUnavailableReason, startPgCluster, type PgCluster } from './pg-cluster.js';
import { PG_RUN_DIR, sharedPgCluster } from './pg-shared-cluster.js';

export function describePg(name: string, body: (cluster: () => PgCluster) => void): void {
  const reason = pgUnavailableReason();
  describe.skipIf(reason !== undefined)(reason === undefined ? name : `${name} [skipped: ${reason}]`, () => {
    let cluster: PgCluster | undefined;
    beforeAll(async () => {
      const runDir = inject(PG_RUN_DIR);
      cluster = runDir === undefined ? await startPgCluster() : attachPgCluster(await sharedPgCluster(runDir), `f_${randomBytes(5).toString('hex')}`);
    }, 60_000);
    afterAll(() => cluster?.stop());
    body(() => {
      if (cluster === undefined) throw new Error('the PostgreSQL cluster did not start');
      return cluster;
    });
  });
}
