import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readThemeTweaks, readTweaks } from './read-tweaks.js';
import { tweakSlug } from './tweak-names.js';

const FILE = 'styles/tweak.less';
const summary = (source: string) => readTweaks(source, FILE).tweaks.map((t) => `${t.line}:${t.column} ${t.type} ${t.name}=${t.default}`);
const warnings = (source: string) => readTweaks(source, FILE).problems.map((p) => `${p.filename}:${p.line}:${p.column} ${p.severity} ${p.code}: ${p.message}`);

describe('tweak comments', () => {
  it('reads the three forms of the comment, in the order they stand', () => {
    const source = [
      '// tweak: { "type": "color", "title": "Accent" }',
      '@accent: #123456;',
      "//tweak:{type:'value',title:'Gap',min:0,max:40,}",
      '@gap : 20px ;',
      '/*tweak: { "type" : "checkbox", "title" : "Transparent Header", "active" : true }*/',
      '  //   TWEAK :{ "type": "checkbox", "title": "Boxed" }',
    ].join('\n');
    expect(summary(source)).toEqual(['1:1 color accent=#123456', '3:1 value gap=20px', '5:1 checkbox transparent-header=true', '6:3 checkbox boxed=false']);
  });

  it('names each type as the platform does, with what follows: a variable, a class, or the slug of the title', () => {
    const source = [
      '// tweak: { "type": "value", "title": "Site width" }',
      '// a note between the comment and its variable',
      '@siteWidth: 1100px; // and after',
      '// tweak: { "type": "font", "title": "Heading" }',
      '.tweak-h1-font { font-family: "Helvetica Neue", Arial; font-size: 36px; .nested { color: red; } letter-spacing: 0em }',
      '// tweak: { "type": "image", "title": "Banner" }',
      '.banner-image {',
      '  background-image: url(http://example.com/a.png); /* kept */',
      '  background-size: cover;',
      '}',
      '// tweak: { "type": "dropdown", "title": "Gallery Aspect Ratio", "options": ["3:2 Standard", "1:1 Square"], "default": "1:1 square" }',
      '@unrelated: 23px;',
      '// tweak: { "type": "checkbox", "title": "Snowing?" }',
      '.snowing {}',
    ].join('\n');
    expect(summary(source)).toEqual([
      '1:1 value siteWidth=1100px',
      '4:1 font tweak-h1-font={font-family:"Helvetica Neue", Arial;font-size:36px;letter-spacing:0em}',
      '6:1 image banner-image={background-image:url(http://example.com/a.png);background-size:cover}',
      '11:1 dropdown gallery-aspect-ratio=1:1 Square',
      '13:1 checkbox snowing=false',
    ]);
    expect(warnings(source)).toEqual([]);
  });

  it('passes over strings, url(…) and comments: a tweak in a commented-out block is none', () => {
    const source = [
      'a[href^="//tweak: {"] { background: url(//cdn.example.com/x.png); }',
      '/* retired:',
      '// tweak: { "type": "color", "title": "Old" }',
      '@old: red;',
      '*/',
      '// tweak: { "type": "color", "title": "New" }',
      '@new: blue;',
    ].join('\n');
    expect(summary(source)).toEqual(['6:1 color new=blue']);
  });

  it('warns, at its line and column, of what it cannot read, and leaves that tweak out', () => {
    const source = [
      '// tweak: { "type": "color", "title": value }',
      '@a: red;',
      '// tweak: this comment is no tweak',
      '// tweak: { "title": "No type" }',
      '// tweak: { "type": "slider", "title": "Odd" }',
      '// tweak: { "type": "color", "title": "Lost" }',
      '.not-a-variable { color: red; }',
      '// tweak: { "type": "font", "title": "Lost font" }',
      '@font: Georgia;',
      '// tweak: { "type": "checkbox" }',
      '// tweak: { "type": "dropdown", "title": "Empty" }',
      '// tweak: { "type": "dropdown", "title": "Style", "options": ["A", "B"], "default": "C" }',
      '// tweak: { "type": "checkbox", "title": "Style" }',
    ].join('\n');
    expect(summary(source)).toEqual(['12:1 dropdown style=A']);
    expect(warnings(source)).toEqual([
      `${FILE}:1:39 warning INVALID_TWEAK: The tweak's object cannot be read: A value is expected here, not the bare word 'value' (quote it: 'value'); the tweak is left out.`,
      `${FILE}:4:11 warning INVALID_TWEAK: The tweak has no "type": it must be one of value, color, font, image, checkbox, dropdown; the tweak is left out.`,
      `${FILE}:5:11 warning INVALID_TWEAK: The tweak has the type "slider": it must be one of value, color, font, image, checkbox, dropdown; the tweak is left out.`,
      `${FILE}:6:1 warning INVALID_TWEAK: A color tweak must be followed by the LESS variable it sets (@name: #222;); the tweak is left out.`,
      `${FILE}:8:1 warning INVALID_TWEAK: A font tweak must be followed by the class it styles (.name { font-family: …; font-size: …; }); the tweak is left out.`,
      `${FILE}:10:1 warning INVALID_TWEAK: A checkbox tweak is named by its "title", which it lacks; the tweak is left out.`,
      `${FILE}:11:11 warning INVALID_TWEAK: A dropdown tweak needs "options", a list of labels; the tweak is left out.`,
      `${FILE}:12:1 warning INVALID_TWEAK: "default" "C" is not one of its options (A, B): the first, "A", is used.`,
      `${FILE}:13:1 warning INVALID_TWEAK: A tweak named "style" is declared already (${FILE}:12); this one is left out.`,
    ]);
  });

  it('keeps the fields the platform declares, and the whole object', () => {
    const [tweak] = readTweaks('// tweak: { "type": "value", "title": "Snow Fall", "min": "0", "max": 1000, "steps": 5, "js": true, "category": "Snow" }\n@snowfall: 10;', FILE).tweaks;
    expect(tweak).toMatchObject({ name: 'snowfall', title: 'Snow Fall', min: 0, max: 1000, step: 5, js: true, declaration: { category: 'Snow' } });
  });
});

