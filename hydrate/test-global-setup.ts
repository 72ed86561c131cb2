/**
 * Vitest's global setup: build the islands once, so the server under test serves the current code; skipped
 * when dist/islands is newer than every file the last build read and than the build's own code (after
 * `npm ci`, whose `npm run build` just made it, or a run with nothing changed since).
 */
import { fileURLToPath } from 'node:url';
import { buildIslands, islandsUpToDate } from './build.js';

/** The build's code: a change to it (an entry added, an option) changes the output without changing an input. */
const BUILD_CODE = ['./build.ts', './build-inputs.ts'].map((file) => fileURLToPath(new URL(file, import.meta.url)));

export default async function setup(): Promise<void> {
  if (!(await islandsUpToDate(undefined, BUILD_CODE))) await buildIslands();
}
