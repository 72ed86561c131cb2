/**
 * Vitest's global setup: build the platform runtime once, so servers under test serve the current code;
 * skipped when dist/platform-runtime is newer than every file the last build read and than the build's own
 * code (as hydrate/test-global-setup.ts does for the islands).
 */
import { fileURLToPath } from 'node:url';
import { buildRuntime, runtimeUpToDate } from './build.js';

/** The build's code: the script's parts and their order (yui-modules.ts), the manifest's shape. */
const BUILD_CODE = ['./build.ts', './yui-modules.ts', './manifest.ts', '../hydrate/build-inputs.ts'].map((file) => fileURLToPath(new URL(file, import.meta.url)));

export default async function setup(): Promise<void> {
  if (!runtimeUpToDate(undefined, BUILD_CODE)) await buildRuntime();
}
