/**
 * Vitest's global setup for PostgreSQL tests: a folder for the run's one shared cluster (pg-shared-cluster.ts),
 * handed to every file through `provide`; the cluster itself starts only when a file asks for it. The teardown
 * stops it and removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PG_RUN_DIR, stopSharedPgCluster } from './pg-shared-cluster.js';

export default function setup(project: TestProject): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'tessera-pg-run-'));
  project.provide(PG_RUN_DIR, runDir);
  return () => {
    try {
      stopSharedPgCluster(runDir);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  };
}
