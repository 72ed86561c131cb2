/**
 * What the admin's browser tests share (not a test file itself): axe at both widths, put into the page through
 * the debugger (the admin's policy runs only its own scripts), with the no-sideways-scrolling check and a
 * screenshot per width; and typing into a field reached with Tab.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type BrowserTab, formatAxeViolations, HEIGHTS, runAxe, saveScreenshot, WIDTHS } from '../browser-harness.js';
import { tabTo } from '../browser-helpers.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe finds nothing and the page does not scroll sideways, at 1280 and 390 px; screenshots `test-results/screenshots/{name}-{width}px.png`. */
export async function axeAtBothWidths(tab: BrowserTab, name: string): Promise<void> {
  const { page } = tab;
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(AXE_SOURCE);
  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    await page.setViewportSize({ width, height: HEIGHTS[width]! });
    expect(formatAxeViolations(await runAxe(page)), `${name} at ${width}px`).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways at ${width}px`).toBe(true);
    await saveScreenshot(page, `${name}-${width}px`);
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: HEIGHTS[WIDTHS.desktop]! });
}

/** Tabs to a field, replaces its text with `text` by typing. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await tabTo(page, selector, 80);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}
