/**
 * The platform runtime in Chromium, on our fixture theme fixtures/themes/platform-runtime, whose script is
 * written as platform themes write theirs (YUI's `Y.use`/`Y.one`/`Y.all`/`on`, `getTweakValue`, `ImageLoader`,
 * a controller, the shop helpers, a lightbox): at 1280 and 390 px every page runs with no uncaught error and no
 * console problem, nothing leaves the machine (every request is to the storefront), the images arrive at the
 * width their boxes need, a module beyond the bundled ones comes from this server, and `@squarespace/core`
 * (0.1.5 and 1.1.0, bundled with esbuild for the page, used through its public API) works against it.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type BrowserTab, describeBrowser, refuseOtherHosts, useBrowserHarness, WIDTHS } from '../hydrate/browser-harness.js';
import { repoRoot } from '../server/db/database.js';

const THEME_DIR = resolve(repoRoot(), 'fixtures/themes/platform-runtime');
const PAGES = ['/', '/shop', '/shop/p/field-shirt', '/blog/caring-for-linen'];

/** Requests to any host but the storefront's. */
function outside(tab: BrowserTab, baseUrl: string): string[] {
  const host = new URL(baseUrl).host;
  return tab.requests.filter((url) => !url.startsWith('data:') && new URL(url).host !== host);
}

/** The `format=` width each image asked for, once every image has its picture. */
async function loadedWidths(page: Page, selector: string): Promise<string[]> {
  await page.waitForFunction((s) => [...document.querySelectorAll<HTMLImageElement>(s)].every((i) => i.complete && i.getAttribute('data-image-resolution') !== null), selector);
  return page.$$eval(selector, (images) => images.map((i) => new URL(i.getAttribute('src')!, location.href).searchParams.get('format') ?? ''));
}

