/**
 * Which page `/` is for the served theme: the one the platform would show for it (docs/themes.md "Moving a platform
 * theme"). In order:
 *
 * 1. the default theme: Tessera's home page (server/home-page.ts);
 * 2. a theme's own `pages/home.page` (a template page, type 7): that page, over Tessera's home context;
 * 3. the page made for a theme's `homepage` layout (settings `homepage: true`, server/theme-content/content-plan.ts);
 * 4. an index of one of the theme's index types (`"index": true` in its `.conf`) with its `.list`: that index;
 * 5. else Tessera's home page, inside the theme's frame.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CollectionRow, collectionSettings, contentKind } from '../content.js';
import type { Store } from '../db/database.js';
import { readCache } from '../read-cache.js';
import { siteDataOf } from '../site-data.js';
import type { Theme } from '../theme.js';
import { defaultThemeDir } from '../theme/theme-dir.js';

export type HomeChoice =
  | { readonly kind: 'tessera' }
  | { readonly kind: 'template-page'; readonly title: string }
  | { readonly kind: 'collection'; readonly row: CollectionRow };

const TESSERA: HomeChoice = { kind: 'tessera' };
/** The default theme's folder, found once (finding the repository root stats files). */
let defaultDir: string | undefined;

/** The title of a theme's `pages/home.page` (its `.page.conf` `title`), else "Home". */
function homePageTitle(theme: Theme): string {
  try {
    const conf: unknown = JSON.parse(readFileSync(join(theme.dir, 'pages/home.page.conf'), 'utf8'));
    const title = typeof conf === 'object' && conf !== null ? (conf as Record<string, unknown>)['title'] : undefined;
    return typeof title === 'string' && title.trim() !== '' ? title : 'Home';
  } catch {
    return 'Home';
  }
}

export function homeChoice(store: Store, theme: Theme): HomeChoice {
  if (theme.dir === (defaultDir ??= defaultThemeDir())) return TESSERA;
  if (theme.hasOwnTemplate('pages/home.page')) return { kind: 'template-page', title: homePageTitle(theme) };
  // the site's collections as every page has them (server/site-data.ts: loaded ahead on PostgreSQL)
  const rows = readCache(store).get('home-choice:collections', () => siteDataOf(store).collections.filter((c) => c.enabled));
  const layouts = new Set(theme.conf().layouts.map((l) => l.id));
  const homeLayoutPage = rows.find((c) => {
    const s = collectionSettings(c);
    return s['homepage'] === true && contentKind(c) === 'page' && layouts.has(String(s['regionName']));
  });
  if (homeLayoutPage !== undefined) return { kind: 'collection', row: homeLayoutPage };
  const index = [...rows]
    .sort((a, b) => a.ordering - b.ordering)
    .find((c) => {
      const type = String(collectionSettings(c)['typeName']);
      return contentKind(c) === 'index' && theme.collectionType([type]) !== null && theme.hasOwnTemplate(`collections/${type}.list`);
    });
  return index === undefined ? TESSERA : { kind: 'collection', row: index };
}
