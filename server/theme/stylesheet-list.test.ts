/**
 * The stylesheets of a theme in the platform's order, and what a source tree's missing build output becomes:
 * each substitution a warning naming the file used and why, anything else missing an error at its name.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stylesheetList } from './stylesheet-list.js';

const root = mkdtempSync(join(tmpdir(), 'tessera-sheets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

/** The list for a theme of `files` (path → text) whose template.conf lists `listed` (no key when undefined). */
function list(files: Record<string, string>, listed?: string[]) {
  const dir = join(root, `theme-${count++}`);
  const all = { 'template.conf': JSON.stringify(listed === undefined ? { name: 'T' } : { name: 'T', stylesheets: listed }, null, 2), ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const result = stylesheetList(dir, listed ?? []);
  return { sheets: result.sheets.map((s) => (s.builds === undefined ? s.file : `${s.file} → ${s.builds}`)), said: result.problems.map((p) => `${p.filename}:${p.line}:${p.column} ${p.severity} ${p.code}: ${p.message}`) };
}

describe("a theme's stylesheets", () => {
  it('puts styles/reset.css first, again when listed too, then the listed sheets in order, folders allowed', () => {
    expect(list({ 'styles/reset.css': '', 'styles/a.less': '', 'styles/sections/b.css': '' }, ['a.less', 'reset.css', 'sections/b.css'])).toEqual({ sheets: ['reset.css', 'a.less', 'reset.css', 'sections/b.css'], said: [] });
  });

  it('without a stylesheets key, takes every sheet at the top of styles/ but the reset, by name', () => {
    expect(list({ 'styles/reset.css': '', 'styles/z.less': '', 'styles/a.css': '', 'styles/x/deep.less': '', 'styles/notes.txt': '' }).sheets).toEqual(['reset.css', 'a.css', 'z.less']);
  });

  it("builds a missing X.css from X.less beside it, and takes a missing sheet's one namesake in a sub-folder, each with a warning", () => {
    const result = list({ 'styles/main.less': '', 'styles/includes/grid.less': '', 'styles/includes/reset.css': '' }, ['main.css', 'grid.less']);
    expect(result.sheets).toEqual(['includes/reset.css', 'main.less → main.css', 'includes/grid.less']);
    expect(result.said).toEqual([
      'styles/includes/reset.css:1:1 warning STYLESHEET_MOVED: styles/reset.css does not exist; styles/includes/reset.css is put first in its place, as the platform puts styles/reset.css (a theme build that flattens styles/ would put it there).',
      "template.conf:4:5 warning STYLESHEET_MOVED: styles/main.css does not exist; styles/main.less beside it is compiled in its place, as the theme's build would make it (lessc main.less > main.css).",
      'template.conf:5:5 warning STYLESHEET_MOVED: styles/grid.less does not exist; styles/includes/grid.less, the one file of that name in styles/, is used in its place (a theme build that flattens styles/ would put it there).',
    ]);
  });

  it('says a missing sheet is built from SASS when it is, or which namesakes there are; the rest are kept', () => {
    const result = list({ 'source/sass/screen.scss': '', 'styles/a/x.less': '', 'styles/b/x.less': '', 'styles/ok.less': '' }, ['screen.css', 'x.less', 'ok.less']);
    expect(result.sheets).toEqual(['ok.less']);
    expect(result.said).toEqual([
      "template.conf:4:5 error MISSING_STYLESHEET: The stylesheet styles/screen.css listed in template.conf does not exist; the other stylesheets are still compiled. The theme's build makes it from source/sass/screen.scss (SASS), which Tessera does not compile: build it and put the CSS in styles/.",
      'template.conf:5:5 error MISSING_STYLESHEET: The stylesheet styles/x.less listed in template.conf does not exist; the other stylesheets are still compiled. Several files of that name are in sub-folders of styles/ (styles/a/x.less, styles/b/x.less): list the one meant.',
    ]);
  });
});
