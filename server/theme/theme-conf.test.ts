/**
 * `template.conf` and `collections/*.conf` read as the platform reads them: every key the platform knows is
 * accepted quietly, `customTypes` and `systemPartials` are read and exposed, a likely slip of a known key is a
 * warning with "Did you mean", and JSON that is broken stays an error at its line and column.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { Theme } from '../theme.js';
import { readCollectionConfs } from './collection-confs.js';
import { parseJsonFile } from './conf-json.js';
import { readThemeConf } from './theme-conf.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A theme folder made of `files` (path → content), with a `site.region`. */
function themeDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-conf-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries({ 'site.region': '', ...files })) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('customTypes, systemPartials and flags of template.conf', () => {
  it('reads each custom type with its fields, filling what the platform would', () => {
    const dir = themeDir({
      'template.conf': JSON.stringify(
        {
          name: 'T',
          author: 'A',
          systemPartials: ['sqs-share-buttons'],
          flags: ['override_block_styles'],
          debug: false,
          vertical: 'portfolio',
          customTypes: [
            { title: 'Project', name: 'project', base: 'text', fields: [{ name: 'year', title: 'Year', type: 'text' }, { name: 'thumb', type: 'image' }, { title: 'no name' }] },
            { name: 'bare' },
            { title: 'nameless' },
          ],
        },
        null,
        2,
      ),
    });
    const conf = readThemeConf(dir);
    expect(conf.customTypes).toEqual([
      { name: 'project', title: 'Project', base: 'text', fields: [{ name: 'year', title: 'Year', type: 'text' }, { name: 'thumb', title: 'thumb', type: 'image' }] },
      { name: 'bare', title: 'bare', base: 'text', fields: [] },
    ]);
    expect(conf.systemPartials).toEqual(['sqs-share-buttons']);
    expect(conf.flags).toEqual(['override_block_styles']);
    expect(conf.problems.map((p) => [p.severity, p.code, p.line])).toEqual([
      // the field without a name, at its type's name; the type without one, at "customTypes"
      ['warning', 'INVALID_CONF', 15],
      ['error', 'INVALID_CONF', 12],
    ]);
  });
});

describe('collection .conf keys', () => {
  it('reads index, acceptTypes, addText, icon and pageSize; "true" as text is true', () => {
    const dir = themeDir({
      'collections/index.conf': JSON.stringify({ title: 'Index', folder: 'true', index: true, indexType: 'grid', fullData: true, acceptTypes: ['page', 'blog'], addText: 'Add Page', icon: 'projects', pageSize: 999, forcePageSize: true, promotedBlocks: [] }),
    });
    const { byType, problems } = readCollectionConfs(dir);
    expect(problems).toEqual([]);
    expect(byType.get('index')).toMatchObject({ folder: true, index: true, acceptTypes: ['page', 'blog'], addText: 'Add Page', icon: 'projects', pageSize: 999 });
  });
});

describe('the JSON of a .conf, read as the platform reads it', () => {
  const read = (text: string) => parseJsonFile('template.conf', text);
  const described = (text: string) => read(text).problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}: ${p.message}`);

  it('strict JSON is read as it is; a byte-order mark is skipped', () => {
    expect(read('\uFEFF{ "name": "T" }')).toEqual({ value: { name: 'T' }, problems: [] });
  });

  it('a comment or a trailing comma is an error at its place, and the file is still read as meant', () => {
    const text = '{\n  // the theme\n  "name": "T",\n  "stylesheets": ["a.less", /* later */],\n}';
    expect(read(text).value).toEqual({ name: 'T', stylesheets: ['a.less'] });
    expect(described(text)).toEqual(['2:3 error INVALID_JSON: template.conf is not valid JSON: Expected property name or \'}\' (a comment: JSON has none). Tessera reads the file without it, the platform may refuse it.']);
    expect(described('{ "a": [1, 2,], }')).toEqual([
      "1:14 error INVALID_JSON: template.conf is not valid JSON: Unexpected token ']' (a comma before ]: JSON allows none after the last element). Tessera reads the file without it, the platform may refuse it.",
    ]);
    // a comment-like text inside a string is text
    expect(read('{ "url": "http://x/*y*/" }').value).toEqual({ url: 'http://x/*y*/' });
  });

  it('text after the value is ignored with a warning; anything else wrong leaves the file unread', () => {
    expect(read('{ "name": "T" }\n}')).toEqual({ value: { name: 'T' }, problems: [expect.objectContaining({ line: 2, column: 1, severity: 'warning', code: 'TRAILING_TEXT' })] });
    expect(read('{ name: "T", }')).toEqual({ value: undefined, problems: [expect.objectContaining({ line: 1, column: 3, code: 'INVALID_JSON' })] });
  });
});

describe('the corpus', () => {
  // every corpus .conf read without a problem: server/theme/corpus-tags.test.ts
  const corpus = resolve(repoRoot(), '../shared/themes');
  const themes = existsSync(corpus) ? readdirSync(corpus).filter((t) => existsSync(join(corpus, t, 'template.conf'))) : [];

  it.skipIf(themes.length === 0)('the custom types of hnp and boxen', () => {
    expect(readThemeConf(join(corpus, 'hnp')).customTypes).toEqual([
      {
        name: 'project',
        title: 'Project',
        base: 'text',
        fields: ['description', 'year', 'client', 'role', 'thumb'].map((name) => expect.objectContaining({ name, type: name === 'thumb' ? 'image' : 'text' })),
      },
    ]);
    expect(readThemeConf(join(corpus, 'hnp')).systemPartials).toEqual(['sqs-share-buttons']);
    expect(readThemeConf(join(corpus, 'boxen')).customTypes.map((t) => `${t.name}:${t.base}:${t.fields.length}`)).toEqual(['story:text:6', 'tabi:text:2']);
  });
});

describe('a saved .conf of a block or a static page, while watching', () => {
  it('is checked at once and its problems told (none once it is fixed)', () => {
    const dir = themeDir({ 'template.conf': '{}', 'blocks/image.block': '', 'blocks/image.block.conf': '{ "type": "image" }', 'pages/visit.page': '', 'pages/visit.page.conf': '{ "title": "Visit" }' });
    const theme = new Theme(dir, true);
    const told: string[] = [];
    theme.observe({ compiled: (file, problems) => told.push(`${file}: ${problems.map((p) => `${p.line}:${p.column} ${p.code}`).join(', ')}`), rendered: () => {} });
    writeFileSync(join(dir, 'blocks/image.block.conf'), '{ "type": "image", }');
    theme.changed('blocks/image.block.conf');
    writeFileSync(join(dir, 'pages/visit.page.conf'), '{ "titel": "Visit" }');
    theme.changed('pages/visit.page.conf');
    writeFileSync(join(dir, 'blocks/image.block.conf'), '{ "type": "image" }');
    theme.changed('blocks/image.block.conf');
    expect(told).toEqual([
      'blocks/image.block.conf: 1:20 INVALID_JSON',
      'pages/visit.page.conf: 1:1 INVALID_CONF, 1:3 UNKNOWN_KEY',
      'blocks/image.block.conf: ',
    ]);
  });
});
