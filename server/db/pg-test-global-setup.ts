/**
 * Vitest's global setup for PostgreSQL tests: a folder for the run's one shared cluster (pg-shared-cluster.ts),
 * handed to every file through `provide`; the cluster itself starts only when a file asks for it, or here when
 * the run's apps are on PostgreSQL (`TESSERA_TEST_DATABASE=postgresql`, pg-test-database.ts, or the run holds
 * vitest.config.ts's `postgresql` project), which also prepares their demo database here. The teardown stops it
 * and removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PG_RUN_DIR, sharedPgCluster, stopSharedPgCluster } from './pg-shared-cluster.js';
import { APP_TESTS_ON_POSTGRES_PROJECTS, PG_DEMO_CLUSTER, prepareDemoTemplate, testDatabase } from './pg-test-database.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const runDir = mkdtempSync(join(tmpdir(), 'tessera-pg-run-'));
  const teardown = () => {
    try {
      stopSharedPgCluster(runDir);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  };
  project.provide(PG_RUN_DIR, runDir);
  // the variable (one file run by hand), or the run holds the `postgresql` or `browser-postgresql` project (vitest.config.ts), whose files set it
  const appsOnPostgres = testDatabase() === 'postgresql' || project.vitest.projects.some((p) => APP_TESTS_ON_POSTGRES_PROJECTS.includes(p.name));
  if (appsOnPostgres) {
    try {
      const info = await sharedPgCluster(runDir);
      await prepareDemoTemplate(info);
      project.provide(PG_DEMO_CLUSTER, info);
    } catch (e) {
      teardown();
      throw e;
    }
  }
  return teardown;
}
