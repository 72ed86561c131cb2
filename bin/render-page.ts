/**
 * `tessera render --theme DIR --url /path`: one page of a theme to stdout, rendered as the server would
 * answer it over a fresh demo store (or, with `--context page.json`, over a captured page context). The
 * theme's problems go to stderr as `file:line:col: severity CODE: message`. Exit 0 for a page answered 2xx
 * without template errors, 1 otherwise (the page is still written), 2 for a usage mistake.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.js';
import { openStore } from '../server/db/database.js';
import { seedDemoStore } from '../server/db/seed.js';
import { readContextFile, renderContext } from '../server/dev/context-page.js';
import type { DevProblem } from '../server/dev/dev-problems.js';
import { Theme } from '../server/theme.js';
import { checkThemeDir } from '../server/theme/theme-dir.js';
import { allowedOriginsFromEnv } from '../server/security/allowed-origins.js';
import { UsageError } from './usage-error.js';

const describe = (p: DevProblem) => `${p.filename}:${p.line}:${p.column}: ${p.severity} ${p.code}: ${p.message}`;

export async function renderThemePage(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { theme: { type: 'string' }, url: { type: 'string' }, context: { type: 'string' }, out: { type: 'string' } },
  });
  if (positionals.length > 0) throw new UsageError(`render --theme takes no template file (got ${positionals.join(' ')})`);
  if (values.theme === undefined) throw new UsageError('render needs --theme DIR');
  if (values.url !== undefined && values.context !== undefined) throw new UsageError('render takes --url or --context, not both');
  const themeDir = resolve(values.theme);
  try {
    checkThemeDir(themeDir);
    allowedOriginsFromEnv(process.env);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const problems: DevProblem[] = [];
  const seen = new Set<string>();
  const report = (found: readonly DevProblem[]) => {
    for (const p of found) {
      if (seen.has(describe(p))) continue;
      seen.add(describe(p));
      problems.push(p);
      process.stderr.write(describe(p) + '\n');
    }
  };
  const theme = new Theme(themeDir, false);
  theme.observe({ compiled: (_file, found) => report(found), rendered: report });

  let html: string;
  let status = 200;
  if (values.context !== undefined) {
    let context;
    try {
      context = readContextFile(values.context);
    } catch (e) {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
    html = renderContext(theme, context);
  } else {
    const url = values.url ?? '/';
    if (!url.startsWith('/')) throw new UsageError(`--url must be a path starting with / (got ${url})`);
    const store = openStore(':memory:');
    seedDemoStore(store);
    const app = await buildApp({ store, theme });
    try {
      const page = await app.inject({ method: 'GET', url });
      status = page.statusCode;
      html = page.body;
      if (status >= 300) {
        const where = page.headers.location === undefined ? '' : ` (to ${String(page.headers.location)})`;
        process.stderr.write(`tessera: GET ${url} answered ${status}${where}\n`);
      }
    } finally {
      await app.close();
      store.$client.close();
    }
  }
  if (values.out !== undefined) writeFileSync(values.out, html);
  else process.stdout.write(html);
  return status < 300 && !problems.some((p) => p.severity === 'error') ? 0 : 1;
}
