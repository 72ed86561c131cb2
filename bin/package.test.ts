/** The published shape of the package: `exports` maps `.` to the compiled engine. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  exports: { '.': { import: string; types: string } };
  bin: { tessera: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };

describe('package', () => {
  it('maps . to the compiled engine and its types, and tessera to the compiled command', () => {
    expect(pkg.exports['.']).toEqual({ types: './dist/engine/index.d.ts', import: './dist/engine/index.js' });
    expect(pkg.bin.tessera).toBe('dist/bin/tessera.js');
  });

  it('says of every dependency with an install script whether it may run it (npm 11 warns of any it is not told of)', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of new Set(withScripts)) expect(typeof pkg.allowScripts?.[name], name).toBe('boolean');
    // the native SQLite binding and esbuild's binary check must run; core-js's is only a message
    expect(pkg.allowScripts).toMatchObject({ 'better-sqlite3': true, esbuild: true });
  });

  // dist/ is built by `npm install` (prepare); skipped only in a tree that was never built.
  it.runIf(existsSync(resolve(root, pkg.exports['.'].import)))('exports compile and render from dist', async () => {
    const engine = (await import(pathToFileURL(resolve(root, pkg.exports['.'].import)).href)) as typeof import('../engine/index.js');
    const { template, errors } = engine.compile('Hi {name|html}');
    expect(errors).toEqual([]);
    expect(engine.render(template, { name: '<b>' }).html).toBe('Hi &lt;b&gt;');
  });
});

describe('the repository', () => {
  it('names no absolute path of the machine it was written on (a clone anywhere else must work)', () => {
    // The checkout itself and the shared folder beside it, as this machine spells them: tests find both relative
    // to the repository. Lists what leaked, file by file.
    const shared = resolve(root, '..', 'shared');
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter((f) => f !== '');
    expect(files.length).toBeGreaterThan(100);
    const leaks: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(resolve(root, file), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      if (text.includes(root + '/') || text.includes(shared + '/') || text.includes(shared + "'")) leaks.push(file);
    }
    expect(leaks).toEqual([]);
  });
});