/** `@squarespace/core` as a theme bundles it: 1.x as `window[name]`, and 0.1.x as `window.core01`. */
async function coreBundle(name: string): Promise<string> {
  const result = await build({
    stdin: { contents: `import core from '@squarespace/core'; import core01 from 'squarespace-core-0.1'; window.${name} = core; window.core01 = core01;`, resolveDir: repoRoot(), loader: 'js' },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The shop's fill tiles: a 4:5 picture filling a 240 px high tile, 400 px (1280) or 342 px (390) wide at ratio 1 → 500w. */
async function expectTileImages(page: Page): Promise<void> {
  expect(new Set(await loadedWidths(page, '.tile-image img'))).toEqual(new Set(['500w']));
  expect(await page.getAttribute('main', 'data-tiles')).toBe('12');
  const tile = await page.$eval('.tile-image img', (img) => ({ position: getComputedStyle(img).position, width: img.getBoundingClientRect().width, box: img.parentElement!.getBoundingClientRect().width }));
  expect(tile.position).toBe('absolute');
  expect(Math.round(tile.width)).toBe(Math.round(tile.box));
}

/** The product's content-fit picture, 480 (360) px high: 384 (288) px wide → 500w (300w); aligned to the top. */
async function expectProductImage(tab: BrowserTab, width: number): Promise<void> {
  expect(await loadedWidths(tab.page, '.product-image img')).toEqual([width === WIDTHS.desktop ? '500w' : '300w']);
  expect(await tab.page.$eval('.product-image img', (img) => img.style.top)).toBe('0px');
  expect(await tab.page.textContent('.product-price')).toBe('from $89.00');
  tab.expectNoConsoleProblems();
}

describeBrowser('the platform runtime', () => {
  const harness = useBrowserHarness({ themeDir: THEME_DIR });

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    // one load a page for both: the images a page asks for are the load's, at its width
    it(`runs the theme's script on every page at ${width} px, with nothing leaving the machine, and loads each image at the width its box needs (fill tiles, a fit picture the script loads)`, async () => {
      for (const path of PAGES) {
        const tab = await harness().open(path, { width });
        await tab.page.waitForFunction(() => document.body.classList.contains('runtime-ready'));
        tab.expectNoConsoleProblems();
        expect(outside(tab, harness().storefront.baseUrl), path).toEqual([]);
        const state = await tab.page.evaluate(() => ({
          columns: document.body.getAttribute('data-tile-columns'),
          afterBodyLoaded: (window as unknown as { Squarespace: { AFTER_BODY_LOADED: boolean } }).Squarespace.AFTER_BODY_LOADED,
          context: Object.keys((window as unknown as { Static: { SQUARESPACE_CONTEXT: object } }).Static.SQUARESPACE_CONTEXT),
        }));
        expect(state.columns).toBe('3');
        expect(state.afterBodyLoaded).toBe(true);
        expect(state.context).toEqual(expect.arrayContaining(['pageType', 'website', 'collection', 'tweakJSON', 'templateTweakable']));
        if (path === '/shop') await expectTileImages(tab.page);
        if (path === '/shop/p/field-shirt') await expectProductImage(tab, width);
        await tab.screenshot(`runtime${path === '/' ? '-home' : path.replace(/\//g, '-')}`);
        await tab.close();
      }
    });
  }

  it('loads a larger width on a screen of pixel ratio 2, and never a smaller one after a resize', async () => {
    const context = await harness().browser.newContext({ baseURL: harness().storefront.baseUrl, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
    await refuseOtherHosts(context, harness().storefront.baseUrl);
    const page = await context.newPage();
    await page.goto('/shop');
    expect(new Set(await loadedWidths(page, '.tile-image img'))).toEqual(new Set(['1000w']));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    expect(new Set(await loadedWidths(page, '.tile-image img'))).toEqual(new Set(['1000w']));
    await context.close();
  });

  it('opens the lightbox and the alert as accessible modal dialogs', async () => {
    const tab = await harness().open('/shop/p/field-shirt');
    const { page } = tab;
    await page.waitForFunction(() => document.body.classList.contains('runtime-ready'));
    await page.getByRole('button', { name: 'Show larger' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Field Shirt' });
    await expect.poll(() => lightbox.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show larger');

    await page.evaluate(() => {
      const Y = (window as unknown as { Y: { Squarespace: { Widgets: { Alert: new (c: object) => unknown } } } }).Y;
      new Y.Squarespace.Widgets.Alert({ 'strings.title': 'Shop', 'strings.message': 'Sorry, that is sold out.' });
    });
    const alert = page.getByRole('alertdialog', { name: 'Shop' });
    expect(await alert.textContent()).toContain('Sorry, that is sold out.');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => alert.count()).toBe(0);
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('fetches a module beyond the bundled ones from this server, and never from another host', async () => {
    const tab = await harness().open('/shop');
    const result = await tab.page.evaluate(
      () =>
        new Promise<Record<string, unknown>>((done) => {
          const Y = (window as unknown as { Y: { use: (...a: unknown[]) => void } }).Y;
          Y.use('anim', (Y2: Record<string, unknown>, anim: { success: boolean }) => {
            Y.use('gallery-not-here', (_Y3: unknown, gallery: { success: boolean }) => done({ anim: anim.success, Anim: typeof Y2['Anim'], gallery: gallery.success }));
          });
        }),
    );
    expect(result).toEqual({ anim: true, Anim: 'function', gallery: false });
    expect(outside(tab, harness().storefront.baseUrl)).toEqual([]);
    expect(tab.requests.some((url) => /\/static\/runtime\/yui-[0-9a-f]+\/anim-base\/anim-base-min\.js$/.test(url))).toBe(true);
    await tab.close();
  });

  it('is what @squarespace/core 0.1.5 and 1.1.0 expect: ImageLoader.load, Tweak.getValue and watch, Lifecycle.init and destroy', async () => {
    const tab = await harness().open('/shop');
    const { page } = tab;
    await page.waitForFunction(() => document.body.classList.contains('runtime-ready'));
    await page.addScriptTag({ content: await coreBundle('core') });
    // core 1.x wires Tweak.watch only when the page is an owner's (authenticatedAccount) as it loads
    await page.evaluate(() => {
      (window as unknown as { Static: { SQUARESPACE_CONTEXT: Record<string, unknown> } }).Static.SQUARESPACE_CONTEXT['authenticatedAccount'] = { id: 'owner' };
    });
    await page.addScriptTag({ content: await coreBundle('ownerCore') });
    const result = await page.evaluate(() => {
      type Core = {
        ImageLoader: { load(img: Element, config?: object): boolean };
        Tweak: { getValue(name: unknown): unknown; watch(...args: unknown[]): void };
        Lifecycle: { init(): void; destroy(): void };
      };
      const w = window as unknown as { core: Core; core01: Core; ownerCore: Core; Static: { SQUARESPACE_CONTEXT: Record<string, unknown> }; Squarespace: { AFTER_BODY_LOADED: boolean }; Y: { Squarespace: { StyleEditor: { change(n: string, v: string): void } } } };
      const out: Record<string, unknown> = {};
      for (const [name, core] of [['1.1.0', w.core], ['0.1.5', w.core01]] as const) {
        const img = document.createElement('img');
        img.setAttribute('data-src', '/static/images/p05.svg');
        img.setAttribute('data-image-dimensions', '2500x3125');
        img.setAttribute('width', '280');
        document.body.append(img);
        out[`${name} load`] = [core.ImageLoader.load(img), img.getAttribute('src')];
        out[`${name} getValue`] = [core.Tweak.getValue('tileColumns'), core.Tweak.getValue('nope')];
      }
      out['1.1.0 getValue @'] = w.core.Tweak.getValue('@tileColumns');
      // 0.1.x watches every tweak change; 1.x only for a signed-in owner, as on the platform
      const seen: unknown[] = [];
      w.core01.Tweak.watch('tileColumns', (t: unknown) => seen.push(['0.1.5', t]));
      w.core.Tweak.watch('tileColumns', (t: unknown) => seen.push(['1.1.0 visitor', t]));
      w.ownerCore.Tweak.watch(['tileColumns'], (t: unknown) => seen.push(['1.1.0 owner', t]));
      w.Y.Squarespace.StyleEditor.change('tileColumns', '4');
      // in label order: the two cores subscribe at different moments
      out['watch'] = seen.sort((a, b) => String((a as string[])[0]).localeCompare(String((b as string[])[0])));
      out['after change'] = w.core.Tweak.getValue('tileColumns');
      const main = document.querySelector('main')!;
      w.core.Lifecycle.destroy();
      out['destroyed'] = main.getAttribute('data-tiles');
      w.core.Lifecycle.init();
      out['init'] = [w.Squarespace.AFTER_BODY_LOADED, main.getAttribute('data-tiles')];
      return out;
    });
    expect(result).toEqual({
      '1.1.0 load': [true, '/static/images/p05.svg?format=300w'],
      '1.1.0 getValue': ['3', undefined],
      '0.1.5 load': [true, '/static/images/p05.svg?format=300w'],
      '0.1.5 getValue': ['3', undefined],
      '1.1.0 getValue @': '3',
      watch: [
        ['0.1.5', { name: 'tileColumns', value: '4' }],
        ['1.1.0 owner', { name: 'tileColumns', value: '4' }],
      ],
      'after change': '4',
      destroyed: null,
      init: [true, '12'],
    });
    tab.expectNoConsoleProblems();
    await tab.close();
  });
});
