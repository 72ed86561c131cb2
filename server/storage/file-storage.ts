/**
 * Where uploaded files live (issue 25: "uploaded files behind a storage interface"). The app reads and writes
 * files by key (`pictures/<hash>/original.jpg`) and never by path, so a shop with more than one app node can
 * put them in a shared store: a folder on a shared disk works as it is, and an S3-compatible bucket is one more
 * implementation of these three calls (docs/storefront.md "Uploaded files").
 *
 * Keys are written once and never changed (pictures are named by their content's hash), so a node that has
 * cached a file never needs to hear that it changed.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface FileStorage {
  /** The file's bytes, or null when there is none under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Stores `bytes` under `key`, whole or not at all (a reader never sees half a file). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Where the files are, in words, for the start-up log. */
  readonly description: string;
}

/**
 * A key is a relative path of safe segments: each starts with a letter or digit, so none is `.` or `..`, and
 * none is empty or absolute.
 */
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a folder; the folder is created on the first write, so a shop without uploads has none. */
export function folderStorage(folder: string): FileStorage {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    const path = join(root, checkKey(key));
    if (!path.startsWith(root + sep)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path;
  };
  return {
    description: `folder ${root}`,
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // written beside, then renamed: a rename within a folder is atomic, so readers see the old file or the new
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
  };
}

/** The folder of `TESSERA_FILES`, else `data/files` beside the default store. */
export function fileStorageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  const folder = env['TESSERA_FILES'];
  return folderStorage(folder !== undefined && folder !== '' ? folder : join('data', 'files'));
}
