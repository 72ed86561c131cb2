import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { fakeContext, runPredicate } from '../testing.js';
import type { Predicate } from '../types.js';
import { GALLERY_ACTIVE_ALIGNMENTS, GALLERY_DESIGNS, GALLERY_FLAGS, GALLERY_META_POSITIONS } from './gallery.js';
import { CONTENT_PREDICATES } from './predicates.js';
import { COLLECTION_TYPES, FOLDER_BEHAVIORS, isClickable } from './record-collection.js';
import { hasExcerpt, sameDay } from './record-fields.js';
import { PROMOTED_BLOCK_KINDS } from './record-promoted.js';
import { SLICE_TYPES } from './record-slice-types.js';
import { RECORD_TYPES } from './record-types.js';
import { enumCode, flag } from './record-values.js';

const BY_NAME = new Map(CONTENT_PREDICATES.map((p) => [p.name, p]));

function predicate(name: string): Predicate<any> {
  const p = BY_NAME.get(name);
  if (p === undefined) throw new Error(`no predicate ${name}`);
  return p;
}

/** Test predicate `name` with `node` as the current node and the given raw arguments. */
function on(name: string, node: unknown, args: string[] = []): boolean {
  return runPredicate(predicate(name), args, fakeContext({ root: { node }, frames: [], node }));
}

describe('the predicate table', () => {
  it('has no duplicate names and every name ends in ?', () => {
    const names = CONTENT_PREDICATES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n.endsWith('?')).toBe(true);
  });
});

describe('lenient field reading', () => {
  it('reads codes from numbers, booleans and leading decimals of strings', () => {
    expect(enumCode(7)).toBe(7);
    expect(enumCode(' 7 ')).toBe(7);
    expect(enumCode('7.0')).toBe(7);
    expect(enumCode('7abc')).toBe(7);
    expect(enumCode('0x7')).toBe(0);
    expect(enumCode(true)).toBe(1);
    expect(enumCode([7])).toBeNaN();
    expect(enumCode(null)).toBeNaN();
  });

  it('reads flags as true, "true" or a non-zero whole number', () => {
    expect([true, 'true', 1, -3, 2].map(flag)).toEqual([true, true, true, true, true]);
    expect([false, 'false', '1', 'yes', 0, 1.5, [1], {}, null, undefined].map(flag)).toEqual(Array(10).fill(false));
  });
});

describe('record types (spec §3 enumerations)', () => {
  it('has one predicate per record type, true only for its own code', () => {
    const entries = Object.entries(RECORD_TYPES);
    expect(entries).toHaveLength(22);
    for (const [name, code] of entries) {
      for (const [, other] of entries) expect(on(`${name}?`, { recordType: other })).toBe(other === code);
    }
  });

  it('knows the spec codes', () => {
    expect(on('text?', { recordType: 1 })).toBe(true);
    expect(on('audio?', { recordType: 7 })).toBe(true);
    expect(on('store-item?', { recordType: 11 })).toBe(true);
    expect(on('active-time?', { recordType: 31 })).toBe(true);
    expect(on('kbarticle?', { recordType: 54 })).toBe(true);
    expect(on('undefined?', { recordType: -1 })).toBe(true);
  });

  it('counts a promoted block of the same name for image, quote, link and video', () => {
    expect(on('video?', { recordType: 1, promotedBlockType: 'video' })).toBe(true);
    expect(on('text?', { recordType: 1, promotedBlockType: 'video' })).toBe(true);
    expect(on('image?', { promotedBlockType: 'image' })).toBe(true);
    expect(on('quote?', { promotedBlockType: 'quote' })).toBe(true);
    expect(on('link?', { promotedBlockType: 'link' })).toBe(true);
    expect(on('audio?', { promotedBlockType: 'video' })).toBe(false);
    expect(on('gallery?', { promotedBlockType: 'gallery' })).toBe(false);
  });

  it('accepts the code as a numeric string, rejects fractions, missing and non-objects', () => {
    expect(on('audio?', { recordType: '7' })).toBe(true);
    expect(on('audio?', { recordType: 7.5 })).toBe(false);
    expect(on('audio?', { recordType: '7.9' })).toBe(false);
    expect(on('undefined?', {})).toBe(false);
    expect(on('audio?', 7)).toBe(false);
  });
});

