/**
 * Watches a theme folder and reports each changed file once, relative to the folder, after its events have
 * been quiet for `settleMs`: nothing is polled or statted while idle (the kernel's file events, one watch per
 * folder). Editors save in steps (truncate then write, or write a temporary file and rename it over the old
 * one), so a file is reported only when its events have stopped and a half-written file is not compiled.
 *
 * One watch per folder rather than Node's `recursive` option: on Linux, Node 20's recursive watch follows a
 * file's inode and goes silent after the first save that renames a new file over it (`sed -i`, vim, most
 * editors' atomic save). A folder's watch reports its entries by name, whatever replaces them.
 */
import { type Dirent, type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';

export interface ThemeWatcher {
  close(): void;
}

/** Folders never watched: version control and packages. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);
/** Files no theme is made of: editors' swap, backup and lock files, sed's and vim's temporary files. */
const IGNORED_FILE = /^\..*\.sw[a-p]$|~$|^\.#|^#.*#$|^\.DS_Store$|^4913$|^sed[A-Za-z0-9]{6}$/;

export function watchTheme(root: string, onChange: (path: string) => void, settleMs = 20): ThemeWatcher {
  const pending = new Map<string, NodeJS.Timeout>();
  const folders = new Map<string, FSWatcher>();
  let closed = false;

  const isDir = (path: string) => statSync(join(root, path), { throwIfNoEntry: false })?.isDirectory() === true;

  const settle = (path: string) => {
    clearTimeout(pending.get(path));
    pending.set(
      path,
      setTimeout(() => {
        pending.delete(path);
        if (!closed) onChange(path);
      }, settleMs),
    );
  };

  /**
   * Watches `folder` (relative, '' for the root) and every folder under it not watched yet; a folder that
   * appears later (`announce`) may already hold files (copied in whole), which are reported as changed.
   */
  const add = (folder: string, announce = false) => {
    if (closed || folders.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(root, folder), (_event, name) => {
        if (name === null) return;
        const path = folder === '' ? name : `${folder}/${name}`;
        if (isDir(path)) {
          if (!SKIPPED_DIRS.has(name)) add(path, true);
          return;
        }
        // a folder that went away: stop watching it (and what was under it)
        if (folders.has(path)) {
          for (const [f, w] of folders) if (f === path || f.startsWith(`${path}/`)) (w.close(), folders.delete(f));
          return;
        }
        if (!IGNORED_FILE.test(name)) settle(path);
      });
    } catch {
      return; // gone or unreadable already
    }
    // a watched folder removed: its watch ends; the parent's event removes it from the map
    watcher.on('error', () => {});
    folders.set(folder, watcher);
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(join(root, folder), { withFileTypes: true });
    } catch {
      // removed meanwhile
    }
    for (const e of entries) {
      const path = folder === '' ? e.name : `${folder}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) add(path, announce);
      } else if (announce && !IGNORED_FILE.test(e.name)) settle(path);
    }
  };

  add('');
  return {
    close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      for (const w of folders.values()) w.close();
      folders.clear();
    },
  };
}
