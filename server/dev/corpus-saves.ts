/**
 * The two saves a theme author makes most, picked for any theme (the corpus tests and the save-latency
 * measurement use them): a region of the layout the home page uses (the one that opens `<body>`, so a mark put
 * just inside it shows on the page), and a LESS stylesheet (the source a `lessc` build compiles, else the last
 * LESS sheet `template.conf` lists).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Theme } from '../theme.js';
import { chooseLayout, layoutRegionFiles } from '../theme/layouts.js';
import { stylesheetList } from '../theme/stylesheet-list.js';

/** The region of the home page's layout (`regionName`: the home collection's) that opens `<body>`, if one does. */
export function bodyRegion(theme: Theme, regionName: string | undefined): string | undefined {
  const layout = chooseLayout(theme.conf(), regionName);
  return layoutRegionFiles(layout).find((r) => /<body\b/i.test(readFileSync(join(theme.dir, r), 'utf8')));
}

/** `text` with `html` put just after its `<body …>` tag. */
export function insideBody(text: string, html: string): string {
  return text.replace(/<body\b[^>]*>/i, (tag) => `${tag}${html}`);
}

/** The theme's LESS stylesheet a save most likely touches (`styles/…`), if it has one. */
export function lessStylesheet(theme: Theme): string | undefined {
  const { sheets } = stylesheetList(theme.dir, theme.conf().stylesheets);
  const less = sheets.filter((s) => s.file.endsWith('.less'));
  const sheet = (less.find((s) => s.builds !== undefined) ?? less.at(-1))?.file;
  return sheet === undefined ? undefined : `styles/${sheet}`;
}
