/**
 * `tessera render --theme DIR --url /path` (and `--context page.json`): the page on stdout, the theme's
 * problems on stderr at their file:line:col, exit 0 for a clean 2xx page, 1 otherwise, 2 for a usage mistake.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../server/db/database.js';
import { main } from './tessera.js';

const work = mkdtempSync(join(tmpdir(), 'tessera-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const regions = resolve(repoRoot(), 'fixtures/themes/regions');

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, out: out.join(''), err: err.join('') };
}

describe('tessera render --theme', () => {
  it('prints a page of the theme over the demo store, framed by its layout', async () => {
    const { code, out, err } = await run(['render', '--theme', regions, '--url', '/shop/p/linen-apron']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^<!doctype html>/);
    expect(out).toContain('class="regions-theme"');
    expect(out).toContain('Linen Apron');
    expect(out).not.toContain('<squarespace:');
  });

  it('exits 1 for a page that is not found, saying so on stderr, and still prints the 404 page', async () => {
    const { code, out, err } = await run(['render', '--theme', regions, '--url', '/no-such-page']);
    expect(code).toBe(1);
    expect(err).toBe('tessera: GET /no-such-page answered 404\n');
    expect(out).toContain('Regions theme footer');
  });

  it('reports template errors at their file:line:col on stderr and exits 1', async () => {
    const broken = join(work, 'broken');
    cpSync(regions, broken, { recursive: true });
    writeFileSync(join(broken, 'blocks/nav-link.block'), '<a href="{url|htmlattr}">\n{title|htlm}</a>');
    const { code, out, err } = await run(['render', '--theme', broken, '--url', '/']);
    expect(code).toBe(1);
    // the block's own problem, then where the header applies it
    expect(err.split('\n')).toEqual([
      "blocks/nav-link.block:2:7: error UNKNOWN_FORMATTER: Formatter 'htlm' is unknown. Did you mean 'html'?",
      expect.stringMatching(/^head\.region:9:64: error PARTIAL_PARSE_FAILED: Parse of partial "nav-link\.block" failed: /),
      '',
    ]);
    // the page is still printed, without what could not be rendered
    expect(out).toContain('<header class="regions-header"></header>');
  });

  it('renders a captured ?format=json context through the template its page type calls for', async () => {
    const page = await run(['render', '--theme', regions, '--url', '/blog/first-workshop-notes?format=json']);
    const context = JSON.parse(page.out) as Record<string, unknown>;
    const file = join(work, 'post.json');
    writeFileSync(file, JSON.stringify(context));
    const { code, out, err } = await run(['render', '--theme', regions, '--context', file]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('class="regions-theme"');
    expect(out).toContain((context['item'] as { title: string }).title);
  });

  it.each([
    [['render', '--theme', join(work, 'nope'), '--url', '/'], /The theme folder .*nope does not exist/],
    [['render', '--theme', regions, '--url', 'shop'], /--url must be a path starting with \//],
    [['render', '--theme', regions, '--context', join(work, 'missing.json')], /The context file .*missing\.json cannot be read: it does not exist/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const { code, err } = await run(args as string[]);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toMatch(message);
  });
});
