/**
 * No visible English left in the default theme or the islands (issue 27): every word a visitor reads comes
 * from the message catalogs (`{value|t KEY}` in templates, the props' messages in islands). The scan takes
 * the text between tags and the `aria-label`, `placeholder`, `title` and `alt` attributes, with every JSON-T
 * tag (and JSX expression) removed, and fails on a run of letters. The allowlist names what is still English,
 * file by file, with its reason: shrinking it is the way forward, growing it needs a reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../server/db/database.js';

const ROOT = repoRoot();

/** Files whose English is not yet in the catalogs (docs/storefront.md "The site’s language"), and why: none left (issue 27). */
const ALLOWED: Readonly<Record<string, string>> = {
};

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && pattern.test(e.name) && !e.name.includes('.test.'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const WORD = /[A-Za-z]{2,}/;
/** Not words: entities, and the one brand name a page shows as it is. */
const NOT_WORDS = /&[a-z]+;|&#\d+;|\bTessera\b|\bOK\b/g;

/** The visible English of a template: text between tags and the read attributes, JSON-T tags removed. */
export function templateWords(source: string): string[] {
  const plain = source
    .replace(/\{#[^}]*\}/g, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/\{[^{}]*\}/g, '');
  const found: string[] = [];
  for (const m of plain.matchAll(/>([^<>]+)</g)) if (WORD.test(m[1]!.replace(NOT_WORDS, ''))) found.push(m[1]!.trim());
  for (const m of plain.matchAll(/\b(?:aria-label|placeholder|title|alt)="([^"]*)"/g)) if (WORD.test(m[1]!.replace(NOT_WORDS, ''))) found.push(m[1]!);
  return found;
}

/** The visible English of a component: JSX text and literal read attributes, expressions removed. */
export function componentWords(source: string): string[] {
  const jsx = source.replace(/\{[^{}]*\}/g, '').replace(/\{[^{}]*\}/g, '');
  const found: string[] = [];
  for (const m of jsx.matchAll(/>\s*([^<>;=()]+?)\s*<\//g)) if (WORD.test(m[1]!.replace(NOT_WORDS, ''))) found.push(m[1]!.trim());
  for (const m of source.matchAll(/\b(?:aria-label|placeholder|title|alt)="([^"]*)"/g)) if (WORD.test(m[1]!.replace(NOT_WORDS, ''))) found.push(m[1]!);
  return found;
}

describe('visible words', () => {
  it('finds English between tags and in labels, and nothing in a catalog word', () => {
    expect(templateWords('<h1>Your cart</h1><a aria-label="Main" href="/">{@|t theme.cart}</a>{# a comment}')).toEqual(['Your cart', 'Main']);
    expect(templateWords('<p>{title|html} &mdash; {@|t theme.cart}</p><input placeholder="{@|t search.placeholder}">')).toEqual([]);
    expect(componentWords('<button>\n  Remove\n</button><p>{say(\'cartLines.empty\')}</p>')).toEqual(['Remove']);
  });

  for (const file of [...files('templates', /\.(page|list|item|block|region)$/), ...files('hydrate/components', /\.tsx$/)]) {
    const allowed = ALLOWED[file];
    it(`${file}${allowed !== undefined ? ` (allowed: ${allowed})` : ''}`, () => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const words = file.endsWith('.tsx') ? componentWords(source) : templateWords(source);
      if (allowed === undefined) expect(words).toEqual([]);
      else expect(words, `${file} is clean now: take it off the allowlist`).not.toEqual([]);
    });
  }
});
