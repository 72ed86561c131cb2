/**
 * The catalog reads on both databases (describeStores): the same rows in the same order as catalog.ts, archived
 * products left out of a collection and of its addresses but still found by id (a cart may hold one).
 */
import { expect, it } from 'vitest';
import { describeStores } from '../db/describe-stores.js';

describeStores('catalog store', (current) => {
  it('finds a collection and a product by address, a product by id, and a collection’s shown products in order', async () => {
    const { stores, sql } = current();
    const { catalog } = stores;
    const shop = await catalog.collectionByUrl('shop');
    expect(shop).toMatchObject({ id: 'shop', urlId: 'shop', title: 'Shop', type: 13, enabled: true });
    expect(await catalog.collectionByUrl('nowhere')).toBeNull();
    const shirt = await catalog.product('shop', 'field-shirt');
    expect(shirt?.row).toMatchObject({ urlId: 'field-shirt', collectionId: 'shop', archived: false });
    expect(shirt!.variants.length).toBeGreaterThan(0);
    expect(shirt!.variants.map((v) => v.ordering)).toEqual([...shirt!.variants.map((v) => v.ordering)].sort((a, b) => a - b));
    expect(await catalog.productById(shirt!.row.id)).toEqual(shirt);
    expect(await catalog.product('shop', 'no-such-product')).toBeNull();
    expect(await catalog.productById('no-such-id')).toBeNull();
    const shown = await catalog.products('shop');
    const ordered = await sql("SELECT id FROM products WHERE collection_id = 'shop' ORDER BY ordering");
    expect(shown.map((p) => p.row.id)).toEqual(ordered.map((r) => r['id']));
    expect(shown.find((p) => p.row.id === shirt!.row.id)).toEqual(shirt);
    // archived: gone from the list and its address, still found by id
    await sql('UPDATE products SET archived = ? WHERE id = ?', [current().dialect === 'sqlite' ? 1 : true, shirt!.row.id]);
    expect(await catalog.product('shop', 'field-shirt')).toBeNull();
    expect((await catalog.products('shop')).map((p) => p.row.id)).not.toContain(shirt!.row.id);
    expect((await catalog.productById(shirt!.row.id))?.row.archived).toBe(true);
  });
});
