/**
 * LESS as the platform compiles it: `/` divides between numbers outside parentheses too, except in the
 * properties whose CSS has a slash of its own; an unclosed `{` is reported where it opens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileLess } from './less-compile.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-less-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Compiles `files` (name → LESS) from the first one, as a theme's stylesheet is compiled. */
function compile(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const first = Object.keys(files)[0]!;
  return compileLess(files[first]!, join(dir, first), [dir]);
}

describe('division, as the platform', () => {
  it('divides outside parentheses in plain properties, keeps the slashes of font, grid, aspect-ratio and background', () => {
    const result = compile({
      'site.less':
        '@gutter: 32px;\n@bodyFont: normal 400 17px/1.6 Georgia;\n@half: @gutter / 2;\n' +
        '.a { padding: @gutter / 2; margin: @half (@gutter / 4); width: 100% / 3; }\n' +
        '.b { font: @bodyFont; grid-row: 1 / 3; aspect-ratio: 4 / 5; background: url(x.png) center / cover; border-radius: 10px / 20px; --ratio: 16 / 9; }\n',
    });
    expect('css' in result && result.css).toBe(
      '.a {\n  padding: 16px;\n  margin: 16px 8px;\n  width: 33.33333333%;\n}\n' +
        '.b {\n  font: normal 400 17px/1.6 Georgia;\n  grid-row: 1 / 3;\n  aspect-ratio: 4 / 5;\n  background: url(x.png) center / cover;\n  border-radius: 10px / 20px;\n  --ratio: 16 / 9;\n}\n',
    );
  });

  it("divides in a function's argument, where LESS 4 alone fails", () => {
    const result = compile({ 'grid.less': '@col: 80px;\n@total: 960px;\n.a { width: percentage(@col / @total); margin: @col / 4; }\n' });
    expect('css' in result && result.css).toBe('.a {\n  width: 8.33333333%;\n  margin: 20px;\n}\n');
  });

  it('lists every file imported, imports of imports too', () => {
    const result = compile({ 'main.less': '@import "vars.less";\n.a { color: @c; }', 'vars.less': '@import "deeper.less";\n@c: @d;', 'deeper.less': '@d: red;' });
    expect('imports' in result && result.imports.map((f) => f.slice(dir.length + 1))).toEqual(['vars.less', 'deeper.less']);
  });
});

describe('errors', () => {
  it('points an unclosed { at the line it opens on, not at the end of the file', () => {
    const result = compile({ 'open.less': '// a comment with a { in it\n.a { background: url(http://example.com/a.png); }\n.b {\n  color: red;\n.c { color: blue; }\n\n' });
    expect('error' in result && result.error).toMatchObject({ line: 3, column: 3, message: expect.stringMatching(/this \{ is never closed with \}$/) });
  });

  it('leaves any other error as LESS reports it', () => {
    const result = compile({ 'undefined.less': '.a {\n  color: @nope;\n}\n' });
    expect('error' in result && result.error).toMatchObject({ line: 2, message: 'variable @nope is undefined' });
  });
});
