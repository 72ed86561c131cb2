/**
 * The layouts of a theme's `template.conf`: each names its regions, whose files (`head.region`,
 * `body.region`, …) are joined in that order into one template, as the platform does. A page uses the layout
 * its collection names (the page setting `regionName`, else its collection `.conf`'s `layout`), else the one
 * called `default`, else the first listed; a theme without layouts is one `site.region`.
 */
import { type LayoutConf, readThemeConf, type ThemeConf } from './theme-conf.js';

export type { LayoutConf } from './theme-conf.js';

/** The region files of a layout, in order (relative to the theme folder). */
export function layoutRegionFiles(layout: LayoutConf): string[] {
  return layout.regions.map((r) => `${r}.region`);
}

/** The region files of the theme's default layout, in order (relative to the theme folder). */
export function defaultLayoutRegions(dir: string): string[] {
  return layoutRegionFiles(readThemeConf(dir).defaultLayout);
}

/** The layout called `id`, or null when the theme has none of that name. */
export function findLayout(conf: ThemeConf, id: unknown): LayoutConf | null {
  return typeof id === 'string' ? (conf.layouts.find((l) => l.id === id) ?? null) : null;
}

/**
 * The layout of a page: the first of `wanted` (the page's own setting, then its collection type's) that the
 * theme has, else the default layout.
 */
export function chooseLayout(conf: ThemeConf, ...wanted: unknown[]): LayoutConf {
  for (const id of wanted) {
    const layout = findLayout(conf, id);
    if (layout !== null) return layout;
  }
  return conf.defaultLayout;
}
