/**
 * What the tags ask of the store for one page (platform-data.ts): a query by a collection's address (a `/` in
 * it, as a collection in a folder has), featured items, limit and skip, at most 8 different queries a page,
 * never a collection behind a password; answers kept for the page.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../commerce/catalog.js';
import { openStore } from '../db/database.js';
import { collections, records } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { pageContext } from '../page-context.js';
import { tagData } from './platform-data.js';

function store() {
  const db = openStore(':memory:');
  seedDemoStore(db);
  db.insert(collections).values({ id: 'it', websiteId: 'demo', urlId: 'work/it-services', title: 'IT Services', type: 1, settings: JSON.stringify({ typeName: 'work' }) }).run();
  ['alpha', 'beta', 'gamma'].forEach((name, i) =>
    db
      .insert(records)
      .values({ id: `it-${name}`, collectionId: 'it', urlId: name, recordType: 1, title: name, publishOn: Date.UTC(2026, 0, 1 + i), starred: name !== 'beta', ordering: i })
      .run(),
  );
  return db;
}

const titles = (result: Json) => (result['items'] as Json[]).map((i) => i['title']);

describe('the tags\' data of a page', () => {
  const db = store();
  const data = () => tagData(pageContext(db, { pageType: 1, pageId: 'blog', collection: { id: 'blog' }, shoppingCart: {} }));

  it('a query by address, a slash in it, written with or without slashes around', () => {
    const page = data();
    for (const collection of ['work/it-services', '/work/it-services/', 'Work/IT-Services']) {
      const result = page.query({ collection, limit: 100, skip: 0 });
      expect((result['collection'] as Json)['urlId']).toBe('work/it-services');
      expect(titles(result)).toEqual(['gamma', 'beta', 'alpha']);
    }
  });

  it('featured items; then skip, then limit', () => {
    const page = data();
    expect(titles(page.query({ collection: 'work/it-services', limit: 100, skip: 0, featured: true }))).toEqual(['gamma', 'alpha']);
    expect(titles(page.query({ collection: 'work/it-services', limit: 1, skip: 1 }))).toEqual(['beta']);
    expect(titles(page.query({ collection: 'blog', limit: 5, skip: 0, category: 'workshop' })).length).toBeGreaterThan(0);
  });

  it('no collection, or one behind a password: nothing', () => {
    const page = data();
    expect(page.query({ collection: 'nowhere', limit: 100, skip: 0 })).toEqual({ collection: null, items: [] });
    expect(page.query({ collection: 'trade', limit: 100, skip: 0 })).toEqual({ collection: null, items: [] });
  });

  it('at most 8 different queries a page; the same query asked again is the same answer', () => {
    const page = data();
    const answers = Array.from({ length: 10 }, (_, skip) => page.query({ collection: 'blog', limit: 1, skip }));
    expect(answers.slice(0, 8).every((a) => a['overLimit'] === undefined)).toBe(true);
    expect(answers.slice(8)).toEqual([
      { collection: null, items: [], overLimit: true },
      { collection: null, items: [], overLimit: true },
    ]);
    expect(page.query({ skip: 0, limit: 1, collection: 'blog' })).toBe(answers[0]);
  });

  it('a page rendered without a store: every tag shows nothing', () => {
    const none = tagData({});
    expect(none.query({ collection: 'blog', limit: 1, skip: 0 })).toEqual({ collection: null, items: [] });
    expect(none.navigation('mainNav', true)).toEqual({ items: [] });
    expect(none.blockField('x')).toEqual([]);
  });
});
