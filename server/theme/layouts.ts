/**
 * The layouts of a theme's `template.conf`: each names its regions, whose files (`head.region`,
 * `body.region`, …) are joined in that order into one template, as the platform does. A page uses the layout
 * called `default`, else the first listed; a theme without layouts is one `site.region`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The region files of the theme's default layout, in order (relative to the theme folder). */
export function defaultLayoutRegions(dir: string): string[] {
  const all = themeLayouts(dir);
  return all.get('default') ?? all.values().next().value ?? ['site.region'];
}

/**
 * Every layout of the theme's `template.conf` by name, with its region files in order (relative to the theme
 * folder); a layout without regions is left out. Empty when template.conf has no layouts or cannot be read.
 */
export function themeLayouts(dir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let conf: unknown;
  try {
    conf = JSON.parse(readFileSync(join(dir, 'template.conf'), 'utf8'));
  } catch {
    return out;
  }
  const layouts = (conf as { layouts?: unknown }).layouts;
  if (typeof layouts !== 'object' || layouts === null) return out;
  for (const [name, layout] of Object.entries(layouts as Record<string, { regions?: unknown } | null>)) {
    const regions = layout?.regions;
    if (!Array.isArray(regions) || regions.length === 0) continue;
    // region names only: a name with a slash or dots could reach outside the theme folder
    out.set(name, regions.filter((r): r is string => typeof r === 'string' && /^[\w-]+$/.test(r)).map((r) => `${r}.region`));
  }
  return out;
}
