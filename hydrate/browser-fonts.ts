/**
 * Font sets for the Chromium tests. What a page measures (a link's height, a line's width) depends on the fonts
 * the browser finds, so a bar such as "targets of 24×24 px" must hold with more than one common set, not only
 * with whatever this machine has. A set is a fontconfig file of its own naming one folder of fonts and mapping
 * the generic families to it; Chromium, started with FONTCONFIG_FILE, then sees only those fonts.
 * `.ci/run` installs both sets' Debian packages; `TESSERA_BROWSER_FONTS` picks one for a whole run.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FontSet {
  /** The Debian package that installs it (what `.ci/run` installs). */
  readonly debianPackage: string;
  readonly dir: string;
  readonly sans: string;
  readonly serif: string;
  readonly mono: string;
}

/** Two common sets whose metrics differ (Liberation's match the usual Windows fonts, DejaVu's are wider and taller). */
export const FONT_SETS = {
  dejavu: { debianPackage: 'fonts-dejavu-core', dir: '/usr/share/fonts/truetype/dejavu', sans: 'DejaVu Sans', serif: 'DejaVu Serif', mono: 'DejaVu Sans Mono' },
  liberation: { debianPackage: 'fonts-liberation', dir: '/usr/share/fonts/truetype/liberation', sans: 'Liberation Sans', serif: 'Liberation Serif', mono: 'Liberation Mono' },
} as const satisfies Record<string, FontSet>;

export type FontSetName = keyof typeof FONT_SETS;

export function isFontSetName(name: string): name is FontSetName {
  return Object.hasOwn(FONT_SETS, name);
}

/** Whether the set's fonts are on this machine. */
export function fontSetInstalled(name: FontSetName): boolean {
  return existsSync(FONT_SETS[name].dir);
}

/** The fontconfig file that gives Chromium only the set's fonts (written once per process). */
export function fontconfigFile(name: FontSetName): string {
  const set = FONT_SETS[name];
  const dir = join(tmpdir(), `tessera-fonts-${process.pid}`);
  const file = join(dir, `${name}.conf`);
  if (existsSync(file)) return file;
  mkdirSync(join(dir, 'cache'), { recursive: true });
  const alias = (generic: string, family: string) => `  <alias binding="same"><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`;
  writeFileSync(
    file,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      `  <dir>${set.dir}</dir>`,
      `  <cachedir>${join(dir, 'cache')}</cachedir>`,
      alias('sans-serif', set.sans),
      alias('serif', set.serif),
      alias('monospace', set.mono),
      // a family the set lacks (a theme's "Helvetica", "Georgia") falls back to the set's sans, never elsewhere
      `  <match target="pattern"><edit name="family" mode="append_last"><string>${set.sans}</string></edit></match>`,
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  return file;
}
