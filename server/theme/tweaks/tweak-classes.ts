/**
 * The body classes of a site's tweaks (platform notes styles.md §4, tags.md §3), first in
 * `{squarespace.page-classes}` as on the platform: a checkbox that is on gives its name (`transparent-header`),
 * a dropdown always exactly one class, its name and its selected option slugged (`tweak-nav-style-icon-on-right`,
 * `gallery-aspect-ratio-32-standard`), in the order the theme declares them. Other tweaks give none.
 */
import type { Tweak, TweakValues } from './tweak.js';
import { tweakSlug } from './tweak-names.js';

export function tweakClasses(tweaks: readonly Tweak[], values: TweakValues): string[] {
  const out: string[] = [];
  for (const t of tweaks) {
    const value = values.get(t.name) ?? t.default;
    if (t.type === 'checkbox' && value === 'true') out.push(t.name);
    else if (t.type === 'dropdown') out.push(`${t.name}-${tweakSlug(value)}`);
  }
  return out;
}
