/**
 * `template.conf` and `collections/*.conf` read as the platform reads them: every key the platform knows is
 * accepted quietly, `customTypes` and `systemPartials` are read and exposed, a likely slip of a known key is a
 * warning with "Did you mean", and JSON that is broken stays an error at its line and column.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCollectionConfs } from './collection-confs.js';
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
