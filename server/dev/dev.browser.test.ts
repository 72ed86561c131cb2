/**
 * `tessera dev` in Chromium: a page of a theme (a temporary copy of a fixture theme) changes in the open tab
 * when a file is saved, with nobody reloading it; a broken template shows the overlay over the page (its
 * file, line, column and code frame), which goes when the file is fixed; the overlay hides on Escape. No
 * console errors along the way. Screenshots: test-results/screenshots/dev-overlay-{width}px.png.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchChromium, saveScreenshot, WIDTHS } from '../../hydrate/browser-harness.js';
import { repoRoot } from '../db/database.js';
import { type DevServer, startDevServer } from './dev-server.js';

const work = mkdtempSync(join(tmpdir(), 'tessera-dev-browser-'));
const themeDir = join(work, 'theme');
cpSync(resolve(repoRoot(), 'fixtures/themes/regions'), themeDir, { recursive: true });
const tail = readFileSync(join(themeDir, 'tail.region'), 'utf8');
const body = readFileSync(join(themeDir, 'body.region'), 'utf8');

describeBrowser('tessera dev in the browser', () => {
  let dev: DevServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    dev = await startDevServer({ themeDir, port: 0, host: '127.0.0.1', print: () => {} });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
    page.on('console', (m) => {
      // Chromium asks for /favicon.ico by itself, whatever the page says (the harness ignores it too)
      if (m.location().url.endsWith('/favicon.ico')) return;
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * Saves a theme file and waits until the server has compiled it and told the open page. The page's event
   * stream must be open first: after the page was brought back from an overlay it may still be reconnecting,
   * and a save then reaches nobody (seen with two test files running side by side).
   */
  async function save(path: string, text: string): Promise<void> {
    await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    const reloaded = dev.nextReload();
    writeFileSync(join(themeDir, path), text);
    expect((await reloaded).clients).toBe(1);
  }

  it('shows a saved change in the open page without a reload by hand', async () => {
    await page.goto(`${dev.url}/shop`);
    await expect.poll(() => page.locator('footer.regions-footer').textContent()).toBe('Regions theme footer');
    // the page's own event stream must be open before the save, as in a tab an author keeps open
    await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    await save('tail.region', tail.replace('Regions theme footer', 'Footer, edited'));
    await page.waitForFunction(() => document.querySelector('footer.regions-footer')?.textContent === 'Footer, edited', null, { timeout: 5_000 });
    expect(page.url()).toBe(`${dev.url}/shop`);
  });

  it('shows a broken template as an overlay over the page, and the page again once it is fixed', async () => {
    await save('body.region', body.replace('{squarespace.main-content}', '{.section item}\n{squarespace.main-content|htlm}'));
    const overlay = page.locator('tessera-dev-overlay');
    await overlay.locator('h1').waitFor({ timeout: 5_000 });
    // read through the shadow root: the theme's CSS cannot reach it
    await expect.poll(() => overlay.locator('h1').textContent()).toBe('The theme has 2 errors');
    const headings = await overlay.locator('h2').allTextContents();
    expect(headings).toEqual(['body.region:2:1', 'body.region:3:26']);
    const frames = await overlay.locator('pre').allTextContents();
    expect(frames[1]).toContain('3 | {squarespace.main-content|htlm}');
    expect(await overlay.locator('.backdrop').evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: width === WIDTHS.desktop ? 800 : 844 });
      await saveScreenshot(page, `dev-overlay-${width}px`, { fullPage: false });
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 800 });

    await save('body.region', body);
    await page.waitForFunction(() => document.querySelector('tessera-dev-overlay') === null && document.querySelector('main.regions-main') !== null, null, { timeout: 5_000 });
  });

  it('hides the overlay on Escape, leaving the page under it', async () => {
    await save('body.region', body.replace('{squarespace.main-content}', '{squarespace.main-content|nope}'));
    await page.locator('tessera-dev-overlay h1').waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tessera-dev-overlay').count()).toBe(0);
    await expect.poll(() => page.locator('footer.regions-footer').count()).toBe(1);
    await save('body.region', body);
    await page.waitForFunction(() => document.querySelector('main.regions-main') !== null && document.querySelector('tessera-dev-overlay') === null);
  });

  it('swaps a saved stylesheet into the open page without reloading it', async () => {
    await page.goto(`${dev.url}/about`);
    await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    // gone if the page reloads
    await page.evaluate(() => ((window as { __stillHere?: boolean }).__stillHere = true));
    const css = readFileSync(join(themeDir, 'styles/base.css'), 'utf8');
    await save('styles/base.css', `${css}\n.regions-footer { color: rgb(1, 2, 3); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('footer.regions-footer')!).color === 'rgb(1, 2, 3)', null, { timeout: 5_000 });
    expect(await page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere)).toBe(true);
    expect(await page.locator('link[rel="stylesheet"][href^="/static/theme/"]').count()).toBe(1);
    await save('styles/base.css', css);
  });

  it('swaps a saved stylesheet into a page that shows the overlay for another file, keeping the overlay', async () => {
    // no page open while the region is saved: its reload would race the page opened next
    await page.goto('about:blank');
    const broken = dev.nextReload();
    writeFileSync(join(themeDir, 'body.region'), body.replace('{squarespace.main-content}', '{squarespace.main-content|nope}'));
    await broken;
    await page.goto(`${dev.url}/about`);
    await page.locator('tessera-dev-overlay h1').waitFor({ timeout: 5_000 });
    await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    await page.evaluate(() => ((window as { __stillHere?: boolean }).__stillHere = true));
    const css = readFileSync(join(themeDir, 'styles/base.css'), 'utf8');
    await save('styles/base.css', `${css}\n.regions-footer { color: rgb(4, 5, 6); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('footer.regions-footer')!).color === 'rgb(4, 5, 6)', null, { timeout: 5_000 });
    expect(await page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere)).toBe(true);
    expect(await page.locator('tessera-dev-overlay').count()).toBe(1);
    await save('styles/base.css', css);
    await save('body.region', body);
    await page.waitForFunction(() => document.querySelector('tessera-dev-overlay') === null && document.querySelector('main.regions-main') !== null, null, { timeout: 5_000 });
  });

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
