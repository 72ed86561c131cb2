/**
 * A theme's presets (`presets/{name}.preset`: `{ "title": "Default", "templateTweaks": { [name]: string } }`,
 * platform notes styles.md §6). When the platform applies one is undocumented; here a preset is applied only
 * when the owner picks it (`PUT /api/template/tweaks` `{ "preset": "default" }`): a site starts from the tweaks'
 * defaults in the theme's LESS, which is what a theme author sees in its files.
 *
 * Presets also hold values for the platform's own tweaks (button fonts, gallery options) and, beside a font
 * tweak's composite, one key per property (`…-font-font-size`): entries that name no tweak of the theme, or
 * hold a value the tweak refuses, are passed over.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../../commerce/json.js';
import { NAME } from '../theme-conf.js';
import type { Tweak } from './tweak.js';
import { checkTweakValue } from './tweak-values.js';

export interface Preset {
  /** The file's name without `.preset` (`default`). */
  readonly name: string;
  readonly title: string;
  readonly templateTweaks: Readonly<Record<string, unknown>>;
}

/** The presets of a theme folder that are JSON objects, by name order (others are passed over). */
export function readPresets(themeDir: string): Preset[] {
  const folder = join(themeDir, 'presets');
  if (!existsSync(folder)) return [];
  const out: Preset[] = [];
  for (const file of readdirSync(folder).sort()) {
    const name = file.slice(0, -'.preset'.length);
    if (!file.endsWith('.preset') || !NAME.test(name)) continue;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    } catch {
      continue;
    }
    if (!isRecord(value)) continue;
    out.push({ name, title: typeof value['title'] === 'string' ? value['title'] : name, templateTweaks: isRecord(value['templateTweaks']) ? value['templateTweaks'] : {} });
  }
  return out;
}

/** The values a preset gives the theme's tweaks, each one its tweak accepts. */
export function presetValues(preset: Preset, tweaks: readonly Tweak[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of tweaks) {
    if (!Object.hasOwn(preset.templateTweaks, t.name)) continue;
    const checked = checkTweakValue(t, preset.templateTweaks[t.name]);
    if (checked.ok) out[t.name] = checked.value;
  }
  return out;
}
