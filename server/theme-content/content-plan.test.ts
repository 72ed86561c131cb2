/** The rules of what a theme's demo content holds (content-plan.ts) and its demo items (demo-records.ts). */
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../engine/plugins/content/record-types.js';
import { planThemeContent, type StoreCollections } from './content-plan.js';
import { customContent, demoRecords } from './demo-records.js';
import { type CustomType, queriedCollections, type ThemeDeclarations, withKnownFieldTypes } from './theme-declarations.js';

const TODAY = Date.UTC(2026, 10, 24);

const PROJECT: CustomType = {
  name: 'project',
  title: 'Project',
  base: 'text',
  fields: [
    { name: 'client', title: 'Client', type: 'text' },
    { name: 'colorBackground', title: 'Background Color, A CSS Hex Value', type: 'text' },
    { name: 'credits', title: 'Credits', type: 'wysiwyg' },
    { name: 'thumb', title: 'Thumbnail', type: 'image' },
    { name: 'dark', title: 'Dark text', type: 'checkbox' },
    { name: 'extra', title: 'Extra images', type: 'gallery' },
  ],
};

const decl = (over: Partial<ThemeDeclarations> = {}): ThemeDeclarations => ({
  customTypes: [PROJECT],
  collectionTypes: [
    { typeName: 'archive', title: 'Archive', ordering: 'user-orderable', acceptTypes: ['project'], folder: false, index: false },
    { typeName: 'blog', title: 'Blog', ordering: 'chronological', acceptTypes: ['text'], folder: false, index: false },
    { typeName: 'index', title: 'Index', ordering: null, acceptTypes: ['page', 'archive'], folder: true, index: true },
    { typeName: 'folders', title: 'Folder', ordering: null, acceptTypes: [], folder: true, index: false },
  ],
  systemCollections: ['blog'],
  layouts: ['default', 'archive'],
  hasHomePage: false,
  queriedCollections: ['sponsors', 'archive', 'work/it-services'],
  ...over,
});

const STORE: StoreCollections = { urlIds: new Set(['shop', 'blog', 'about', 'contact']), typeNames: new Set(['products', 'blog', 'page']), folderPages: ['about', 'contact'], hasHomePage: false };

describe('planThemeContent', () => {
  const plan = planThemeContent(decl(), STORE, TODAY);
  const byUrl = new Map(plan.map((c) => [c.urlId, c]));

  it('makes one collection of each declared type the store lacks, with items of the types it accepts', () => {
    const archive = byUrl.get('archive')!;
    expect(archive).toMatchObject({ id: 'theme-archive', type: 1, title: 'Archive' });
    expect(archive.settings).toMatchObject({ typeName: 'archive', ordering: 'user-orderable', regionName: 'archive' });
    expect(archive.records).toHaveLength(4);
    expect(archive.records.filter((r) => r.starred)).toHaveLength(2);
    expect(JSON.parse(archive.records[0]!.data!)['customContent']).toMatchObject({ customType: 'project', client: 'Client: Northern Light' });
    // the store's blog is not made again
    expect(plan.filter((c) => c.settings['typeName'] === 'blog').map((c) => c.urlId)).toEqual(['sponsors', 'work/it-services']);
  });

  it('makes the collections the templates query by name: of their type, else a blog', () => {
    expect(byUrl.get('sponsors')!.settings['typeName']).toBe('blog');
    expect(byUrl.get('work/it-services')).toMatchObject({ id: 'theme-work--it-services', title: 'It Services' });
    const typed = planThemeContent(decl({ queriedCollections: ['archive/old'] }), STORE, TODAY);
    expect(typed.find((c) => c.urlId === 'archive/old')!.settings['typeName']).toBe('archive');
  });

  it('makes an index of its pages and the accepted collections, and a folder of the open pages', () => {
    const index = byUrl.get('index')!;
    expect(index.settings).toMatchObject({ typeName: 'index', folder: true, index: true, folderBehavior: 1, children: ['theme-index-intro', 'theme-index-about', 'theme-archive'] });
    expect(byUrl.get('index-intro')).toMatchObject({ type: 10, body: expect.stringContaining('<h2>Introduction</h2>') });
    expect(byUrl.get('folders')!.settings).toMatchObject({ folder: true, folderBehavior: 2, children: ['about', 'contact'] });
    // children come before their parent, so the parent's list names only what exists
    expect(plan.findIndex((c) => c.urlId === 'index')).toBeGreaterThan(plan.findIndex((c) => c.urlId === 'archive'));
  });

  it('makes a page for a homepage layout only when the theme has no pages/home.page', () => {
    expect(byUrl.has('home')).toBe(false);
    const withLayout = planThemeContent(decl({ layouts: ['default', 'homepage'] }), STORE, TODAY);
    expect(withLayout.find((c) => c.urlId === 'home')).toMatchObject({ type: 10, settings: { regionName: 'homepage', homepage: true } });
    expect(planThemeContent(decl({ layouts: ['homepage'], hasHomePage: true }), STORE, TODAY).some((c) => c.urlId === 'home')).toBe(false);
  });

  it('makes nothing again once the store has it', () => {
    const after: StoreCollections = {
      urlIds: new Set([...STORE.urlIds, ...plan.map((c) => c.urlId)]),
      typeNames: new Set([...STORE.typeNames, ...plan.map((c) => String(c.settings['typeName'] ?? 'page'))]),
      folderPages: STORE.folderPages,
      hasHomePage: true,
    };
    expect(planThemeContent(decl({ layouts: ['homepage'] }), after, TODAY)).toEqual([]);
  });
});

