/**
 * The tweak-forms fixture (fixtures/themes/tweak-forms), written in the forms the platform's theme families
 * use: its tweaks are read with their names and defaults, without a problem; its pages carry the checkbox and
 * dropdown classes first; its stylesheet compiles with the font tweaks' variables no sheet declares; a site's
 * values change the classes, the LESS variables, the classes' bodies and tweakJSON together.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openStore, repoRoot, type Store } from '../../db/database.js';
import { seedDemoStore } from '../../db/seed.js';
import { writeSiteDocument } from '../../site-documents.js';
import { Theme } from '../../theme.js';
import { TWEAKS_DOCUMENT, withTweakValues } from './site-tweaks.js';

const THEME_DIR = resolve(repoRoot(), 'fixtures/themes/tweak-forms');
const problems: string[] = [];
let theme: Theme;
let store: Store;
let app: FastifyInstance;

beforeAll(async () => {
  store = openStore(':memory:');
  seedDemoStore(store);
  theme = new Theme(THEME_DIR, false, (p) => problems.push(p));
  app = await buildApp({ store, theme });
});
afterAll(async () => app?.close());

const bodyClass = (html: string) => /<body id="[^"]*" class="([^"]*)"/.exec(html)?.[1];
const stylesheetOf = async (html: string) => {
  const href = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
  const response = await app.inject(href);
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('the tweak-forms fixture', () => {
  it('reads every tweak form with its name and default, and reports nothing', () => {
    expect(theme.tweaks().map((t) => `${t.type} ${t.name}=${t.default}${t.js ? ' (js)' : ''}`)).toEqual([
      'dropdown tweak-nav-position=Right',
      'checkbox tweak-show-tagline=true',
      'checkbox tweak-sticky-header=false (js)',
      'checkbox transparent-header=false',
      'dropdown tweak-gallery-aspect-ratio=3:2 Standard (js)',
      'color tweak-background-color=#fbf8f2',
      'color tweak-text-color=#22201c',
      'color tweak-accent-color=#8a3b12 (js)',
      'value tweak-site-width=1100px',
      'value tweak-slideshow-speed=4 (js)',
      'font tweak-heading-font={font-family:Georgia, "Times New Roman", serif;font-weight:700;font-style:normal;font-size:48px;letter-spacing:0.01em;line-height:1.1;text-transform:none}',
      'font tweak-body-font={font-family:system-ui, sans-serif;font-size:17px;line-height:1.6}',
      'font tweak-meta-font={font-family:system-ui, sans-serif;font-size:13px;letter-spacing:0.1em;text-transform:uppercase} (js)',
      'image tweak-hero-image={background-image:url(/assets/hero.svg);background-repeat:repeat;background-position:center center}',
    ]);
    expect(theme.problems()).toEqual([]);
  });

  it('puts the checkbox and dropdown classes first in the page classes, one per dropdown', async () => {
    const html = (await app.inject('/shop')).body;
    expect(bodyClass(html)).toBe('tweak-nav-position-right tweak-show-tagline tweak-gallery-aspect-ratio-32-standard page-type-1 collection-type-products collection-layout-default view-list');
    expect(problems).toEqual([]);
  });

  it("compiles the theme's LESS with the font tweaks' variables, in one compilation with the later sheet's", async () => {
    const css = await stylesheetOf((await app.inject('/')).body);
    expect(css).toContain('.site-header{display:flex;flex-wrap:wrap;align-items:center;gap:1rem 2rem;max-width:1100px');
    expect(css).toMatch(/\.site-title\{color:inherit;text-decoration:none;font-family:Georgia,Times New Roman,serif;font-weight:700;font-style:normal;font-size:48px;letter-spacing:\.01em;line-height:1\.1;text-transform:none;font-size:28\.8px\}/);
    expect(css).toContain('.meta{font-family:system-ui,sans-serif;font-size:13px;letter-spacing:.1em;text-transform:uppercase;letter-spacing:.2em}');
    expect(css).toContain('.hero{background-image:url(/assets/hero.svg);background-repeat:repeat;background-position:center center;');
    expect(css).not.toContain('@tweak');
  });

  it('gives scripts the "js": true tweaks as strings, fonts as the composite and each property', () => {
    expect(theme.tweakJson()).toEqual({
      'tweak-sticky-header': 'false',
      'tweak-gallery-aspect-ratio': '3:2 Standard',
      'tweak-accent-color': '#8a3b12',
      'tweak-slideshow-speed': '4',
      'tweak-meta-font': '{font-family:system-ui, sans-serif;font-size:13px;letter-spacing:0.1em;text-transform:uppercase}',
      'tweak-meta-font-font-family': 'system-ui, sans-serif',
      'tweak-meta-font-font-size': '13px',
      'tweak-meta-font-letter-spacing': '0.1em',
      'tweak-meta-font-text-transform': 'uppercase',
    });
  });

  it("makes classes, LESS and tweakJSON agree on a site's values, each page rendered with its site's", async () => {
    const values = {
      'tweak-nav-position': 'Center',
      'tweak-show-tagline': 'false',
      'tweak-sticky-header': 'true',
      'tweak-gallery-aspect-ratio': 'Previous/Next',
      'tweak-accent-color': 'rgba(10, 20, 30, 0.5)',
      'tweak-site-width': '900px',
      'tweak-heading-font': '{font-size:40px;font-family:Palatino, serif}',
      'tweak-meta-font': '{letter-spacing:0.2em}',
      'tweak-hero-image': '{background-image:none}',
      // a value the tweak refuses is passed over: the default stays
      'tweak-slideshow-speed': '99',
    };
    expect(theme.tweakState(values).classes).toEqual(['tweak-nav-position-center', 'tweak-sticky-header', 'tweak-gallery-aspect-ratio-previousnext']);
    // a page context carries its site's values
    expect(theme.tweakJson(withTweakValues({}, values))).toMatchObject({
      'tweak-sticky-header': 'true',
      'tweak-gallery-aspect-ratio': 'Previous/Next',
      'tweak-accent-color': 'rgba(10, 20, 30, 0.5)',
      'tweak-slideshow-speed': '4',
      'tweak-meta-font': '{font-family:system-ui, sans-serif;font-size:13px;letter-spacing:0.2em;text-transform:uppercase}',
      'tweak-meta-font-letter-spacing': '0.2em',
    });

    const before = (await app.inject('/')).body;
    writeSiteDocument(store, 'demo', TWEAKS_DOCUMENT, { values });
    const after = (await app.inject('/')).body;
    expect(bodyClass(after)).toMatch(/^tweak-nav-position-center tweak-sticky-header tweak-gallery-aspect-ratio-previousnext page-type-/);
    const css = await stylesheetOf(after);
    expect(css).not.toBe(await stylesheetOf(before));
    // the variables: a value, a colour, the font's property variables (heading 40px * 0.6, meta 0.2em * 2)
    expect(css).toContain('max-width:900px');
    expect(css).toContain('.site-nav a{color:#0a141e80;');
    expect(css).toMatch(/\.site-title\{[^}]*font-size:24px\}/);
    expect(css).toContain('letter-spacing:.4em}');
    // the classes' bodies: the site's properties after the theme's, where the class is used as a mixin too
    expect(css).toMatch(/\.hero-title\{font-family:Georgia[^}]*font-size:48px[^}]*font-family:Palatino,serif;font-size:40px;margin:0\}/);
    expect(css).toMatch(/\.hero\{background-image:url\(\/assets\/hero\.svg\);[^}]*background-image:none;/);
    writeSiteDocument(store, 'demo', TWEAKS_DOCUMENT, { values: {} });
    expect(bodyClass((await app.inject('/')).body)).toMatch(/^tweak-nav-position-right tweak-show-tagline /);
    expect(problems).toEqual([]);
  });
});
