/**
 * How long from saving a theme file to the browser showing the change, through `tessera dev`: a measurement
 * (`npm run build && node dist/server/dev/reload-latency.js [SAVES]`), not a test. A temporary copy of a
 * fixture theme is served; Chromium keeps its page open; each save rewrites the footer region, and the time
 * is taken from just before the write to the first frame of the reloaded page that shows the new text (both
 * clocks are this machine's). Prints the median, 90th percentile and worst, and the server's part of it
 * (write to reload event sent).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../../hydrate/browser-harness.js';
import { repoRoot } from '../db/database.js';
import { startDevServer } from './dev-server.js';

/** Runs in every document the tab loads: the epoch time of the first frame after it is parsed, and its footer. */
const RECORD_FIRST_FRAME = `addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(() => {
  window.__shown = { at: performance.timeOrigin + performance.now(), text: document.querySelector('footer')?.textContent ?? '' };
})));`;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

async function measure(saves: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tessera-reload-latency-'));
  const themeDir = join(work, 'theme');
  cpSync(resolve(repoRoot(), 'fixtures/themes/regions'), themeDir, { recursive: true });
  const tail = readFileSync(join(themeDir, 'tail.region'), 'utf8');
  const dev = await startDevServer({ themeDir, port: 0, host: '127.0.0.1', print: () => {} });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.addInitScript(RECORD_FIRST_FRAME);
    await page.goto(`${dev.url}/`);
    await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    const total: number[] = [];
    const server: number[] = [];
    for (let i = 0; i < saves; i++) {
      const text = `Footer saved ${i}`;
      const reloaded = dev.nextReload();
      const start = performance.timeOrigin + performance.now();
      writeFileSync(join(themeDir, 'tail.region'), tail.replace('Regions theme footer', text));
      await reloaded;
      server.push(performance.timeOrigin + performance.now() - start);
      const shown = await page.waitForFunction((t) => {
        const s = (window as { __shown?: { at: number; text: string } }).__shown;
        return s !== undefined && s.text === t ? s.at : false;
      }, text);
      total.push(((await shown.jsonValue()) as number) - start);
      // the next save waits until this page listens again
      await page.waitForFunction(() => (window as { __tesseraDev?: string }).__tesseraDev === 'connected');
    }
    const show = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`${name}: median ${percentile(sorted, 0.5).toFixed(0)} ms, p90 ${percentile(sorted, 0.9).toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms`);
    };
    console.log(`${saves} saves of tail.region, page / of the demo store (regions fixture theme)`);
    show('save to change shown in the browser', total);
    show('save to reload event sent (server side)', server);
  } finally {
    await browser.close();
    await dev.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await measure(Number(process.argv[2] ?? 30));
