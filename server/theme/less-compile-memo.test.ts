/**
 * The LESS compile memo: the same joined input is compiled once, anything that differs (the text, where a piece
 * comes from) is compiled again, and only the last few inputs are kept.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileThemeLess } from './less-compile.js';
import { LessCompileMemo } from './less-compile-memo.js';
import { joinLess } from './less-source.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-less-memo-'));
const styles = join(dir, 'styles');
mkdirSync(styles);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LessCompileMemo', () => {
  it('compiles an input once, again when it differs, and keeps the last eight', () => {
    writeFileSync(join(styles, 'a.less'), '@w: 2px;\n.a { width: @w; }\n');
    writeFileSync(join(styles, 'b.less'), '.b { color: red; }\n');
    const memo = new LessCompileMemo<number>();
    let compiles = 0;
    const compile = (sheets: string[], tweakLess?: string) => memo.get(joinLess({ stylesDir: styles, sheets, ...(tweakLess === undefined ? {} : { tweakLess }) }), () => ++compiles);
    expect(compile(['a.less', 'b.less'])).toBe(1);
    expect(compile(['a.less', 'b.less'])).toBe(1);
    // the same text from other files (each problem's place would differ) is another input
    expect(compile(['b.less', 'a.less'])).toBe(2);
    expect(compile(['a.less', 'b.less'], '@w: 3px;')).toBe(3);
    writeFileSync(join(styles, 'b.less'), '.b { color: blue; }\n');
    expect(compile(['a.less', 'b.less'])).toBe(4);
    for (let i = 0; i < 8; i++) compile(['a.less'], `@x: ${i};`);
    // the first input is long gone, the last ones kept
    expect(compile(['a.less', 'b.less'])).toBe(13);
    expect(compile(['a.less'], '@x: 7;')).toBe(12);
  });

  it('gives the same compile for a theme saved unchanged', () => {
    const first = compileThemeLess({ stylesDir: styles, sheets: ['a.less', 'b.less'] });
    expect(first.css).toContain('width: 2px');
    expect(compileThemeLess({ stylesDir: styles, sheets: ['a.less', 'b.less'] })).toBe(first);
  });
});