describe('promoted blocks', () => {
  it('has promotedKIND? for each spec kind, matching the lower-case field exactly', () => {
    for (const kind of PROMOTED_BLOCK_KINDS) {
      for (const other of PROMOTED_BLOCK_KINDS) {
        expect(on(`promoted${kind.toUpperCase()}?`, { promotedBlockType: other })).toBe(kind === other);
      }
    }
    expect(on('promotedVIDEO?', { promotedBlockType: 'VIDEO' })).toBe(false);
    expect(BY_NAME.has('promotedvideo?')).toBe(false);
  });

  it('external-video? is a video record or a promoted video block', () => {
    expect(on('external-video?', { promotedBlockType: 'video' })).toBe(true);
    expect(on('external-video?', { recordType: 8 })).toBe(true);
    expect(on('external-video?', { promotedBlockType: 'link' })).toBe(false);
    expect(on('external-video?', { recordType: 18 })).toBe(false);
  });
});

describe('collections and folders', () => {
  it('collection? needs a non-empty collection', () => {
    expect(on('collection?', { collection: { foo: 0 } })).toBe(true);
    expect(on('collection?', { collection: {} })).toBe(false);
    expect(on('collection?', { collection: null })).toBe(false);
    expect(on('collection?', {})).toBe(false);
  });

  it('folder? reads collection.folder', () => {
    expect(on('folder?', { collection: { folder: true } })).toBe(true);
    expect(on('folder?', { collection: { folder: false } })).toBe(false);
    expect(on('folder?', { folder: true })).toBe(false);
  });

  it('index? is a folder whose behaviour is index (1, as a number)', () => {
    expect(FOLDER_BEHAVIORS.index).toBe(1);
    expect(on('index?', { collection: { folder: true, folderBehavior: 1 } })).toBe(true);
    expect(on('index?', { collection: { folder: true, folderBehavior: 2 } })).toBe(false);
    expect(on('index?', { collection: { folder: false, folderBehavior: 1 } })).toBe(false);
    expect(on('index?', { collection: { folder: true } })).toBe(false);
    expect(on('index?', { collection: { folder: true, folderBehavior: '1' } })).toBe(false);
  });

  it('redirect? is folder behaviour redirect (2)', () => {
    expect(on('redirect?', { folderBehavior: 2 })).toBe(true);
    expect(on('redirect?', { folderBehavior: '2' })).toBe(true);
    expect(on('redirect?', { folderBehavior: 1 })).toBe(false);
    expect(on('redirect?', {})).toBe(false);
  });

  it('spec §4: folders are clickable when behaviour is missing, index or redirect', () => {
    expect(isClickable({})).toBe(true);
    expect(isClickable({ folderBehavior: FOLDER_BEHAVIORS.index })).toBe(true);
    expect(isClickable({ folderBehavior: FOLDER_BEHAVIORS.redirect })).toBe(true);
    expect(isClickable({ folderBehavior: FOLDER_BEHAVIORS.none })).toBe(false);
    expect(isClickable({ folderBehavior: -1 })).toBe(false);
    expect(isClickable({ folderBehavior: null })).toBe(false);
    expect(isClickable({ folderBehavior: '1' })).toBe(true);
    expect(isClickable('not a folder object')).toBe(true);
    expect(on('clickable?', { foo: 0 })).toBe(true);
    expect(on('clickable?', { folderBehavior: -1 })).toBe(false);
  });

  it('collection-page? is collection type page (10)', () => {
    expect(COLLECTION_TYPES.page).toBe(10);
    expect(on('collection-page?', { collection: { type: 10 } })).toBe(true);
    expect(on('collection-page?', { collection: { type: 3 } })).toBe(false);
    expect(on('collection-page?', { type: 10 })).toBe(false);
  });

  it('collection-template-page? reads collection.type, or the node\'s own type when it has no collection', () => {
    expect(COLLECTION_TYPES['template-page']).toBe(7);
    expect(on('collection-template-page?', { collection: { type: 7 } })).toBe(true);
    expect(on('collection-template-page?', { collection: { type: 6 } })).toBe(false);
    expect(on('collection-template-page?', { type: 7 })).toBe(true);
    expect(on('collection-template-page?', { type: 6 })).toBe(false);
    expect(on('collection-template-page?', { collection: { foo: 1 }, type: 7 })).toBe(false);
  });

  it('collectionTypeNameEquals? compares typeName with the literal argument', () => {
    expect(on('collectionTypeNameEquals?', { typeName: 'foo' }, ['foo'])).toBe(true);
    expect(on('collectionTypeNameEquals?', { typeName: 'foo' }, ['bar'])).toBe(false);
    expect(on('collectionTypeNameEquals?', { typeName: 'foo' })).toBe(false);
    expect(on('collectionTypeNameEquals?', { name: 'foo' }, ['foo'])).toBe(false);
    expect(on('collectionTypeNameEquals?', { typeName: 1 }, ['1'])).toBe(true);
  });

  it('collectionTypeNameEquals? reads a typeName that is no scalar as empty text (differential)', () => {
    for (const typeName of [undefined, null, [], [1], {}, '']) expect(on('collectionTypeNameEquals?', { typeName }, [''])).toBe(true);
    expect(on('collectionTypeNameEquals?', { typeName: [1] }, ['1'])).toBe(false);
    expect(on('collectionTypeNameEquals?', { typeName: true }, [''])).toBe(false);
  });
});

