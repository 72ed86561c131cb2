/**
 * The docs hold together: every link between the pages lands on a file and a heading; each page says first what
 * it is for; and every environment variable the server reads is in the storefront's table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/db/database.js';
import { anchorsOf, headingAnchor, relativeLinksOf } from './markdown-links.js';

const root = repoRoot();
const PAGES = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the docs pages', () => {
  it('link only to files that exist, and to headings those files have', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const link of relativeLinksOf(text(page))) {
        const target = link.path === '' ? page : relative(root, resolve(root, dirname(page), link.path));
        if (!existsSync(join(root, target))) broken.push(`${page}: ${link.path} does not exist`);
        else if (link.anchor !== '' && target.endsWith('.md') && !anchorsOf(text(target)).has(link.anchor)) broken.push(`${page}: ${target} has no heading #${link.anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('each say what they are for, first', () => {
    const hand = PAGES.filter((p) => p.startsWith('docs/') && !['docs/THEME-GUIDE.md'].includes(p));
    for (const page of hand) expect(text(page), page).toMatch(/^# .+\n\nWhat this page is for: /);
  });

  it('list every environment variable the server and the tessera command read', () => {
    const table = text('docs/storefront.md').split('## Environment variables')[1]!.split('\n## ')[0]!;
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/(?<!\.test)\.ts$/.test(entry.name)) for (const m of text(path).matchAll(/env(?:\.|\[')([A-Z][A-Z0-9_]+)/g)) read.add(m[1]!);
      }
    };
    for (const dir of ['server', 'bin', 'bench']) walk(dir);
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !table.includes(`\`${name}\``)).sort()).toEqual([]);
  });

  it('make anchors as GitHub does', () => {
    expect(headingAnchor('The `tessera` command')).toBe('the-tessera-command');
    expect(headingAnchor('Owner accounts, store setup and settings (site owner only)')).toBe('owner-accounts-store-setup-and-settings-site-owner-only');
    expect(headingAnchor("The platform's JavaScript runtime (`runtime/`)")).toBe('the-platforms-javascript-runtime-runtime');
  });
});
