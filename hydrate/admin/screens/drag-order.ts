/**
 * Reordering the product list by dragging (the Up and Down buttons are the keyboard's way): a product dropped on
 * another row takes that row's place, the rows between shift by one. Only within its store (the order is a
 * store's). The answer is the list as it now shows, and the ids to send (POST /api/merchant/products/order):
 * the rows from the dragged one to the target, in their new order, which the server puts in the places they held.
 */
export interface Orderable {
  readonly id: string;
  readonly title: string;
  readonly storeId: string;
}

export type Dragged<T> = { readonly ok: true; readonly list: T[]; readonly ids: string[] } | { readonly ok: false; readonly message: string };

/** `list` with the item at `from` taken out and put back at `to` (the items between shift by one). */
export function reordered<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function draggedOrder<T extends Orderable>(list: readonly T[], from: number, to: number): Dragged<T> | null {
  const moved = list[from];
  const target = list[to];
  if (moved === undefined || target === undefined || from === to) return null;
  const [low, high] = from < to ? [from, to] : [to, from];
  if (list.slice(low, high + 1).some((p) => p.storeId !== moved.storeId)) return { ok: false, message: `${moved.title} can only move within its store.` };
  const next = reordered(list, from, to);
  return { ok: true, list: next, ids: next.slice(low, high + 1).map((p) => p.id) };
}
