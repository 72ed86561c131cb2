/**
 * The files of a platform-layout theme that hold JSON-T (`.region`, `.list`, `.item`, `.block`, `.page`,
 * `.html`), found by walking the theme folder past the folders that hold none. `tessera check` checks them and
 * the real-templates fuzz arm (bench/fuzz/real.ts) renders them; a module of its own so the arm does not load
 * the whole check command.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The files of a platform-layout theme that hold JSON-T. */
const TEMPLATE_FILE = /\.(region|list|item|block|page|html)$/;
/** Folders of a theme that hold no templates. */
const SKIPPED = new Set(['node_modules', 'assets', 'scripts', 'styles', '.git']);

/** Every template file under `dir`, sorted, as paths relative to the working directory's view of `dir`. */
export function themeTemplateFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(join(at, entry.name));
      } else if (entry.isFile() && TEMPLATE_FILE.test(entry.name)) out.push(join(at, entry.name));
    }
  };
  walk(dir);
  return out.sort();
}
