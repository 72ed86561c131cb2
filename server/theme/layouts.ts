/**
 * The layouts of a theme's `template.conf`: each names its regions, whose files (`head.region`,
 * `body.region`, …) are joined in that order into one template, as the platform does. A page uses the layout
 * called `default`, else the first listed; a theme without layouts is one `site.region`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The region files of the theme's default layout, in order (relative to the theme folder). */
export function defaultLayoutRegions(dir: string): string[] {
  let conf: unknown;
  try {
    conf = JSON.parse(readFileSync(join(dir, 'template.conf'), 'utf8'));
  } catch {
    return ['site.region'];
  }
  const layouts = (conf as { layouts?: unknown }).layouts;
  if (typeof layouts !== 'object' || layouts === null) return ['site.region'];
  const all = layouts as Record<string, { regions?: unknown }>;
  const chosen = all['default'] ?? Object.values(all)[0];
  const regions = chosen?.regions;
  if (!Array.isArray(regions) || regions.length === 0) return ['site.region'];
  // region names only: a name with a slash or dots could reach outside the theme folder
  return regions.filter((r): r is string => typeof r === 'string' && /^[\w-]+$/.test(r)).map((r) => `${r}.region`);
}
