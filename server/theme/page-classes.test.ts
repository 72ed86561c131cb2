/** The platform's page classes: what a page is, as platform themes' CSS selects it. */
import { describe, expect, it } from 'vitest';
import { platformPageClasses } from './page-classes.js';

describe('platform page classes', () => {
  it('name the collection type, layout and id, and whether the page is the list or an item', () => {
    const blog = { id: 'blog', typeName: 'blog', regionName: 'sidebar' };
    expect(platformPageClasses({ collection: blog })).toEqual(['collection-type-blog', 'collection-layout-sidebar', 'view-list']);
    expect(platformPageClasses({ collection: blog, item: { id: 'p' } })).toEqual(['collection-type-blog', 'collection-layout-sidebar', 'view-item']);
    expect(platformPageClasses({ collection: { id: 'home', typeName: 'home' } })).toEqual(['homepage', 'collection-type-home', 'view-list']);
    expect(platformPageClasses({ collection: { id: 'header', typeName: 'My Type"<' } })).toEqual(['collection-type-my-type', 'view-list']);
    expect(platformPageClasses({ pageType: 200 })).toEqual([]);
  });
});
