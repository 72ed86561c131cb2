#!/usr/bin/env node
/**
 * `npx tsx bench/fuzz/make-contexts.ts`: writes `fixtures/fuzz/page-contexts.json`, the page contexts our own
 * server builds for the demo store under each theme of the corpus (`../shared/themes/`) and the default theme,
 * as `?format=json` answers them: the home page, each collection's list, the first item of each, the pages its
 * navigation and home page link to. The real-templates fuzz arm (real.ts) renders the themes' templates over
 * them. Made once and committed, so the test needs no server or store; lists are cut to three elements (and
 * strings to 2,000 characters) to keep the file small, which keeps every shape a list page has.
 * Run it again after the server's contexts change.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../../server/app.js';
import { openStore, repoRoot } from '../../server/db/database.js';
import { seedDemoStore } from '../../server/db/seed.js';
import { defaultThemeDir } from '../../server/theme/theme-dir.js';
import { Theme } from '../../server/theme.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');
const OUT = resolve(repoRoot(), 'fixtures/fuzz/page-contexts.json');
/** Pages per theme at most. */
const PAGES = 14;
/** A fixed "now" for the seed, so the file changes only when the server does. */
const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);

export interface PageContext {
  theme: string;
  url: string;
  /** `list`, `item` or `page`: which templates of the theme render over it. */
  kind: 'list' | 'item' | 'page';
  typeName: string;
  context: Record<string, unknown>;
}

/** A copy with lists cut to three elements and long strings cut, so the file stays small. */
function trim(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.slice(0, 3).map((x) => trim(x, depth + 1));
  if (typeof v === 'string') return v.length > 2000 ? v.slice(0, 2000) : v;
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x, depth + 1)]));
  return v;
}

function links(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*?\bhref="(\/(?!\/)[^"#?]*)"/g)) out.add(m[1]!.replace(/&amp;/g, '&'));
  return [...out];
}

async function contextsOf(name: string, dir: string): Promise<PageContext[]> {
  const store = openStore(':memory:');
  seedDemoStore(store, NOW);
  const app = await buildApp({ store, theme: new Theme(dir, false) });
  const out: PageContext[] = [];
  try {
    const queue = ['/', '/shop', '/blog', '/events', '/gallery', '/about'];
    const seen = new Set<string>();
    const kinds = new Map<string, number>();
    while (queue.length > 0 && out.length < PAGES) {
      const url = queue.shift()!;
      if (seen.has(url) || /\.(css|js|png|jpe?g|svg|ico|xml|txt)$|^\/(api|cart|checkout|account|commerce|s\/|assets|universal|static)/.test(url)) continue;
      seen.add(url);
      const page = await app.inject(url);
      if (page.statusCode !== 200 || !String(page.headers['content-type']).includes('html')) continue;
      queue.push(...links(page.body));
      const res = await app.inject(`${url}?format=json`);
      if (res.statusCode !== 200) continue;
      const context = JSON.parse(res.body) as Record<string, unknown>;
      const collection = (context['collection'] ?? {}) as Record<string, unknown>;
      const kind = context['item'] !== undefined ? 'item' : Array.isArray(context['items']) ? 'list' : 'page';
      const typeName = String(collection['typeName'] ?? '');
      // at most two pages of one kind and type (two products, two posts), so every type gets its turn
      const key = `${kind}:${typeName}`;
      if ((kinds.get(key) ?? 0) >= 2) continue;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
      out.push({ theme: name, url, kind, typeName, context: trim(context) as Record<string, unknown> });
    }
  } finally {
    await app.close();
  }
  return out;
}

const themes: [string, string][] = [['default', defaultThemeDir()]];
if (existsSync(CORPUS)) for (const t of readdirSync(CORPUS).sort()) if (existsSync(join(CORPUS, t, 'template.conf'))) themes.push([t, join(CORPUS, t)]);
const all: PageContext[] = [];
for (const [name, dir] of themes) {
  const got = await contextsOf(name, dir);
  process.stdout.write(`${name}: ${got.map((c) => `${c.kind}:${c.typeName} ${c.url}`).join(', ')}\n`);
  all.push(...got);
}
mkdirSync(resolve(OUT, '..'), { recursive: true });
writeFileSync(OUT, `${JSON.stringify(all)}\n`);
process.stdout.write(`${all.length} contexts, ${JSON.stringify(all).length} bytes → ${OUT}\n`);
