/** The folder storage: whole files by key, nothing outside its folder, no folder until the first write. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkKey, folderStorage } from './file-storage.js';

const parent = mkdtempSync(join(tmpdir(), 'tessera-files-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('folderStorage', () => {
  it('keeps bytes by key, answers null for none, and makes its folder only when written', async () => {
    const root = join(parent, 'files');
    const files = folderStorage(root);
    expect(await files.get('pictures/a/original.jpg')).toBeNull();
    expect(existsSync(root)).toBe(false);
    await files.put('pictures/a/original.jpg', Buffer.from('one'));
    await files.put('pictures/a/original.jpg', Buffer.from('two'));
    expect((await files.get('pictures/a/original.jpg'))?.toString()).toBe('two');
    // no half-written leftovers beside it
    expect(readdirSync(join(root, 'pictures', 'a'))).toEqual(['original.jpg']);
  });

  it('refuses keys that leave the folder or are not plain', async () => {
    const files = folderStorage(join(parent, 'other'));
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'A.jpg', 'a\\b', '', '.hidden', 'a/./b']) {
      expect(() => checkKey(key), key).toThrow('not a storage key');
      await expect(files.get(key)).rejects.toThrow('not a storage key');
    }
  });
});
