/**
 * `tessera check` on theme folders built for each case: regions checked as their layout joins them (positions
 * in each region's own file), unknown partials with "did you mean", the unescaped-output lint and its ignore
 * comment, `.conf` files, code frames and exit codes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { codeFrame } from '../server/dev/code-frame.js';
import { checkTemplates } from './check.js';
import { main } from './tessera.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

/** A theme folder holding `files` (path → text); template.conf defaults to one layout of site.region. */
function theme(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-check-theme-'));
  roots.push(dir);
  const all = { 'template.conf': JSON.stringify({ layouts: { default: { regions: ['site'] } } }), ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const shown = (dir: string, path: string) => relative(process.cwd(), join(dir, path));
/** The report of checking `dir`, as one text. */
const report = (dir: string) => checkTemplates([dir]).report.join('\n');

describe('regions, as their layout joins them', () => {
  const conf = JSON.stringify({
    layouts: { default: { regions: ['head', 'body', 'tail'] }, wide: { regions: ['head', 'wide', 'tail'] } },
  });

  it('compiles a block opened in one region and closed in another, and reports a problem at its region line', () => {
    const dir = theme({
      'template.conf': conf,
      'head.region': '<html>\n{.section website}<header>{siteTitle|html}</header>\n',
      'body.region': '<main>\n  {squarespace.main-content|htlm}\n</main>\n',
      'wide.region': '<main class="wide">{squarespace.main-content}</main>\n',
      'tail.region': '{.end}</html>\n',
    });
    const { problems, report: lines, errors } = checkTemplates([dir]);
    // alone, head.region would never close its section and tail.region would close nothing: joined, both are fine
    expect(problems.map((p) => `${p.filename}:${p.line}:${p.column} ${p.code}`)).toEqual([`${shown(dir, 'body.region')}:2:28 UNKNOWN_FORMATTER`]);
    expect(errors).toBe(1);
    expect(lines[0]).toBe(
      `${shown(dir, 'body.region')}:2:28: error: Formatter 'htlm' is unknown. Did you mean 'html'? [UNKNOWN_FORMATTER]\n` +
        `2 |   {squarespace.main-content|htlm}\n` +
        `  |                            ^`,
    );
  });

  it('reports a section never closed at the region where it opens, once even if two layouts share the region', () => {
    const dir = theme({
      'template.conf': conf,
      'head.region': '<html>\n<body>\n  {.section item}<h1>{title|html}</h1>\n',
      'body.region': '<main>{squarespace.main-content}</main>',
      'wide.region': '<main>{squarespace.main-content}</main>',
      'tail.region': '</html>',
    });
    const { problems } = checkTemplates([dir]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ filename: shown(dir, 'head.region'), line: 3, column: 3, code: 'EOF_IN_BLOCK', severity: 'error' });
  });

  it('says which layout names a region the theme lacks, at its name in template.conf', () => {
    const dir = theme({
      'template.conf': '{\n  "layouts": {\n    "default": { "regions": ["head", "footer"] }\n  }\n}\n',
      'head.region': '<main>{squarespace.main-content}</main>',
    });
    expect(report(dir)).toBe(
      `${shown(dir, 'template.conf')}:3:38: error: The layout "default" names the region "footer.region", which the theme does not have. [MISSING_REGION]\n` +
        `3 |     "default": { "regions": ["head", "footer"] }\n` +
        `  |                                      ^`,
    );
  });

  it('suggests the region file the theme has for a misspelt one', () => {
    const dir = theme({
      'template.conf': '{ "layouts": { "default": { "regions": ["header", "sidebr"] } } }',
      'header.region': '{squarespace.main-content}',
      'sidebar.region': '<aside></aside>',
    });
    expect(checkTemplates([dir]).problems.map((p) => p.message)).toEqual(['The layout "default" names the region "sidebr.region", which the theme does not have. Did you mean "sidebar"?']);
  });

  it('checks a region given on its own as its layout joins it, reporting its own problems only', () => {
    const dir = theme({
      'template.conf': conf,
      'head.region': '<html>{.section website}<h1>{siteTitle|htlm}</h1>\n',
      'body.region': '<main>{squarespace.main-content|nope}</main>',
      'wide.region': '<main>{squarespace.main-content}</main>',
      'tail.region': '{.end}</html>',
    });
    expect(checkTemplates([join(dir, 'tail.region')]).problems).toEqual([]);
    expect(checkTemplates([join(dir, 'head.region')]).problems.map((p) => `${p.filename}:${p.line}:${p.column} ${p.code}`)).toEqual([
      `${shown(dir, 'head.region')}:1:39 UNKNOWN_FORMATTER`,
    ]);
  });

  it('reports a tag problem after an earlier tag at its own place, in a block and in a region', () => {
    const tags = '<nav>\n<squarespace:navigation navigationId="mainNav" template="nav" />\n<p>x</p>\n<squarespace:navigation navigationId="nope" template="nav" />\n{title|html}\n';
    const dir = theme({
      'template.conf': JSON.stringify({ layouts: { default: { regions: ['site'] } }, navigations: [{ name: 'mainNav', title: 'Main' }] }),
      'site.region': `${tags}{squarespace.main-content}`,
      'blocks/nav.block': '{.repeated section items}{.end}',
      'blocks/menu.block': tags,
    });
    const at = checkTemplates([dir]).problems.map((p) => `${relative(dir, p.filename)}:${p.line}:${p.column} ${p.code}`);
    expect(at).toEqual(['blocks/menu.block:4:39 UNKNOWN_NAVIGATION', 'site.region:4:39 UNKNOWN_NAVIGATION']);
  });

  it('checks a region no layout uses on its own', () => {
    const dir = theme({ 'site.region': '{squarespace.main-content}', 'spare.region': '{.section a}' });
    expect(checkTemplates([dir]).problems.map((p) => `${p.filename}:${p.code}`)).toEqual([`${shown(dir, 'spare.region')}:EOF_IN_BLOCK`]);
  });
});

describe('partials', () => {
  it('reports a block the theme lacks, with the closest name, and knows system blocks and macros', () => {
    const dir = theme({
      'site.region': '{squarespace.main-content}',
      'blocks/nav-link.block': '<a href="{url|htmlattr}">{title|html}</a>',
      'collections/blog.list':
        '{.macro card}<p>{title|html}</p>{.end}\n' +
        '{.repeated section items}{@|apply card}{@|apply post-meta.block}{.end}\n' +
        '{.repeated section navigation}{@|apply nav-lnk.block}{.end}\n' +
        '{.include footer-links}',
    });
    const { problems, errors } = checkTemplates([dir]);
    const list = shown(dir, 'collections/blog.list');
    expect(errors).toBe(2);
    expect(report(dir)).toContain(
      `${list}:3:40: error: Attempt to apply partial 'nav-lnk.block' which could not be found. Did you mean 'nav-link.block'? [PARTIAL_NOT_FOUND]\n` +
        `3 | {.repeated section navigation}{@|apply nav-lnk.block}{.end}\n` +
        `  | ${' '.repeat(39)}^`,
    );
    expect(problems[1]).toMatchObject({ line: 4, column: 1, message: "Attempt to apply partial 'footer-links' which could not be found." });
  });

  it('checks a single file against the blocks of the theme it sits in', () => {
    const dir = theme({ 'site.region': '{squarespace.main-content}', 'blocks/card.block': '<p></p>', 'pages/a.page': '{@|apply card.block}{@|apply crad.block}' });
    const { problems } = checkTemplates([join(dir, 'pages/a.page')]);
    expect(problems.map((p) => p.message)).toEqual(["Attempt to apply partial 'crad.block' which could not be found. Did you mean 'card.block'?"]);
  });
});

describe('the unescaped-output lint', () => {
  const lint = (template: string) => {
    const dir = theme({ 'site.region': '{squarespace.main-content}', 'pages/t.page': template });
    return checkTemplates([dir]).problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.message}`);
  };

  it('warns about a plain-text field printed raw, in text and in an attribute, naming the formatter to add', () => {
    expect(lint('<h1>{item.title}</h1>\n<img alt="{siteTitle}">')).toEqual([
      "1:5 warning {item.title} prints 'title', plain text, without escaping: a <, & or quote in it would break the page or run as markup; add |html (or mark it with {# tessera-ignore unescaped})",
      "2:11 warning {siteTitle} prints 'siteTitle', plain text, without escaping: a <, & or quote in it would break the page or run as markup; add |htmlattr (or mark it with {# tessera-ignore unescaped})",
    ]);
  });

  it('warns about |html inside an attribute and about rich text in an attribute', () => {
    expect(lint(`<a title='{title|html}'>x</a><meta content="{excerpt|truncate 100}">`)).toEqual([
      "1:11 warning {title|html} is inside an attribute, where |html leaves quotes that end it; use |htmlattr (or mark it with {# tessera-ignore unescaped})",
      "1:45 warning {excerpt|truncate} prints 'excerpt' into an attribute without escaping: a quote in it would end the attribute; add |htmlattr (or mark it with {# tessera-ignore unescaped})",
    ]);
  });

  it('follows sections and .var to the field printed as {@}', () => {
    expect(lint('{.repeated section item.tags}<li>{@}</li>{.end}{.var @t searchQuery}{@t}')).toEqual([
      expect.stringContaining("1:34 warning {@} prints 'tags'"),
      expect.stringContaining("1:69 warning {@t} prints 'searchQuery'"),
    ]);
  });

  it('stays quiet where the output is escaped, made into something else, HTML by design, or in a script', () => {
    expect(
      lint(
        [
          '<h1>{title|html}</h1><img alt="{title|htmlattr}"><a href="/s?q={searchQuery|url-encode}">',
          '{body}<div>{excerpt}</div><p>{title|slugify}</p>{title|truncate 20|html}{tags|count}',
          '<script>var t = {title|json};</script><!-- {title} --><style>/* {title} */</style>',
          '{item|apply post-meta.block}<span>{price}</span>{title|html|truncate 10}',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('is silenced on the line of a tessera-ignore comment and the next, or for the whole file', () => {
    expect(lint('{# tessera-ignore unescaped}\n<h1>{title}</h1>\n<h2>{title}</h2>')).toEqual([expect.stringMatching(/^3:5 warning/)]);
    expect(lint('<h1>{title}</h1>{# tessera-ignore unescaped #}\n<h2>{title}</h2>\n{siteTitle}')).toEqual([expect.stringMatching(/^3:1 warning/)]);
    expect(lint('{## tessera-ignore-file unescaped: titles are escaped when saved ##}\n<h1>{title}</h1>')).toEqual([]);
  });
});

describe('the lint summary', () => {
  const dir = () =>
    theme({
      'site.region': '<h1>{website.siteTitle}</h1>{squarespace.main-content}',
      'pages/a.page': '<h2>{title}</h2><p>{title}</p>{@|apply nope.block}',
      'pages/b.page': '<h2>{title}</h2>',
    });

  it('sums a lint rule\'s warnings in one line, files with the most first, and prints every error in full', () => {
    const d = dir();
    const { report: lines, warnings, errors } = checkTemplates([d]);
    expect([warnings, errors]).toEqual([4, 1]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("error: Attempt to apply partial 'nope.block'");
    expect(lines[1]).toBe(
      `warning: 4 × plain-text fields printed into HTML without escaping in 3 file(s): ${shown(d, 'pages/a.page')} (2), ${shown(d, 'pages/b.page')} (1), ${shown(d, 'site.region')} (1); --verbose prints each [UNESCAPED_OUTPUT]`,
    );
  });

  it('prints each lint warning with its code frame with --verbose', async () => {
    const d = dir();
    const lines = checkTemplates([d], { verbose: true }).report;
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.includes('[UNESCAPED_OUTPUT]\n'))).toHaveLength(4);
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
    expect(await main(['check', '--verbose', d])).toBe(1);
    expect(out.join('')).toContain(`${shown(d, 'pages/b.page')}:1:5: warning: {title} prints 'title'`);
    expect(out.at(-1)).toBe('1 error, 4 warnings in 3 templates\n');
  });

  it('names eight files at most and counts the rest', () => {
    const files: Record<string, string> = { 'site.region': '{squarespace.main-content}' };
    for (let i = 0; i < 10; i++) files[`pages/p${i}.page`] = '{title}';
    expect(checkTemplates([theme(files)]).report).toEqual([expect.stringMatching(/^warning: 10 × .* in 10 file\(s\): (.*? \(1\), ){7}.*? \(1\), and 2 more; --verbose prints each \[UNESCAPED_OUTPUT\]$/)]);
  });
});

describe('.conf files', () => {
  it('reports template.conf or a collection .conf that is not JSON, where the parser stopped', () => {
    const dir = theme({ 'site.region': '{squarespace.main-content}', 'collections/blog.conf': '{\n  "title": "Blog",\n  "ordering" "chronological"\n}' });
    const { problems } = checkTemplates([dir]);
    expect(problems).toEqual([expect.objectContaining({ filename: shown(dir, 'collections/blog.conf'), line: 3, column: 14, code: 'INVALID_JSON', severity: 'error' })]);
    expect(problems[0]!.message).toBe('collections/blog.conf is not valid JSON: Unexpected string.');
  });

  it('warns about a key that is a slip for one Tessera reads, and keeps the platform\'s other keys quiet', () => {
    const dir = theme({
      'template.conf': '{\n  "layouts": { "default": { "regions": ["site"] } },\n  "stylesheet": ["a.css"],\n  "customKey": true\n}',
      'site.region': '{squarespace.main-content}',
      'collections/blog.conf': '{ "title": "Blog", "layuot": "wide", "pageSize": 10 }',
    });
    expect(checkTemplates([dir]).problems.map((p) => `${relative(dir, p.filename)}:${p.line}:${p.column} ${p.severity} ${p.message}`)).toEqual([
      'collections/blog.conf:1:20 warning collections/blog.conf has "layuot", which Tessera does not read; did you mean "layout"?',
      'template.conf:3:3 warning template.conf has "stylesheet", which Tessera does not read; did you mean "stylesheets"?',
    ]);
  });

  it('points at a trailing comma (where the parser names no position) and says what it is', () => {
    const conf = '{\n  "layouts": { "default": { "regions": ["site"] } },\n  "stylesheets": [\n    "a.css",\n  ]\n}\n';
    const { problems } = checkTemplates([theme({ 'template.conf': conf, 'site.region': '{squarespace.main-content}', 'styles/a.css': 'a { color: red; }' })]);
    expect(problems).toEqual([expect.objectContaining({ line: 5, column: 3, code: 'INVALID_JSON' })]);
    expect(problems[0]!.message).toBe(
      "template.conf is not valid JSON: Unexpected token ']' (a comma before ]: JSON allows none after the last element). Tessera reads the file without it, the platform may refuse it.",
    );
  });
});

describe('code frames', () => {
  it('shows a long line around the column, with the caret under it', () => {
    const line = `${'a'.repeat(300)}{x|nope}${'b'.repeat(300)}`;
    const [text, caret] = codeFrame(line, 1, 301).split('\n');
    expect(text!.length).toBeLessThan(110);
    expect(text).toMatch(/^1 \| …a+\{x\|nope\}b+…$/);
    expect(text!.indexOf('{x|nope}')).toBe(caret!.indexOf('^'));
  });
});

describe('exit codes', () => {
  const quiet = () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  };

  it('is 0 for a clean theme and for warnings alone, 1 for any error, 2 for a target that does not exist', async () => {
    quiet();
    expect(await main(['check', theme({ 'site.region': '<h1>{website.siteTitle|html}</h1>{squarespace.main-content}' })])).toBe(0);
    expect(await main(['check', theme({ 'site.region': '<h1>{website.siteTitle}</h1>' })])).toBe(0);
    expect(await main(['check', theme({ 'site.region': '{@|apply nope.block}' })])).toBe(1);
    expect(await main(['check', 'no-such-theme'])).toBe(2);
  });

  it('checks the default theme and the fixture themes clean', () => {
    const result = checkTemplates(['templates', 'fixtures/themes/regions', 'fixtures/themes/platform-commerce', 'fixtures/themes/atelier', 'fixtures/themes/harbor']);
    expect(result.report).toEqual([]);
  });
});
