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
import { basename, dirname, join } from 'node:path';

export interface ThemeWatcher {
  close(): void;
}

/** Folders never watched: version control and packages. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);
/** Files no theme is made of: editors' swap, backup and lock files, sed's and vim's temporary files. */
const IGNORED_FILE = /^\..*\.sw[a-p]$|~$|^\.#|^#.*#$|^\.DS_Store$|^4913$|^sed[A-Za-z0-9]{6}$/;

/** Calls `onChange(path)` once a path's events have been quiet for `settleMs`. */
function settler(onChange: (path: string) => void, settleMs: number) {
  const pending = new Map<string, NodeJS.Timeout>();
  let closed = false;
  return {
    settle(path: string) {
      clearTimeout(pending.get(path));
      pending.set(
        path,
        setTimeout(() => {
          pending.delete(path);
          if (!closed) onChange(path);
        }, settleMs),
      );
    },
    close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** Watches one file (through its folder, so a save that renames a new file over it is seen too). */
export function watchFile(file: string, onChange: () => void, settleMs = 20): ThemeWatcher {
  const quiet = settler(onChange, settleMs);
  const watcher = watch(dirname(file), (_event, name) => {
    if (name === basename(file)) quiet.settle(name);
  });
  watcher.on('error', () => {});
  return {
    close() {
      quiet.close();
      watcher.close();
    },
  };
}

export function watchTheme(root: string, onChange: (path: string) => void, settleMs = 20): ThemeWatcher {
  /** The files of the theme: a path that is gone when its events settle is reported only if it was one. */
  const files = new Set<string>();
  const quiet = settler((path) => {
    if (isFile(path)) files.add(path);
    // a temporary file written and renamed away within the quiet period was never part of the theme
    else if (!files.delete(path)) return;
    onChange(path);
  }, settleMs);
  const settle = quiet.settle;
  const folders = new Map<string, FSWatcher>();
  let closed = false;

  const isDir = (path: string) => statSync(join(root, path), { throwIfNoEntry: false })?.isDirectory() === true;
  const isFile = (path: string) => statSync(join(root, path), { throwIfNoEntry: false })?.isFile() === true;

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
        // a folder that went away: stop watching it (and what was under it); its files are gone
        if (folders.has(path)) {
          for (const [f, w] of folders) if (f === path || f.startsWith(`${path}/`)) (w.close(), folders.delete(f));
          for (const f of files) if (f.startsWith(`${path}/`)) settle(f);
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
      } else if (!IGNORED_FILE.test(e.name)) {
        if (announce) settle(path);
        else files.add(path);
      }
    }
  };

  add('');
  return {
    close() {
      closed = true;
      quiet.close();
      for (const w of folders.values()) w.close();
      folders.clear();
    },
  };
}
