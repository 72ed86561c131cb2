/** Dragging a product onto another row: it takes that place, the rows between shift, only within its store. */
import { describe, expect, it } from 'vitest';
import { draggedOrder } from './drag-order.js';

const row = (id: string, storeId = 's1') => ({ id, title: id.toUpperCase(), storeId });
const list = [row('a'), row('b'), row('c'), row('d'), row('x', 's2')];

describe('draggedOrder', () => {
  it('moves a row down or up, sending the rows from it to the target in their new order', () => {
    expect(draggedOrder(list, 0, 2)).toEqual({ ok: true, list: [row('b'), row('c'), row('a'), row('d'), row('x', 's2')], ids: ['b', 'c', 'a'] });
    expect(draggedOrder(list, 3, 1)).toEqual({ ok: true, list: [row('a'), row('d'), row('b'), row('c'), row('x', 's2')], ids: ['d', 'b', 'c'] });
  });

  it('does nothing for a drop on itself or outside the list, and refuses another store', () => {
    expect(draggedOrder(list, 1, 1)).toBeNull();
    expect(draggedOrder(list, 1, 9)).toBeNull();
    expect(draggedOrder(list, 1, 4)).toEqual({ ok: false, message: 'B can only move within its store.' });
  });
});
