/**
 * `--if-stale` builds: a build is fresh while every file it read exists and is older than its manifest, and
 * `npm start` (with the other scripts that build before they run) builds only what changed.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../server/db/database.js';
import { buildArguments, isFresh, metafileInputs } from './build-inputs.js';

const root = mkdtempSync(join(tmpdir(), 'tessera-build-inputs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `path` under the temporary root with the modification time `seconds` (since the epoch). */
function file(path: string, seconds: number, text = 'x'): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
  utimesSync(join(root, path), seconds, seconds);
}

describe('a build is fresh', () => {
  it('while every input it read exists and is older than its manifest', () => {
    file('src/a.ts', 1000);
    file('src/b.ts', 1000);
    file('out/manifest.json', 2000, JSON.stringify({ inputs: ['src/a.ts', 'src/b.ts'] }));
    expect(isFresh(join(root, 'out/manifest.json'), root)).toBe(true);
    file('src/b.ts', 3000);
    expect(isFresh(join(root, 'out/manifest.json'), root)).toBe(false);
    file('out/manifest.json', 4000, JSON.stringify({ inputs: ['src/a.ts', 'src/gone.ts'] }));
    expect(isFresh(join(root, 'out/manifest.json'), root)).toBe(false);
  });

  it("while the other files it is given (the build's own code) are older than its manifest too", () => {
    file('src/c.ts', 1000);
    file('build.ts', 1000);
    file('more/manifest.json', 2000, JSON.stringify({ inputs: ['src/c.ts'] }));
    expect(isFresh(join(root, 'more/manifest.json'), root, [join(root, 'build.ts')])).toBe(true);
    file('build.ts', 3000);
    expect(isFresh(join(root, 'more/manifest.json'), root, [join(root, 'build.ts')])).toBe(false);
    expect(isFresh(join(root, 'more/manifest.json'), root, [join(root, 'missing.ts')])).toBe(false);
  });

  it('never without a manifest, one without inputs (an older build) or one that is not JSON', () => {
    expect(isFresh(join(root, 'none/manifest.json'), root)).toBe(false);
    file('old/manifest.json', 5000, JSON.stringify({ loader: 'x.js' }));
    expect(isFresh(join(root, 'old/manifest.json'), root)).toBe(false);
    file('bad/manifest.json', 5000, '{');
    expect(isFresh(join(root, 'bad/manifest.json'), root)).toBe(false);
  });

  it("records esbuild's inputs relative to the root, without its virtual modules", () => {
    const metafile = { inputs: { 'hydrate/loader.ts': { bytes: 1, imports: [] }, [join(root, 'x/y.ts')]: { bytes: 1, imports: [] }, '<stdin>': { bytes: 1, imports: [] } }, outputs: {} };
    expect(metafileInputs(metafile, root, root)).toEqual(['hydrate/loader.ts', 'x/y.ts']);
  });

  it('reads the build script arguments', () => {
    expect(buildArguments(['out', '--if-stale'])).toEqual({ out: 'out', ifStale: true });
    expect(buildArguments([])).toEqual({ out: undefined, ifStale: false });
  });
});

describe('the package scripts', () => {
  const scripts = (JSON.parse(readFileSync(resolve(repoRoot(), 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('npm start builds only what changed since npm install built everything', () => {
    expect(scripts['start']).toMatch(/^npm run build:changed --silent && /);
    // tsc's build mode skips an up-to-date project; the bundles skip when no file they read changed
    expect(scripts['build:changed']).toBe('tsc -b tsconfig.build.json && node dist/hydrate/build.js --if-stale && node dist/runtime/build.js --if-stale');
    expect(scripts['prepare']).toBe('npm run build');
    expect(scripts['build']).not.toContain('--if-stale');
  });
});
