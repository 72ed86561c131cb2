/**
 * What a build read, so a later start can tell whether it must build again (`--if-stale`): the islands' and
 * the platform runtime's builds record esbuild's inputs (and any other file they read) in their manifest,
 * relative to the repository root; the output is fresh while each of them exists and is older than the
 * manifest. `npm start` builds only what changed this way, after `npm install` built everything.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Metafile } from 'esbuild';

/** esbuild's inputs (paths relative to the working directory it ran in), as paths relative to `root`. */
export function metafileInputs(metafile: Metafile, root: string, cwd = process.cwd()): string[] {
  return Object.keys(metafile.inputs)
    .filter((path) => !path.startsWith('<') && !path.includes(':')) // virtual modules (`<stdin>`, `ns:path`) are no files
    .map((path) => relative(root, isAbsolute(path) ? path : resolve(cwd, path)).split('\\').join('/'))
    .sort();
}

/**
 * Whether the build whose manifest is `manifestFile` (listing `inputs`) is newer than every file it read, and
 * than each of `more` (absolute paths: files that shape the output without being read by it, the build's code).
 */
export function isFresh(manifestFile: string, root: string, more: readonly string[] = []): boolean {
  if (!existsSync(manifestFile)) return false;
  let inputs: unknown;
  try {
    inputs = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { inputs?: unknown }).inputs;
  } catch {
    return false;
  }
  if (!Array.isArray(inputs) || inputs.length === 0) return false;
  const built = statSync(manifestFile).mtimeMs;
  return [...inputs, ...more].every((input) => {
    const stat = typeof input === 'string' ? statSync(resolve(root, input), { throwIfNoEntry: false }) : undefined;
    return stat !== undefined && stat.mtimeMs <= built;
  });
}

/** A build script's arguments: an output folder, and `--if-stale` (build only when an input changed). */
export function buildArguments(argv: readonly string[]): { out: string | undefined; ifStale: boolean } {
  return { out: argv.find((a) => !a.startsWith('--')), ifStale: argv.includes('--if-stale') };
}