describe('gallery options (spec §3)', () => {
  const gallery = (options: Record<string, unknown>) => ({ options });

  it('gallery-design-NAME? for grid, slideshow, slider, stacked', () => {
    expect([...GALLERY_DESIGNS]).toEqual(['grid', 'slideshow', 'slider', 'stacked']);
    for (const d of GALLERY_DESIGNS) {
      for (const other of GALLERY_DESIGNS) expect(on(`gallery-design-${d}?`, gallery({ design: other }))).toBe(d === other);
      expect(on(`gallery-design-${d}?`, gallery({ design: 'unknown' }))).toBe(false);
    }
    // No default is assumed: a gallery without a design is not a grid for the predicates.
    expect(on('gallery-design-grid?', gallery({}))).toBe(false);
    expect(on('gallery-design-grid?', gallery({ design: 'GRID' }))).toBe(false);
  });

  it('gallery-active-alignment-NAME? for center, left, right', () => {
    expect([...GALLERY_ACTIVE_ALIGNMENTS].sort()).toEqual(['center', 'left', 'right']);
    for (const a of GALLERY_ACTIVE_ALIGNMENTS) {
      for (const other of GALLERY_ACTIVE_ALIGNMENTS) {
        expect(on(`gallery-active-alignment-${a}?`, gallery({ 'active-alignment': other }))).toBe(a === other);
      }
      expect(on(`gallery-active-alignment-${a}?`, gallery({}))).toBe(false);
    }
  });

  it('gallery-meta-position-NAME? for the seven positions', () => {
    expect(GALLERY_META_POSITIONS).toHaveLength(7);
    for (const p of GALLERY_META_POSITIONS) {
      for (const other of GALLERY_META_POSITIONS) {
        expect(on(`gallery-meta-position-${p}?`, gallery({ 'meta-position': other }))).toBe(p === other);
      }
    }
  });

  it('one on/off predicate per gallery flag, reading its own option only', () => {
    expect(GALLERY_FLAGS).toHaveLength(8);
    for (const f of GALLERY_FLAGS) {
      for (const other of GALLERY_FLAGS) expect(on(`gallery-${f}?`, gallery({ [other]: true }))).toBe(f === other);
      expect(on(`gallery-${f}?`, gallery({}))).toBe(false);
      expect(on(`gallery-${f}?`, gallery({ [f]: 'true' }))).toBe(true);
      expect(on(`gallery-${f}?`, gallery({ [f]: 'x' }))).toBe(false);
    }
    expect(on('gallery-autoplay?', { autoplay: true })).toBe(false);
  });

  it('gallery-meta? when controls or indicators are on', () => {
    expect(on('gallery-meta?', gallery({ controls: true }))).toBe(true);
    expect(on('gallery-meta?', gallery({ indicators: true }))).toBe(true);
    expect(on('gallery-meta?', gallery({ controls: false, indicators: false }))).toBe(false);
    expect(on('gallery-meta?', gallery({ 'show-meta': true }))).toBe(false);
  });
});