describe('the slug of a title or option', () => {
  it('is lower case, blank space as one dash, other punctuation dropped', () => {
    expect(['Snowing?', '3:2 Standard', 'Previous/Next', 'Show on  Hover', ' tweak-nav-style ', 'Café Menu', 'No_Change'].map(tweakSlug)).toEqual([
      'snowing',
      '32-standard',
      'previousnext',
      'show-on-hover',
      'tweak-nav-style',
      'café-menu',
      'no_change',
    ]);
  });
});

describe("a theme's tweaks", () => {
  it('are read from the listed sheets and the LESS files they import, where they import them, each file once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-tweaks-'));
    try {
      mkdirSync(join(dir, 'styles/parts'), { recursive: true });
      writeFileSync(join(dir, 'styles/site.less'), [
        '// tweak: { "type": "color", "title": "A" }', '@a: red;',
        '@import "parts/type";', "@import (reference) 'parts/type.less';", '@import "plain.css";', '@import "sqs-grid-breaker";', '@import url("http://x/y.less");',
        '// tweak: { "type": "color", "title": "C" }', '@c: blue;',
      ].join('\n'));
      writeFileSync(join(dir, 'styles/parts/type.less'), '// tweak: { "type": "color", "title": "B" }\n@b: green;\n@import "../../outside";');
      writeFileSync(join(dir, 'styles/plain.css'), '/*tweak: { "type": "checkbox", "title": "Never" }*/');
      writeFileSync(join(dir, 'styles/other.less'), '// tweak: { "type": "checkbox", "title": "D", "active": true }');
      writeFileSync(join(dir, 'outside.less'), '// tweak: { "type": "checkbox", "title": "Outside" }');
      const read = readThemeTweaks(join(dir, 'styles'), ['site.less', 'other.less', 'missing.less']);
      expect(read.problems).toEqual([]);
      expect(read.tweaks.map((t) => `${t.file}:${t.line} ${t.name}`)).toEqual(['styles/site.less:1 a', 'styles/parts/type.less:1 b', 'styles/site.less:8 c', 'styles/other.less:1 d']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
