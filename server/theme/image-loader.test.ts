/**
 * The image loader of `{squarespace-footers}`: on a page whose images wait for one (`<img {@|image-meta}>`),
 * run in Chromium, each gets a sized `src`; a page without such an image gets no script.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { IMAGE_LOADER_TAG, needsImageLoader } from './image-loader.js';

const CHROMIUM = '/usr/bin/chromium';

describe('which pages need the loader', () => {
  it('only those with an <img> that has data-src and no src', () => {
    expect(needsImageLoader('<img data-src="/a.png" alt="">')).toBe(true);
    expect(needsImageLoader('<img src="/a.png?format=500w" data-src="/a.png" alt="">')).toBe(false);
    expect(needsImageLoader('<div data-src="/a.png"></div><img src="/b.png">')).toBe(false);
  });
});

describe.skipIf(!existsSync(CHROMIUM) && !process.env['CI'])('in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  });
  afterAll(async () => browser?.close());

  it('gives each waiting image the smallest platform width covering its box, on its focal point, and ImageLoader.load', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
    const html =
      '<div style="width:400px"><img id="a" style="width:100%;height:100px;object-fit:cover" data-src="/img/a.svg" data-image-focal-point="0.2,0.8"></div>' +
      '<img id="b" style="width:90px" data-src="/img/b.svg?format=1000w" data-load="false">' +
      '<img id="c" src="/kept.svg" data-src="/img/c.svg">' +
      IMAGE_LOADER_TAG;
    await page.route('**/*', (route) => route.fulfill({ contentType: route.request().url().endsWith('/') ? 'text/html' : 'image/svg+xml', body: route.request().url().endsWith('/') ? html : '<svg xmlns="http://www.w3.org/2000/svg"/>' }));
    await page.goto('http://tessera.test/');
    const seen = await page.evaluate(() => ['a', 'b', 'c'].map((id) => [document.getElementById(id)!.getAttribute('src'), (document.getElementById(id) as HTMLImageElement).style.objectPosition]));
    expect(seen).toEqual([
      ['/img/a.svg?format=500w', '20% 80%'],
      ['/img/b.svg?format=1000w', ''],
      ['/kept.svg', ''],
    ]);
    const later = await page.evaluate(() => {
      // not laid out yet: its box is its parent's
      const box = document.createElement('div');
      box.style.width = '250px';
      const img = document.createElement('img');
      img.setAttribute('data-src', '/img/d.svg');
      box.append(img);
      document.body.append(box);
      return [(window as unknown as { ImageLoader: { load(i: Element): boolean } }).ImageLoader.load(img), img.getAttribute('src')];
    });
    expect(later).toEqual([true, '/img/d.svg?format=300w']);
    await page.close();
  });
});
