/** Vitest's global setup: build the platform runtime once, so servers under test serve the current code. */
import { buildRuntime } from './build.js';

export default async function setup(): Promise<void> {
  await buildRuntime();
}
