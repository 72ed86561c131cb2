/** The published shape of the package: `exports` maps `.` to the compiled engine. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  exports: { '.': { import: string; types: string } };
  bin: { tessera: string };
};

describe('package', () => {
  it('maps . to the compiled engine and its types, and tessera to the compiled command', () => {
    expect(pkg.exports['.']).toEqual({ types: './dist/engine/index.d.ts', import: './dist/engine/index.js' });
    expect(pkg.bin.tessera).toBe('dist/bin/tessera.js');
  });

  // dist/ is built by `npm install` (prepare); skipped only in a tree that was never built.
  it.runIf(existsSync(resolve(root, pkg.exports['.'].import)))('exports compile and render from dist', async () => {
    const engine = (await import(pathToFileURL(resolve(root, pkg.exports['.'].import)).href)) as typeof import('../engine/index.js');
    const { template, errors } = engine.compile('Hi {name|html}');
    expect(errors).toEqual([]);
    expect(engine.render(template, { name: '<b>' }).html).toBe('Hi &lt;b&gt;');
  });
});
