/**
 * The theme author's guide cannot drift: every formatter and predicate of the storefront's plugin table has
 * an entry (and no entry names one that does not exist), every example renders without a problem, and
 * docs/THEME-GUIDE.md is exactly what the generator writes now (examples rendered by the engine in this test).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/db/database.js';
import { STOREFRONT_PLUGINS } from '../../server/islands/formatter.js';
import { FORMATTER_DOCS, PREDICATE_DOCS } from './plugin-docs.js';
import { GUIDE_FILE, renderExample, themeGuide } from './theme-guide.js';

describe('the theme guide', () => {
  it('documents every formatter and predicate of the plugin table, and nothing else', () => {
    expect(Object.keys(FORMATTER_DOCS).sort()).toEqual([...STOREFRONT_PLUGINS.formatters.keys()].sort());
    expect(Object.keys(PREDICATE_DOCS).sort()).toEqual([...STOREFRONT_PLUGINS.predicates.keys()].sort());
  });

  it.each(Object.entries(FORMATTER_DOCS))('renders the %s example without a problem, and prints something', (name, doc) => {
    expect(doc.template).toContain(`|${name}`);
    const { html, problems } = renderExample(doc);
    expect(problems).toEqual([]);
    expect(html.trim()).not.toBe('');
  });

  it.each(Object.entries(PREDICATE_DOCS))('renders the %s example without a problem', (name, doc) => {
    expect(doc.template).toContain(`{.${name}`);
    const { html, problems } = renderExample(doc);
    expect(problems).toEqual([]);
    expect(html.trim()).not.toBe('');
  });

  it(`is what ${GUIDE_FILE} holds (else run npm run guide)`, async () => {
    const written = readFileSync(resolve(repoRoot(), GUIDE_FILE), 'utf8');
    expect(written === (await themeGuide()), `${GUIDE_FILE} is out of date: run \`npm run guide\` and commit it`).toBe(true);
  });
});
