/**
 * The LESS of a site's tweak values, compiled after the theme's sheets in the same compilation, as the
 * platform appends its generated `tweak.less` (platform notes styles.md §1, §4): there the last definition of a
 * variable wins and a class defined twice applies both bodies, so what comes last sets the site's values.
 *
 * - a value or colour tweak the site set: `@name: value;`;
 * - every font or image tweak: a variable per property, `@{name}-{property}` (`@tweak-h1-font-font-size`), from
 *   its class's declarations merged with the site's, since the platform's themes use these without declaring
 *   them; and, when the site changed some, `.name { … }` with those properties.
 *
 * Tweaks at their defaults add nothing else, so a site that sets nothing compiles as the theme alone (plus the
 * font and image variables). Checkbox and dropdown tweaks give body classes, not LESS.
 */
import { parseComposite } from './composite.js';
import type { Tweak, TweakValues } from './tweak.js';

/** The LESS for `values` (resolved: every tweak's, server/theme/tweaks/site-tweaks.ts); empty when there is none. */
export function tweakLess(tweaks: readonly Tweak[], values: TweakValues): string {
  const lines: string[] = [];
  for (const t of tweaks) {
    const value = values.get(t.name) ?? t.default;
    if (t.type === 'value' || t.type === 'color') {
      if (value !== t.default) lines.push(`@${t.name}: ${value};`);
    } else if (t.type === 'font' || t.type === 'image') {
      const defaults = t.properties ?? [];
      const merged = parseComposite(value) ?? defaults;
      for (const [property, v] of merged) lines.push(`@${t.name}-${property}: ${v};`);
      const changed = merged.filter(([p, v]) => !defaults.some(([dp, dv]) => dp === p && dv === v));
      if (changed.length > 0) lines.push(`.${t.name} {`, ...changed.map(([p, v]) => `  ${p}: ${v};`), '}');
    }
  }
  return lines.length === 0 ? '' : `// the site's tweak values (Tessera)\n${lines.join('\n')}\n`;
}
