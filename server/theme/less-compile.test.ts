/**
 * LESS as the platform compiles it (@squarespace/less-ts, the LESS 1.3.3 dialect): the dialect's forms, one
 * compile over every sheet in order with imports resolved in `styles/` then in the platform library, and what a
 * problem leaves out (never more than the file or statement it breaks), each at its file, line and column.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileThemeLess } from './less-compile.js';

const root = mkdtempSync(join(tmpdir(), 'tessera-less-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

/** Compiles `sheets` of a theme whose `styles/` holds `files` (path → LESS), with `tweakLess` last. */
function compile(files: Record<string, string>, sheets = Object.keys(files).slice(0, 1), tweakLess?: string) {
  const styles = join(root, `theme-${count++}`, 'styles');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(styles, name)), { recursive: true });
    writeFileSync(join(styles, name), text);
  }
  const result = compileThemeLess({ stylesDir: styles, sheets, ...(tweakLess === undefined ? {} : { tweakLess }) });
  return { ...result, css: result.css.replace(/\s+/g, ' ').trim(), said: result.problems.map((p) => `${p.filename}:${p.line}:${p.column} ${p.severity} ${p.code}: ${p.message}`) };
}

describe('the dialect, as the platform compiles it', () => {
  const forms: [string, string, string][] = [
    ['selector interpolation', '@m: big;\n(~".Blog-meta--@{m}") { color: red; }', '.Blog-meta--big { color: #ff0000; }'],
    ['e(%(…))', '@a: 1; @b: 2;\n.x { w: e(%("%d/%d", @a, @b)); }', '.x { w: 1/2; }'],
    ["calc(~'~\"…\"') printed literally", '.x { h: calc(~\'~"100% - 10px"\'); }', '.x { h: calc(~"100% - 10px"); }'],
    ['division without parentheses', '@gutter: 32px;\n.x { padding: @gutter / 2; w: percentage(1 / 4); }', '.x { padding: 16px; w: 25%; }'],
    ["CSS's own slash in font, and a division elsewhere", '.x { font: 12px/1.5 serif; grid-row: 1 / 3; }', '.x { font: 12px/1.5 serif; grid-row: .33333333; }'],
    ['a mixin defined twice applies both bodies', '.m { a: 1; }\n.m { b: 2; }\n.x { .m; }', '.m { a: 1; } .m { b: 2; } .x { a: 1; b: 2; }'],
    ['colour arithmetic, colour keywords too', '.x { c: #111 + #222; d: blue + 1; }', '.x { c: #333333; d: #0101ff; }'],
    ['guards with >=, =< and !=', '.g(@a) when (@a >= 2) { ge: y; }\n.g(@a) when (@a =< 2) { le: y; }\n.g(@a) when (@a != 3) { ne: y; }\n.x { .g(2); }', '.x { ge: y; le: y; ne: y; }'],
    ['~"…" escapes with @{var}', '@w: 10px;\n.x { w: ~"calc(100% - @{w})"; }', '.x { w: calc(100% - 10px); }'],
    ['// comments go, /* */ comments stay', '// gone\n/* kept */\n.x { a: b; }', '/* kept */ .x { a: b; }'],
    ['variables are lazy: the last definition wins', '.x { w: @w; }\n@w: 1px;\n@w: 2px;', '.x { w: 2px; }'],
  ];
  for (const [form, less, css] of forms) {
    it(form, () => {
      const result = compile({ 'site.less': less });
      expect(result.said).toEqual([]);
      expect(result.css).toBe(css);
    });
  }
});

