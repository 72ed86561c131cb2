/**
 * `Static.SQUARESPACE_CONTEXT.tweakJSON`: the tweaks scripts read (`Y.Squarespace.Template.getTweakValue`,
 * `@squarespace/core`'s `Tweak.getValue`), by name, as strings (platform notes styles.md §5, runtime.md §5):
 * a checkbox `"true"`/`"false"`, a dropdown its option's label, a colour or a value as set (`"20px"`, `"4"`), a
 * font or image tweak its composite (`"{font-family:Georgia;font-size:17px}"`) and each property under
 * `{name}-{property}`, as presets store them.
 *
 * Only the tweaks declared with `"js": true` are in it. The platform's own sample holds 32 entries for a page
 * with far more tweak classes, checkboxes that are off among them, so the flag is what puts a tweak there
 * (inferred); a theme that reads a tweak without the flag gets `undefined` here as it would there.
 */
import { parseComposite } from './composite.js';
import type { Tweak, TweakValues } from './tweak.js';

/** The `tweakJSON` of `values` (resolved: every tweak's, server/theme/tweaks/site-tweaks.ts). */
export function tweakJson(tweaks: readonly Tweak[], values: TweakValues): Record<string, string> {
  const out: Record<string, string> = {};
  const set = (key: string, value: string) => Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  for (const t of tweaks) {
    if (!t.js) continue;
    const value = values.get(t.name) ?? t.default;
    if (t.type !== 'font' && t.type !== 'image') {
      set(t.name, value);
      continue;
    }
    set(t.name, value);
    for (const [property, v] of parseComposite(value) ?? []) set(`${t.name}-${property}`, v);
  }
  return out;
}
