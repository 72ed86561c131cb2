/**
 * The looks a watching theme takes at the disk: a folder's stamp changes with any file added, removed or saved
 * under it, never throws (a folder that is a file, a link that loops), and a look is kept for the turn only.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskLook, mtimeOf, namesIn, treeStamp } from './disk-look.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-disk-look-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('treeStamp', () => {
  it('changes when a file under the folder is added, saved or removed, sub-folders too', () => {
    const styles = join(dir, 'styles');
    mkdirSync(join(styles, 'parts'), { recursive: true });
    writeFileSync(join(styles, 'a.less'), 'a');
    const first = treeStamp(styles);
    writeFileSync(join(styles, 'parts/b.less'), 'b');
    const added = treeStamp(styles);
    expect(added).not.toBe(first);
    expect(added).toMatch(/^a\.less@[\d.]+,parts\/b\.less@[\d.]+$/);
    utimesSync(join(styles, 'parts/b.less'), new Date(), new Date(Date.now() + 5000));
    expect(treeStamp(styles)).not.toBe(added);
    rmSync(join(styles, 'parts/b.less'));
    expect(treeStamp(styles)).toBe(first);
  });

  it('walks a folder reached again through a link once, and never throws', () => {
    const styles = join(dir, 'looped');
    mkdirSync(styles);
    writeFileSync(join(styles, 'a.less'), 'a');
    symlinkSync('..', join(styles, 'up'));
    symlinkSync('nowhere', join(styles, 'broken'));
    const stamp = treeStamp(styles);
    expect(stamp).toContain('a.less@');
    expect(stamp).toContain('broken@-1');
    // `up` leads to the parent, whose folders are walked once each: no path repeats `up/looped/up`
    expect(stamp).not.toContain('up/looped/up');
    writeFileSync(join(dir, 'file'), 'x');
    expect(treeStamp(join(dir, 'file'))).toBe('');
    expect(treeStamp(join(dir, 'missing'))).toBe('');
    expect(namesIn(join(dir, 'file'))).toEqual([]);
    expect(mtimeOf(join(dir, 'missing'))).toBe(-1);
    expect(mtimeOf(join(dir, 'file', 'below'))).toBe(-1);
  });
});

describe('DiskLook', () => {
  it('keeps a look for the rest of the turn, then looks again; forget() drops it at once', async () => {
    const look = new DiskLook();
    let looked = 0;
    const ask = () => look.once('x', () => ++looked);
    expect([ask(), ask()]).toEqual([1, 1]);
    await new Promise((r) => setImmediate(r));
    expect(ask()).toBe(2);
    look.forget();
    expect(ask()).toBe(3);
  });
});
