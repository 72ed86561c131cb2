/**
 * `describePg(name, body)`: a test suite that runs against a throwaway PostgreSQL cluster (pg-cluster.ts) started
 * once for the file, stopped and removed after. Skipped, with the reason in its name, only when PostgreSQL's binaries
 * are missing; a cluster that fails to start fails the suite.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { pgUnavailableReason, startPgCluster, type PgCluster } from './pg-cluster.js';

export function describePg(name: string, body: (cluster: () => PgCluster) => void): void {
  const reason = pgUnavailableReason();
  describe.skipIf(reason !== undefined)(reason === undefined ? name : `${name} [skipped: ${reason}]`, () => {
    let cluster: PgCluster | undefined;
    beforeAll(async () => {
      cluster = await startPgCluster();
    }, 60_000);
    afterAll(() => cluster?.stop());
    body(() => {
      if (cluster === undefined) throw new Error('the PostgreSQL cluster did not start');
      return cluster;
    });
  });
}
