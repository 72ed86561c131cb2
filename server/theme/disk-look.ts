/**
 * How a watching theme that no watcher follows (`npm start` without `NODE_ENV=production`) sees its files change:
 * it looks at the disk, and this keeps each look for the rest of the current turn of the event loop. A page is
 * rendered in one turn (the store is synchronous), so a page request stats each file it uses once and walks
 * `styles/` once, however many times the theme asks (its configuration, its stylesheet, its tweaks, each
 * template); the next request looks again, so no change is missed. `forget()` drops every look at once (a
 * change the theme is told of).
 *
 * The looks never throw: a file that is not there has the stamp `-1`, a folder that cannot be read lists
 * nothing, and a folder reached again through a symbolic link (`styles/loop -> ..`) is walked once.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A file's modification time in ms, or -1 when it is not there (or cannot be statted). */
export function mtimeOf(path: string): number {
  try {
    return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  } catch {
    return -1;
  }
}

/** The names in a folder, or none when it is not a readable folder. */
export function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Every file under `dir` (sub-folders too, symbolic links followed, each real folder once) with its
 * modification time, as `relative/path@mtime` joined by `,`: a stamp that changes when any file is added,
 * removed or saved. The empty string when `dir` is not a folder.
 */
export function treeStamp(dir: string): string {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (folder: string, prefix: string) => {
    let real: string;
    let entries: Dirent[];
    try {
      real = realpathSync(folder);
      if (seen.has(real)) return;
      seen.add(real);
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(folder, e.name);
      const name = `${prefix}${e.name}`;
      let isDir = e.isDirectory();
      let mtime = -1;
      if (!isDir) {
        try {
          const stat = statSync(path);
          isDir = stat.isDirectory();
          mtime = stat.mtimeMs;
        } catch {
          // a broken link: listed, so its appearing or going is a change
        }
      }
      if (isDir) walk(path, `${name}/`);
      else out.push(`${name}@${mtime}`);
    }
  };
  walk(dir, '');
  return out.join(',');
}

export class DiskLook {
  private readonly looks = new Map<string, unknown>();
  private clearing = false;

  /** `look()`'s answer for `key`, looked at once per turn of the event loop. */
  once<T>(key: string, look: () => T): T {
    if (this.looks.has(key)) return this.looks.get(key) as T;
    const value = look();
    this.looks.set(key, value);
    if (!this.clearing) {
      this.clearing = true;
      setImmediate(() => this.forget()).unref();
    }
    return value;
  }

  /** The file's modification time (-1: not there), once per turn. */
  mtime(path: string): number {
    return this.once(`mtime ${path}`, () => mtimeOf(path));
  }

  /** Drops every look: the next question looks at the disk again. */
  forget(): void {
    this.looks.clear();
    this.clearing = false;
  }
}