describe('current-type? (slice types)', () => {
  it('matches currentType against the named slice type code', () => {
    expect(SLICE_TYPES['gallery']).toBe(5);
    expect(on('current-type?', { currentType: 5 }, ['gallery'])).toBe(true);
    expect(on('current-type?', { currentType: 12 }, ['album'])).toBe(true);
    expect(on('current-type?', { currentType: -1 }, ['gallery'])).toBe(false);
  });

  it('reads currentType text by its leading integer and a boolean as 1 or 0 (differential)', () => {
    for (const currentType of ['5', '5x', '5.9', ' 5']) expect(on('current-type?', { currentType }, ['gallery'])).toBe(true);
    expect(on('current-type?', { currentType: '50' }, ['gallery'])).toBe(false);
    expect(on('current-type?', { currentType: true }, ['heading'])).toBe(true);
    expect(on('current-type?', { currentType: [1] }, ['heading'])).toBe(false);
    expect(on('current-type?', { currentType: '-1x' })).toBe(true);
  });

  it('an unknown name matches nothing; no name means the undefined type', () => {
    expect(on('current-type?', { currentType: 5 }, ['nope'])).toBe(false);
    expect(on('current-type?', { currentType: -1 })).toBe(true);
    expect(on('current-type?', {})).toBe(false);
  });
});

