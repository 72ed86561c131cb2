/**
 * A theme watched without a watcher (`npm start` without `NODE_ENV=production`, `buildApp({ themeDir })` outside
 * production): it looks at its files on each request, once (server/theme/disk-look.ts). Counted here with the
 * real `node:fs` calls: no file is statted twice in a page request and `styles/` is walked once; and every kind
 * of change (a LESS file, one it imports, a new sheet in template.conf, a region, a block, a collection `.conf`)
 * shows on the next request.
 */
import fs, { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { Theme } from '../theme.js';

const work = mkdtempSync(join(tmpdir(), 'tessera-watching-'));
const dir = join(work, 'harbor');
cpSync(resolve(repoRoot(), 'fixtures/themes/harbor'), dir, { recursive: true });
let app: FastifyInstance;

beforeAll(async () => {
  const store = openStore(':memory:');
  seedDemoStore(store);
  app = await buildApp({ store, theme: new Theme(dir, true) });
});
afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

type Counted = 'statSync' | 'lstatSync' | 'existsSync' | 'readdirSync';

/** Every `node:fs` call of these kinds made while `run` runs, by kind and path. */
async function countCalls(run: () => Promise<unknown>): Promise<Record<Counted, string[]>> {
  const calls: Record<Counted, string[]> = { statSync: [], lstatSync: [], existsSync: [], readdirSync: [] };
  const real = new Map<Counted, (...args: unknown[]) => unknown>();
  const patchable = fs as unknown as Record<Counted, (...args: unknown[]) => unknown>;
  for (const name of Object.keys(calls) as Counted[]) {
    const original = patchable[name];
    real.set(name, original);
    patchable[name] = function (this: unknown, ...args: unknown[]) {
      calls[name].push(String(args[0]));
      return original.apply(this, args);
    };
  }
  // the ESM named exports (`import { statSync } from 'node:fs'`) follow the patched functions
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    for (const [name, original] of real) patchable[name] = original;
    syncBuiltinESMExports();
  }
  return calls;
}

const page = async (url: string) => (await app.inject(url)).body;
const stylesheetOf = async (url: string) => {
  const href = /<link rel="stylesheet" href="(\/static\/theme\/[^"]+)"/.exec(await page(url))?.[1];
  return href === undefined ? '' : (await app.inject(href)).body;
};
const edit = (path: string, change: (text: string) => string) => writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));

describe('a theme watched without a watcher', () => {
  it('stats each file at most once in a page request, and walks styles/ once', async () => {
    for (const url of ['/', '/blog', '/shop/p/linen-apron']) {
      await page(url);
      const calls = await countCalls(() => app.inject(url));
      const stats = [...calls.statSync, ...calls.lstatSync];
      const twice = stats.filter((p, i) => stats.indexOf(p) !== i);
      expect(twice, url).toEqual([]);
      expect(calls.readdirSync.filter((p) => p === join(dir, 'styles')), url).toHaveLength(1);
      // the theme's files, its styles and configuration included, are looked at (this is how it sees changes)
      expect(stats, url).toContain(join(dir, 'styles/variables.less'));
      expect(stats, url).toContain(join(dir, 'template.conf'));
    }
  });

  it('shows every kind of change on the next request', async () => {
    // a LESS file of template.conf's list
    edit('styles/footer.less', (t) => `${t}\n.watched-footer { color: #123456; }\n`);
    expect(await stylesheetOf('/')).toContain('.watched-footer{color:#123456}');
    // a file it imports, new
    writeFileSync(join(dir, 'styles/extra-import.less'), '.watched-import { color: #654321; }\n');
    edit('styles/footer.less', (t) => `@import 'extra-import';\n${t}`);
    expect(await stylesheetOf('/')).toContain('.watched-import{color:#654321}');
    edit('styles/extra-import.less', () => '.watched-import { color: #abcdef; }\n');
    expect(await stylesheetOf('/')).toContain('.watched-import{color:#abcdef}');
    // a new sheet listed in template.conf
    writeFileSync(join(dir, 'styles/watched.less'), '.watched-sheet { color: #0000ff; }\n');
    edit('template.conf', (t) => t.replace('"system.less"', '"system.less", "watched.less"'));
    expect(await stylesheetOf('/')).toContain('.watched-sheet{color:#00f}');
    // a region, a block, a collection type's .conf
    edit('footer.region', (t) => t.replace('</footer>', '<p>Watched footer</p></footer>'));
    expect(await page('/')).toContain('<p>Watched footer</p>');
    edit('blocks/navigation.block', (t) => `<!-- watched block -->${t}`);
    expect(await page('/')).toContain('<!-- watched block -->');
    expect(await page('/blog')).toContain('class="content-with-sidebar"');
    edit('collections/blog.conf', (t) => t.replace('"layout": "sidebar"', '"layout": "full-width"'));
    expect(await page('/blog')).not.toContain('class="content-with-sidebar"');
  });
});
