/**
 * `tessera dev --tweak name=value`: each flag checked against the theme's tweaks (a mistake is one line on stderr
 * and exit 2, before anything starts), and the pages served with the values, over the demo store and over a
 * captured context.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../server/db/database.js';
import { startDevServer } from '../server/dev/dev-server.js';
import { tweakFlags } from './dev.js';
import { main } from './tessera.js';

const THEME = resolve(repoRoot(), 'fixtures/themes/tweak-forms');

afterEach(() => vi.restoreAllMocks());

describe('tessera dev --tweak', () => {
  it('says what is wrong with a flag in one line on stderr (then the usage), exit 2', async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
    for (const [flag, message] of [
      ['tweak-nav-positon=Left', 'tessera: --tweak: The theme has no tweak "tweak-nav-positon": did you mean "tweak-nav-position"?\n'],
      ['tweak-site-width=20em', 'tessera: --tweak: "tweak-site-width" must be a number from 600 to 1600 in px (got "20em").\n'],
      ['tweak-site-width', 'tessera: --tweak takes name=value (got "tweak-site-width")\n'],
    ]) {
      err.length = 0;
      expect(await main(['dev', THEME, '--tweak', flag!]), flag).toBe(2);
      // the one line, then the usage
      expect(err.join('').split('\n')[0] + '\n', flag).toBe(message);
    }
  });

  it('reads name=value, the value as the owner API reads it', () => {
    expect(tweakFlags(THEME, ['tweak-nav-position=center', 'tweak-site-width=900', 'tweak-heading-font={font-size:40px}', 'tweak-show-tagline=false'])).toEqual({
      'tweak-nav-position': 'Center',
      'tweak-site-width': '900px',
      'tweak-heading-font': '{font-size:40px}',
      'tweak-show-tagline': 'false',
    });
  });

  it('serves the pages with the values, over the demo store and over a captured context', async () => {
    const tweaks = tweakFlags(THEME, ['tweak-nav-position=Center', 'tweak-site-width=900']);
    const bodyClass = (html: string) => /<body id="[^"]*" class="([^"]*)"/.exec(html)?.[1] ?? '';
    const dev = await startDevServer({ themeDir: THEME, port: 0, host: '127.0.0.1', print: () => {}, tweaks });
    try {
      const html = await (await fetch(dev.url + '/')).text();
      expect(bodyClass(html)).toMatch(/^tweak-nav-position-center tweak-show-tagline /);
      const href = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
      expect(await (await fetch(dev.url + href)).text()).toContain('max-width:900px');
      // the page's ?format=json is as captured, without the values
      expect(await (await fetch(dev.url + '/?format=json')).text()).not.toContain('tweak-nav-position');
    } finally {
      await dev.close();
    }
    const dir = mkdtempSync(join(tmpdir(), 'tessera-dev-tweak-'));
    const contextFile = join(dir, 'page.json');
    writeFileSync(contextFile, JSON.stringify({ pageType: 1, website: { siteTitle: 'Captured' }, collection: { title: 'Shop', typeName: 'products' }, items: [] }));
    const captured = await startDevServer({ themeDir: THEME, contextFile, port: 0, host: '127.0.0.1', print: () => {}, tweaks });
    try {
      expect(bodyClass(await (await fetch(captured.url + '/')).text())).toMatch(/^tweak-nav-position-center /);
    } finally {
      await captured.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
