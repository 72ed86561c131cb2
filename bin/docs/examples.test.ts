/**
 * Every example of README.md and docs/*.md runs, and prints what the page says it prints (bin/docs/examples.ts
 * says how examples are marked). docs/THEME-GUIDE.md is left to bin/guide/theme-guide.test.ts, which renders its
 * examples when it writes the file. An example that reads ../shared (the benchmark's page) is skipped without it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../engine/index.js';
import { repoRoot } from '../../server/db/database.js';
import { main } from '../tessera.js';
import { type DocExample, examplesOf, fencesOf, normaliseOutput, shellWords, tesseraCommands } from './examples.js';

const root = repoRoot();
const FILES = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'THEME-GUIDE.md').map((f) => `docs/${f}`)];
const read = FILES.map((file) => ({ file, ...examplesOf(file, readFileSync(join(root, file), 'utf8')) }));
const EXAMPLES = read.flatMap((r) => r.examples);
const sharedMissing = !existsSync(resolve(root, '../shared'));

const scratch = mkdtempSync(join(tmpdir(), 'tessera-doc-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** What a module example prints with console.log (`import … from 'tessera'` is the engine's source here). */
async function runModule(example: DocExample): Promise<string> {
  const engine = pathToFileURL(join(root, 'engine/index.ts')).href;
  const file = join(scratch, `example-${example.file.replaceAll('/', '-')}-${example.line}.${example.lang}`);
  writeFileSync(file, example.code.replaceAll(/from 'tessera'/g, `from '${engine}'`));
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
  await import(pathToFileURL(file).href);
  return printed.join('\n');
}

/** What `npx tessera …` prints (stdout and stderr, in the order written), failing on another exit code than the example's. */
async function runTessera(example: DocExample): Promise<string> {
  const commands = tesseraCommands(example.code);
  if (typeof commands === 'string') throw new Error(`${example.file}:${example.line}: ${commands} (mark it <!-- not run: why -->)`);
  const printed: string[] = [];
  for (const args of commands) {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (printed.push(String(s)), true));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (printed.push(String(s)), true));
    const code = await main(args);
    stdout.mockRestore();
    stderr.mockRestore();
    expect(code, `npx tessera ${args.join(' ')} exited ${code}: ${printed.join('')}`).toBe(example.exitCode);
  }
  return printed.join('');
}

function runTemplate(example: DocExample): string {
  const { html, errors } = render(example.code, example.data === undefined ? {} : JSON.parse(example.data));
  expect(errors).toEqual([]);
  return html;
}

async function run(example: DocExample): Promise<string> {
  switch (example.lang) {
    case 'ts':
    case 'js':
      return runModule(example);
    case 'sh':
      return runTessera(example);
    case 'jsont':
      return runTemplate(example);
    default:
      throw new Error(`${example.file}:${example.line}: no way to run a \`${example.lang}\` example`);
  }
}

describe('the docs examples', () => {
  it('every code block is an example, its data or output, or says why it is not run', () => {
    const unmarked = read.flatMap((r) => r.unmarked.map((f) => `${r.file}:${f.line} (${f.lang})`));
    expect(unmarked, 'mark each with <!-- example --> (and <!-- output -->) or <!-- not run: why -->').toEqual([]);
    expect(read.flatMap((r) => r.problems)).toEqual([]);
  });

  it('has examples of each kind', () => {
    expect(new Set(EXAMPLES.map((e) => e.lang))).toEqual(new Set(['ts', 'sh', 'jsont']));
  });

  it.each(EXAMPLES.map((e) => [`${e.file}:${e.line}`, e] as const))('%s runs and prints what the page says', async (_where, example) => {
    if (sharedMissing && example.code.includes('../shared/')) return;
    const printed = normaliseOutput(await run(example));
    if (example.output === undefined) return;
    const expected = normaliseOutput(example.output);
    if (example.mode === 'exact') expect(printed).toBe(expected);
    else for (const line of expected.split('\n').filter((l) => l.trim() !== '')) expect(printed).toContain(line);
  });
});

describe('reading examples out of Markdown', () => {
  const page = [
    '<!-- example -->',
    '```jsont',
    '{a}',
    '```',
    '<!-- data -->',
    '```json',
    '{"a": 1}',
    '```',
    '',
    '<!-- output -->',
    '```text',
    '1',
    '```',
    '```sh',
    'npm start',
    '```',
    '<!-- not run: a server -->',
    '```sh',
    'npm start',
    '```',
    '```text',
    'free',
    '```',
  ].join('\n');

  it('pairs an example with its data and output, and finds unmarked code', () => {
    expect(fencesOf(page).map((f) => [f.line, f.lang, f.marker])).toEqual([
      [2, 'jsont', 'example'],
      [6, 'json', 'data'],
      [11, 'text', 'output'],
      [14, 'sh', undefined],
      [18, 'sh', 'not run: a server'],
      [21, 'text', undefined],
    ]);
    const { examples, unmarked, problems } = examplesOf('page.md', page);
    expect(examples).toEqual([{ file: 'page.md', line: 2, lang: 'jsont', code: '{a}', mode: 'exact', exitCode: 0, data: '{"a": 1}', output: '1' }]);
    expect(unmarked.map((f) => f.line)).toEqual([14]);
    expect(problems).toEqual([]);
  });

  it('reads the options of an example', () => {
    const read = examplesOf('page.md', '<!-- example: exit 1, contains -->\n```sh\nnpx tessera check\n```\n<!-- example: loud -->\n```sh\nnpx tessera\n```');
    expect(read.examples.map((e) => [e.mode, e.exitCode])).toEqual([
      ['contains', 1],
      ['exact', 0],
    ]);
    expect(read.problems).toEqual(['page.md:6: unknown example option "loud"']);
  });

  it('reads tessera commands as a shell would split them', () => {
    expect(tesseraCommands('npx tessera render a.html --data b.json \\\n  --partials c.json   # one page')).toEqual([['render', 'a.html', '--data', 'b.json', '--partials', 'c.json']]);
    expect(tesseraCommands('npm start')).toBe('not a `npx tessera` command: npm start');
    expect(shellWords(`check "my theme" 'x y' z`)).toEqual(['check', 'my theme', 'x y', 'z']);
  });
});