describe('one compile, in order, one scope', () => {
  it('joins the sheets in the order given (.css too, through LESS), a variable of any sheet known to all, the tweak LESS last', () => {
    const result = compile(
      { 'a.css': '.a { color: @accent; }', 'b.less': '@accent: red;\n.b { w: @w / 2; }', 'c.less': '@w: 10px;' },
      ['a.css', 'b.less', 'c.less'],
      '@accent: #00ff00;\n',
    );
    expect(result.said).toEqual([]);
    expect(result.css).toBe('.a { color: #00ff00; } .b { w: 5px; }');
    expect(result.read).toEqual(['a.css', 'b.less', 'c.less']);
  });

  it('resolves an import next to the importer, then at the top of styles/, then in the platform library; each file once', () => {
    const result = compile({
      'main.less': "@import 'sections/intro';\n@import 'sections/intro';\n@import 'vars.less';\n.m { c: @c; }",
      'sections/intro.less': "@import 'part';\n@import 'vars';\n.intro { c: @c; }",
      'sections/part.less': '.part { d: e; }',
      'vars.less': '@c: blue;',
    });
    expect(result.said).toEqual([]);
    expect(result.css).toBe('.part { d: e; } .intro { c: #0000ff; } .m { c: #0000ff; }');
    expect(result.read).toEqual(['main.less', 'sections/intro.less', 'sections/part.less', 'vars.less']);
  });

  it("imports the platform's LESS library by bare name, inside a block too", () => {
    const result = compile({ 'grid.less': "@media only screen and (max-width: 640px) {\n  @import 'sqs-grid-breaker';\n}" });
    expect(result.said).toEqual([]);
    expect(result.css).toMatch(/^@media only screen and \(max-width: 640px\) \{ .*\.sqs-col-\d+/);
  });

  it('never reads outside styles/, and says what was searched for a missing import; the rest still compiles', () => {
    writeFileSync(join(root, 'outside.less'), '.secret { a: b; }');
    const result = compile({ 'site.less': "@import '../../outside';\n@import 'fonts';\n.a { b: c; }" });
    expect(result.css).toBe('.a { b: c; }');
    expect(result.said).toEqual([
      "styles/site.less:1:1 error LESS_ERROR: The import '../../outside' was not found: looked for it in styles/ (a path outside styles/ is never read) and in Tessera's platform LESS library; it adds nothing.",
      "styles/site.less:2:1 error LESS_ERROR: The import 'fonts' was not found: looked for styles/fonts.less and in Tessera's platform LESS library; it adds nothing.",
    ]);
  });

  it('keeps a CSS @import of this site first, leaves out one of another host or a relative .css, with a warning', () => {
    const result = compile({ 'site.less': '.a { b: c; }\n@import url("/assets/fonts.css");\n@import url(https://fonts.example.com/css?family=Roboto);\n@import "vendor.css" screen;' });
    expect(result.css).toBe('.a { b: c; }');
    expect(result.cssImports).toEqual(['@import url("/assets/fonts.css");']);
    expect(result.said).toEqual([
      expect.stringMatching(/^styles\/site\.less:3:1 warning LESS_IMPORT: The stylesheet https:\/\/fonts\.example\.com\/css\?family=Roboto is on another host/),
      expect.stringMatching(/^styles\/site\.less:4:1 warning LESS_IMPORT: @import 'vendor\.css' names a \.css file: .* \(\/vendor\.css\)/),
    ]);
  });
});

describe('a problem leaves out only what it breaks', () => {
  it('a file the compiler cannot read is left out, at the place it stops; the other sheets compile', () => {
    const result = compile({ 'a.less': '.a { b: c; }', 'bad.less': '.x { y: z; }\n.b {\n  w: (1 + ;\n}\n', 'c.less': '.c { d: e; }' }, ['a.less', 'bad.less', 'c.less']);
    expect(result.css).toBe('.a { b: c; } .c { d: e; }');
    expect(result.said).toEqual([expect.stringMatching(/^styles\/bad\.less:3:\d+ error LESS_ERROR: The platform's LESS compiler cannot read this: .*, so styles\/bad\.less is left out of the stylesheet \(on the platform the whole stylesheet would fail to compile\)\.$/)]);
  });

  it('points an unclosed { at the line it opens on', () => {
    const result = compile({ 'open.less': '// a { in a comment\n.a { background: url(http://example.com/a.png); }\n.b {\n  color: red;\n.c { color: blue; }\n', 'ok.less': '.ok { a: b; }' }, ['open.less', 'ok.less']);
    expect(result.css).toBe('.ok { a: b; }');
    expect(result.said).toEqual(['styles/open.less:3:4 error LESS_ERROR: This { is never closed with }, so styles/open.less is left out of the stylesheet.']);
  });

  it("refuses what the platform's compiler refuses: :extend, JavaScript in backticks, a guard on a selector", () => {
    const result = compile({ 'e.less': '.a { c: red; }\n.b:extend(.a) { d: e; }', 'j.less': '.x { w: `1 + 1`; }', 'g.less': '@t: true;\n.x when (@t = true) { a: b; }', 'ok.less': '.ok { a: b; }' }, ['e.less', 'j.less', 'g.less', 'ok.less']);
    expect(result.css).toBe('.ok { a: b; }');
    expect(result.said).toEqual([
      expect.stringMatching(/^styles\/e\.less:2:3 error LESS_ERROR: :extend is LESS 1\.4's/),
      expect.stringMatching(/^styles\/j\.less:1:9 error LESS_ERROR: JavaScript in backticks is not run/),
      expect.stringMatching(/^styles\/g\.less:2:\d+ error LESS_ERROR: a guard on a selector .* is LESS 1\.5's/),
    ]);
  });

  it('an undefined variable is found in the file it is in, and only its statement is left out', () => {
    const result = compile({ 'main.less': "@import 'parts';\n.a { b: c; }", 'parts.less': '.p {\n  color: red;\n  .q { margin: 0 @nope; padding: 1px; }\n}\n.r { w: @nope; }' });
    expect(result.css).toBe('.p { color: #ff0000; } .p .q { padding: 1px; } .a { b: c; }');
    expect(result.said).toEqual([
      'styles/parts.less:3:18 error LESS_ERROR: Failed to locate a definition for the variable @nope in current scope: this statement is left out of the stylesheet (on the platform the whole stylesheet would fail to compile).',
      'styles/parts.less:5:9 error LESS_ERROR: Failed to locate a definition for the variable @nope in current scope: this statement is left out of the stylesheet (on the platform the whole stylesheet would fail to compile).',
    ]);
  });

  it('every call of a mixin that does not exist is left out, said once', () => {
    const result = compile({ 'site.less': '.a {\n  .serif;\n  color: red;\n}\n.b { .serif(); c: d; }' });
    expect(result.css).toBe('.a { color: #ff0000; } .b { c: d; }');
    expect(result.said).toEqual([expect.stringMatching(/^styles\/site\.less:2:3 error LESS_ERROR: Failed to locate a mixin using selector \.serif: its 2 calls are left out/)]);
  });

  it('a selector interpolating an undefined variable leaves out its block', () => {
    const result = compile({ 'site.less': '(~".a-@{x}") { c: d; }\n.e { f: g; }' });
    expect(result.css).toBe('.e { f: g; }');
    expect(result.said).toEqual([expect.stringMatching(/^styles\/site\.less:1:7 error LESS_ERROR: Failed to locate a definition for the variable @x in current scope: the block it heads is left out/)]);
  });
});
