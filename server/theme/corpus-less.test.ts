/**
 * The LESS of every theme of the corpus (`../shared/themes/`, public themes written for the platform),
 * compiled as the server compiles it: the rules each theme's own files mean come out, and the only problems are
 * what the corpus copies lack (build output, a file left out of the copy) or what Tessera does not load, each
 * said once at its place.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { buildThemeStylesheet } from '../theme-stylesheet.js';
import { readThemeConf } from './theme-conf.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');

/** What each theme's stylesheet must hold, and every problem it has but tweak declarations (another concern). */
const EXPECTED: Record<string, { rules: (string | RegExp)[]; problems: string[] }> = {
  adagio: {
    rules: ['#header{background-color:', '.transparent-header.has-main-media #header{background-color:transparent}', /\.fa-glass:before\{content:"\\f000"\}/],
    problems: [],
  },
  baldface: { rules: [], problems: ['template.conf:25:9 error MISSING_STYLESHEET'] },
  boxen: { rules: ['.header{', '.navi-mobile{'], problems: ['template.conf:32:9 error MISSING_STYLESHEET'] },
  deemjournal: { rules: [], problems: ['template.conf:29:9 error MISSING_STYLESHEET'] },
  hnp: {
    // main.less built as its build builds it (lessc), then compiled as main.css; calc(~'~"…"') survives both
    rules: ['.hero-img{z-index:-1;width:100%;height:100vh}', 'html.landscape.iphone .hero-img{height:calc(100vh - ', /@media only screen and \(max-width:640px\)\{[^@]*\.sqs-layout \.sqs-row \.sqs-col-12\{float:none/],
    problems: ['styles/includes/reset.css:1:1 warning STYLESHEET_MOVED', 'template.conf:9:20 warning STYLESHEET_MOVED', 'template.conf:9:32 warning STYLESHEET_MOVED', 'styles/main.less:7:1 error LESS_ERROR'],
  },
  labspace: { rules: ['.intro-section{', '#intro-text{position:relative'], problems: ['styles/defaults.less:1:1 warning LESS_IMPORT'] },
  langate: { rules: ['nav{box-shadow:0 0 25px -4px #00000026;text-align:center;position:fixed'], problems: [] },
};

describe.skipIf(!existsSync(CORPUS))('the corpus themes, compiled as the platform compiles them', () => {
  it('holds the themes this test knows', () => {
    expect(readdirSync(CORPUS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: its own rules come out; its only problems are the corpus copy's`, () => {
      const dir = resolve(CORPUS, name);
      const built = buildThemeStylesheet(dir, { names: readThemeConf(dir).stylesheets, brotliQuality: 1 });
      const problems = built.problems.filter((p) => p.code !== 'INVALID_TWEAK');
      expect(problems.map((p) => `${p.filename}:${p.line}:${p.column} ${p.severity} ${p.code}`)).toEqual(expected.problems);
      for (const p of problems) expect(p.message, `${p.filename}:${p.line}`).toMatch(/^[^\n]{20,}$/);
      const css = built.sheet?.raw.toString() ?? '';
      // (a boolean, so a failure names the rule, not the whole stylesheet)
      for (const rule of expected.rules) expect(typeof rule === 'string' ? css.includes(rule) : rule.test(css), `${name}: ${String(rule)}`).toBe(true);
    });
  }
});