describe('demo items', () => {
  it('fill a custom type by field type: text by what it names, wysiwyg html, an image, a checkbox, a gallery', () => {
    const content = customContent(PROJECT, 'Field Notes', 1);
    expect(content).toMatchObject({ customType: 'project', client: 'Client: Field Notes', colorBackground: '#f4efe6', credits: { html: expect.stringContaining('<em>Field Notes</em>') }, dark: false });
    expect(content['thumb']).toMatchObject({ assetUrl: expect.stringMatching(/^\/static\/gallery\/.+\.svg$/), originalSize: expect.stringMatching(/^\d+x\d+$/), colorData: { suggestedBgColor: expect.stringMatching(/^[0-9a-f]{6}$/) } });
    expect(content['extra']).toHaveLength(3);
  });

  it('take the accepted types in turn, with the record type of their base', () => {
    const events: CustomType = { name: 'customEvent', title: 'Event', base: 'event', fields: [] };
    const rows = demoRecords(['image', 'customEvent', 'audio'], [events], TODAY);
    expect(rows.map((r) => r.recordType)).toEqual([RECORD_TYPES.image, RECORD_TYPES.event, RECORD_TYPES.audio, RECORD_TYPES.image]);
    expect(rows[1]!.startDate).toBeGreaterThan(TODAY);
    expect(rows[2]!.assetUrl).toMatch(/\.wav$/);
    // newest first: the stored order is the chronological order
    expect(rows.map((r) => r.publishOn)).toEqual([...rows.map((r) => r.publishOn)].sort((a, b) => b - a));
  });
});

describe('theme declarations', () => {
  it('fill an unknown field type as text, and keep the known ones', () => {
    const types = withKnownFieldTypes([{ name: 'story', title: 'Story', base: 'text', fields: [{ name: 'x', title: 'x', type: 'colour' }, { name: 'y', title: 'Y', type: 'wysiwyg' }] }]);
    expect(types).toEqual([{ name: 'story', title: 'Story', base: 'text', fields: [{ name: 'x', title: 'x', type: 'text' }, { name: 'y', title: 'Y', type: 'wysiwyg' }] }]);
  });

  it('find the collections queried by plain name, not those written with JSON-T', () => {
    const texts = ['<squarespace:query collection="sponsors" limit="3">', "<squarespace:query limit='2' collection=\"/work/it-services/\" featured=\"true\">", '<squarespace:query collection="{collection.urlId}">'];
    expect(queriedCollections(texts)).toEqual(['sponsors', 'work/it-services']);
  });
});
