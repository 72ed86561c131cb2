/**
 * How long `tessera dev` takes from a save to the new page or stylesheet being ready, for the two saves a theme
 * author makes most (server/dev/corpus-saves.ts: a region of the home layout, a LESS stylesheet), on each theme
 * given or every theme of the corpus (`../shared/themes/`): a measurement, not a test, without a browser (the
 * browser's part, fetching and painting, is server/dev/reload-latency.ts's).
 *
 *   npm run build && node dist/server/dev/save-latency.js [SAVES] [THEME_DIR...]
 *
 * For each save: the compile (what the server prints: the theme told of the change, the stylesheet built when the
 * save changes it), the time from the write to the event sent to open pages (with the 20 ms a file must be quiet),
 * and from the write to `/` answered with the change (a region) or the new stylesheet served (a stylesheet).
 * Prints the median and the worst of each.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { repoRoot } from '../db/database.js';
import { bodyRegion, insideBody, lessStylesheet } from './corpus-saves.js';
import { type DevServer, startDevServer } from './dev-server.js';

interface Timing {
  compile: number;
  event: number;
  ready: number;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const show = (values: readonly number[]) => `median ${median(values).toFixed(0)} ms, worst ${Math.max(...values).toFixed(0)} ms`;

/** Saves `path` with `text`, then waits until `ready()` holds; the times, from the write. */
async function timedSave(dev: DevServer, file: string, text: string, printed: string[], ready: () => Promise<boolean>): Promise<Timing> {
  const told = dev.nextReload();
  const start = performance.now();
  writeFileSync(file, text);
  await told;
  const event = performance.now() - start;
  while (!(await ready())) await new Promise((r) => setTimeout(r, 5));
  const compiled = /compiled in ([\d.]+) ms/.exec(printed.at(-1) ?? '');
  return { compile: compiled === null ? NaN : Number(compiled[1]), event, ready: performance.now() - start };
}

async function measureTheme(themeDir: string, saves: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tessera-save-latency-'));
  const dir = join(work, basename(themeDir));
  cpSync(themeDir, dir, { recursive: true });
  const printed: string[] = [];
  const dev = await startDevServer({ themeDir: dir, port: 0, host: '127.0.0.1', print: (line) => printed.push(line) });
  const page = async (path: string) => (await fetch(dev.url + path)).text();
  try {
    const home = JSON.parse(await page('/?format=json')) as { collection?: { regionName?: string } };
    await page('/');
    const region = bodyRegion(dev.theme, home.collection?.regionName);
    const sheet = lessStylesheet(dev.theme);
    const report = (what: string, timings: Timing[]) =>
      console.log(`${basename(themeDir)} ${what}: compile ${show(timings.map((t) => t.compile))}; event ${show(timings.map((t) => t.event))}; ready ${show(timings.map((t) => t.ready))}`);
    if (region !== undefined) {
      const original = readFileSync(join(dir, region), 'utf8');
      const timings: Timing[] = [];
      for (let i = 0; i < saves; i++) {
        const mark = `<p id="saved">Saved ${i} times</p>`;
        timings.push(await timedSave(dev, join(dir, region), insideBody(original, mark), printed, async () => (await page('/')).includes(mark)));
      }
      report(region, timings);
    }
    if (sheet !== undefined) {
      const original = readFileSync(join(dir, sheet), 'utf8');
      const timings: Timing[] = [];
      for (let i = 0; i < saves; i++) {
        const rule = `.saved-${i}{color:#123456}`;
        const served = async () => {
          const href = /<link rel="stylesheet" href="(\/static\/theme\/site-[0-9a-f]+\.css)"/.exec(await page('/'))?.[1];
          return href !== undefined && (await page(href)).includes(rule);
        };
        timings.push(await timedSave(dev, join(dir, sheet), `${original}\n${rule}\n`, printed, served));
      }
      report(sheet, timings);
    }
  } finally {
    await dev.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const [savesArg = '10', ...given] = process.argv.slice(2);
const corpus = resolve(repoRoot(), '../shared/themes');
const themes = given.length > 0 ? given.map((t) => resolve(t)) : existsSync(corpus) ? readdirSync(corpus).map((t) => join(corpus, t)).filter((t) => existsSync(join(t, 'template.conf'))).sort() : [];
for (const theme of themes) await measureTheme(theme, Number(savesArg));
