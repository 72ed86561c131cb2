/** Vitest's global setup: build the islands once, so the server under test serves the current code. */
import { buildIslands } from './build.js';

export default async function setup(): Promise<void> {
  await buildIslands();
}
