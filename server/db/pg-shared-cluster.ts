/**
 * One throwaway PostgreSQL cluster for a whole test run (issue 25), started lazily by the first file that needs it
 * and stopped by vitest's global teardown (pg-test-global-setup.ts). Starting a cluster costs 2–3 s; one per file
 * cost that for every PostgreSQL file. Test files run in several worker processes, so the start is guarded by the
 * file system: the first to make the folder `starting` in the run's folder starts the cluster and writes
 * `cluster.json` (or `error`); the others wait for one of the two. A run that needs no PostgreSQL starts none.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPgCluster, stopPgClusterByInfo, type PgClusterInfo } from './pg-cluster.js';

/** The key under which the global setup provides the run's folder (vitest `provide`/`inject`). */
export const PG_RUN_DIR = 'tesseraPgRunDir';

declare module 'vitest' {
  export interface ProvidedContext {
    [PG_RUN_DIR]: string;
  }
}

const infoFile = (runDir: string) => join(runDir, 'cluster.json');
const errorFile = (runDir: string) => join(runDir, 'error');

/** The run's cluster: started here when no other file started it yet, else waited for (up to `timeoutMs`). */
export async function sharedPgCluster(runDir: string, timeoutMs = 60_000): Promise<PgClusterInfo> {
  let mine = true;
  try {
    mkdirSync(join(runDir, 'starting'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    mine = false;
  }
  if (mine) {
    try {
      const cluster = await startPgCluster();
      writeFileSync(infoFile(runDir) + '.partial', JSON.stringify(cluster.info));
      renameSync(infoFile(runDir) + '.partial', infoFile(runDir));
      return cluster.info;
    } catch (e) {
      writeFileSync(errorFile(runDir), (e as Error).message);
      throw e;
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(infoFile(runDir))) return JSON.parse(readFileSync(infoFile(runDir), 'utf8')) as PgClusterInfo;
    if (existsSync(errorFile(runDir))) throw new Error(`the test run's PostgreSQL cluster did not start: ${readFileSync(errorFile(runDir), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the test run's PostgreSQL cluster did not start within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The run's end: stops the cluster when a file started one. */
export function stopSharedPgCluster(runDir: string): void {
  if (existsSync(infoFile(runDir))) stopPgClusterByInfo(JSON.parse(readFileSync(infoFile(runDir), 'utf8')) as PgClusterInfo);
}
