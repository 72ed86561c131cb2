/**
 * The tweaks of the public themes in ../shared/themes, written for the platform: every tweak comment is read
 * without a problem, and the body classes and tweakJSON they give are the ones their own LESS and scripts
 * look for (adagio's `.transparent-header`, baldface's `body.snowing` and `getTweakValue("snowfall")`, boxen's
 * `boxen-left-navi`, deemjournal's `.activate-live-shop`). Skipped where the corpus is not beside the repo.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../db/database.js';
import { readThemeConf } from '../theme-conf.js';
import { readThemeTweaks } from './read-tweaks.js';
import { resolveTweakValues } from './site-tweaks.js';
import { tweakClasses } from './tweak-classes.js';
import { tweakJson } from './tweak-json.js';
import { tweakLess } from './tweak-less.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');
const themes = existsSync(CORPUS) ? readdirSync(CORPUS).filter((name) => existsSync(join(CORPUS, name, 'template.conf'))) : [];
const tweaksOf = (name: string) => readThemeTweaks(join(CORPUS, name, 'styles'), readThemeConf(join(CORPUS, name)).stylesheets);

describe.skipIf(themes.length === 0)('the corpus themes\u2019 tweaks', () => {
  it('are all read, with no problem', () => {
    const counts: Record<string, number> = {};
    for (const name of themes) {
      const { tweaks, problems } = tweaksOf(name);
      expect(problems, name).toEqual([]);
      counts[name] = tweaks.length;
    }
    expect(counts).toMatchObject({ adagio: 11, baldface: 4, boxen: 18, deemjournal: 1 });
  });

  it('adagio: the block-comment checkbox gives the class its header.less styles; font tweaks give their variables', () => {
    const { tweaks } = tweaksOf('adagio');
    expect(tweaks.map((t) => `${t.type} ${t.name}`)).toEqual([
      'color headerBgColor',
      'checkbox transparent-header',
      'value headerPadding',
      'font site-title-font',
      'color siteTitleColor',
      'value logoContainerWidth',
      'value siteTitleContainerWidth',
      'font primary-nav-font',
      'color primaryNavColor',
      'color primaryNavActiveColor',
      'value pagePadding',
    ]);
    expect(tweakClasses(tweaks, resolveTweakValues(tweaks))).toEqual([]);
    expect(tweakClasses(tweaks, resolveTweakValues(tweaks, { 'transparent-header': 'true' }))).toEqual(['transparent-header']);
    expect(tweakLess(tweaks, resolveTweakValues(tweaks))).toContain('@site-title-font-font-size: 34px;\n@site-title-font-letter-spacing: 2px;');
    expect(tweakJson(tweaks, resolveTweakValues(tweaks))).toEqual({ logoContainerWidth: '150px', siteTitleContainerWidth: '300px' });
  });

  it('baldface: its scripts read the "js": true snow values; the snowing checkbox is body.snowing', () => {
    const { tweaks } = tweaksOf('baldface');
    expect(tweakJson(tweaks, resolveTweakValues(tweaks, { snowfall: 40 }))).toEqual({ snowfall: '40', snowdepth: '100', snowflakes: '100' });
    expect(tweakClasses(tweaks, resolveTweakValues(tweaks, { snowing: true }))).toEqual(['snowing']);
  });

  it("boxen and deemjournal: the checkboxes their routers look for, and every tweak in tweakJSON", () => {
    const boxen = tweaksOf('boxen').tweaks;
    expect(tweakClasses(boxen, resolveTweakValues(boxen))).toEqual([]);
    expect(tweakClasses(boxen, resolveTweakValues(boxen, { 'boxen-left-navi': 'true' }))).toEqual(['boxen-left-navi']);
    expect(Object.keys(tweakJson(boxen, resolveTweakValues(boxen)))).toHaveLength(18);
    expect(tweakJson(boxen, resolveTweakValues(boxen))).toMatchObject({ primaryHeaderHeight: '315px', primaryBGColor: '#000', 'boxen-left-navi': 'false' });
    const deem = tweaksOf('deemjournal').tweaks;
    expect(tweakClasses(deem, resolveTweakValues(deem, { 'activate-live-shop': true }))).toEqual(['activate-live-shop']);
    expect(tweakJson(deem, resolveTweakValues(deem))).toEqual({ 'activate-live-shop': 'false' });
  });
});
