/**
 * How long from saving a theme file to the browser showing the change, through `tessera dev`: a measurement,
 * not a test.
 *
 *   npm run build && node dist/server/dev/reload-latency.js [SAVES] [THEME_DIR FILE TEXT [PAGE]]
 *
 * A temporary copy of the theme (default: fixtures/themes/regions, its tail.region, "Regions theme footer",
 * page /) is served; Chromium keeps the page open; each save replaces TEXT in FILE with a new text, and the
 * time is taken from just before the write to the first frame of the reloaded page that holds the new text
 * (both clocks are this machine's). Prints the median, 90th percentile and worst, and the server's part of it
 * (write to reload event sent, which includes the 20 ms a file must be quiet).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../../hydrate/browser-harness.js';
import { repoRoot } from '../db/database.js';
import { startDevServer } from './dev-server.js';

/** Runs in every document the tab loads: the epoch time of the first frame after it is parsed, and its text. */
const RECORD_FIRST_FRAME = `addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(() => {
  window.__shown = { at: performance.timeOrigin + performance.now(), text: document.body.textContent };
})));`;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

async function measure(saves: number, theme: string, file: string, search: string, path: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tessera-reload-latency-'));
  const themeDir = join(work, 'theme');
  cpSync(theme, themeDir, { recursive: true });
  const original = readFileSync(join(themeDir, file), 'utf8');
  if (!original.includes(search)) throw new Error(`${file} does not hold ${JSON.stringify(search)}`);
  const dev = await startDevServer({ themeDir, port: 0, host: '127.0.0.1', print: () => {} });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.addInitScript(RECORD_FIRST_FRAME);
    await page.goto(dev.url + path);
    await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    const total: number[] = [];
    const server: number[] = [];
    for (let i = 0; i < saves; i++) {
      const text = `Saved ${i} times`;
      const reloaded = dev.nextReload();
      const start = performance.timeOrigin + performance.now();
      writeFileSync(join(themeDir, file), original.replace(search, text));
      await reloaded;
      server.push(performance.timeOrigin + performance.now() - start);
      const shown = await page.waitForFunction((t) => {
        const s = (window as { __shown?: { at: number; text: string } }).__shown;
        return s !== undefined && s.text.includes(t) ? s.at : false;
      }, text);
      total.push(((await shown.jsonValue()) as number) - start);
      // the next save waits until this page listens again
      await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    }
    const show = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`${name}: median ${percentile(sorted, 0.5).toFixed(0)} ms, p90 ${percentile(sorted, 0.9).toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms`);
    };
    console.log(`${saves} saves of ${file} of ${theme}, page ${path} of the demo store`);
    show('save to change shown in the browser', total);
    show('save to reload event sent (server side)', server);
  } finally {
    await browser.close();
    await dev.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const [saves = '30', theme = resolve(repoRoot(), 'fixtures/themes/regions'), file = 'tail.region', search = 'Regions theme footer', path = '/'] = process.argv.slice(2);
await measure(Number(saves), resolve(theme), file, search, path);