describe('item fields', () => {
  it('main-image? needs a main image id or a system data id', () => {
    expect(on('main-image?', { mainImageId: 'a' })).toBe(true);
    expect(on('main-image?', { systemDataId: 'a' })).toBe(true);
    expect(on('main-image?', { mainImageId: '' })).toBe(false);
    expect(on('main-image?', { foo: 0 })).toBe(false);
  });

  it('child-images? looks at the first item only', () => {
    expect(on('child-images?', { items: [{ mainImageId: 'a' }] })).toBe(true);
    expect(on('child-images?', { items: [{ systemDataId: 'a' }] })).toBe(true);
    expect(on('child-images?', { items: [{ foo: 0 }] })).toBe(false);
    expect(on('child-images?', { items: [{ foo: 0 }, { mainImageId: 'a' }] })).toBe(false);
    expect(on('child-images?', { items: [] })).toBe(false);
  });

  it('excerpt? needs non-blank text, as a string or in excerpt.html', () => {
    expect(hasExcerpt({ excerpt: { html: 'foo bar' } })).toBe(true);
    expect(hasExcerpt({ excerpt: { html: '    ' } })).toBe(false);
    expect(hasExcerpt({ excerpt: 'abc' })).toBe(true);
    expect(hasExcerpt({ excerpt: ' \n\t' })).toBe(false);
    expect(hasExcerpt({ excerpt: 123 })).toBe(false);
    expect(on('excerpt?', { excerpt: 'abc' })).toBe(true);
  });

  it('external-link? needs a non-empty link', () => {
    expect(on('external-link?', { externalLink: 'http://foo.com/bar' })).toBe(true);
    expect(on('external-link?', { externalLink: '' })).toBe(false);
    expect(on('external-link?', {})).toBe(false);
  });

  it('location? needs both map coordinates', () => {
    expect(on('location?', { location: { mapLat: 33.4, mapLng: -112 } })).toBe(true);
    expect(on('location?', { location: { mapLat: 0, mapLng: 0 } })).toBe(true);
    expect(on('location?', { location: { mapLat: 33.4 } })).toBe(false);
    expect(on('location?', { mapLat: 1, mapLng: 1 })).toBe(false);
  });

  it('passthrough? needs the flag and a source URL', () => {
    expect(on('passthrough?', { passthrough: true, sourceUrl: 'http://foo.com/bar' })).toBe(true);
    expect(on('passthrough?', { passthrough: true, sourceUrl: '' })).toBe(false);
    expect(on('passthrough?', { passthrough: false, sourceUrl: 'http://foo.com/bar' })).toBe(false);
    expect(on('passthrough?', { passthrough: true })).toBe(false);
  });

  it('same-day? compares the UTC days of startDate and endDate', () => {
    const start = Date.UTC(2013, 10, 15, 12, 30, 30);
    expect(on('same-day?', { startDate: start, endDate: start - 3_600_000 })).toBe(true);
    expect(on('same-day?', { startDate: start, endDate: start - 86_400_000 })).toBe(false);
    expect(on('same-day?', { startDate: start, endDate: start + 86_400_000 })).toBe(false);
    expect(on('same-day?', { startDate: start })).toBe(false);
    expect(on('same-day?', { startDate: String(start), endDate: start + 3_600_000 })).toBe(true);
    // Missing dates are the epoch: no dates at all is "same day", as in the reference engine.
    expect(on('same-day?', {})).toBe(true);
    expect(on('same-day?', { startDate: 0 })).toBe(true);
    expect(sameDay(0, 86_399_999)).toBe(true);
    expect(sameDay(-1, 0)).toBe(false);
  });

  it('same-day? of a value that is no date fails: neither branch renders, the text around does (differential)', () => {
    const html = (data: unknown) => render('a{.equal? 1 2}A{.or same-day?}Y{.or}N{.end}b', data).html;
    for (const startDate of ['soon', '', 1e20]) {
      const out = render('a{.same-day?}Y{.or}N{.end}b', { startDate });
      expect(out.html).toBe('ab');
      expect(out.errors.map((e) => e.code)).toEqual(['PREDICATE_FAILED']);
      expect(html({ startDate, endDate: 0 })).toBe('ab');
    }
    expect(html({ endDate: 'x' })).toBe('ab');
    expect(html({ startDate: '12abc', endDate: 12 })).toBe('aYb');
  });

  it('show-past-events?, serviceNameEmail? and calendar-view?', () => {
    expect(on('show-past-events?', { showPastOrUpcomingEvents: 'past' })).toBe(true);
    expect(on('show-past-events?', { showPastOrUpcomingEvents: 'upcoming' })).toBe(false);
    expect(on('serviceNameEmail?', { serviceName: 'email' })).toBe(true);
    expect(on('serviceNameEmail?', { serviceName: 'other' })).toBe(false);
    expect(on('calendar-view?', { calendarView: true })).toBe(true);
    expect(on('calendar-view?', { calendarView: false })).toBe(false);
    expect(on('calendar-view?', { foo: 0 })).toBe(false);
  });

  it('has-multiple? counts array elements or object members', () => {
    expect(on('has-multiple?', [1, 2, 3])).toBe(true);
    expect(on('has-multiple?', [1])).toBe(false);
    expect(on('has-multiple?', { a: 1, b: 2 })).toBe(true);
    expect(on('has-multiple?', 'ab')).toBe(false);
  });

  it('looks at the current node only, not at enclosing frames', () => {
    const ctx = fakeContext({ root: { recordType: 7, folderBehavior: 2 }, node: { z: 1 } });
    expect(runPredicate(predicate('audio?'), [], ctx)).toBe(false);
    expect(runPredicate(predicate('redirect?'), [], ctx)).toBe(false);
  });
});
