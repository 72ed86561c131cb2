/**
 * `Y.Squarespace.Template`: `getTweakValue(name)`, the tweak's value as the platform gives it to scripts (a
 * string: `"true"`/`"false"` for a checkbox, the option for a dropdown, the value with its unit), read from
 * `Static.SQUARESPACE_CONTEXT.tweakJSON` so it always agrees with the page's classes and stylesheet. A name
 * is tried as given, then without a leading `@` or `.` (`@siteWidth`, `.tweak-h1-font`), as `@squarespace/core`
 * 1.x reads it.
 */
import { tweakJson } from './page-context.js';

export function getTweakValue(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const values = tweakJson();
  for (const key of [name, name.replace(/^[@.]/, '')]) {
    if (Object.hasOwn(values, key)) {
      const value = values[key];
      return value === null || value === undefined ? undefined : String(value);
    }
  }
  return undefined;
}

export const Template = { getTweakValue };
