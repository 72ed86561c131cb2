/**
 * The price of the variant a shopper has chosen, per product, and whether that choice is sold out, for the
 * islands beside the buy box (the instalment pill recalculates from it, and hides for a sold-out choice). A
 * tiny subscribe/notify channel in the shared chunk.
 */
type Listener = (priceCents: number, soldOut: boolean) => void;

const listeners = new Map<string, Set<Listener>>();
const latest = new Map<string, { priceCents: number; soldOut: boolean }>();

export function publishSelection(itemId: string, priceCents: number, soldOut = false): void {
  latest.set(itemId, { priceCents, soldOut });
  for (const listener of [...(listeners.get(itemId) ?? [])]) listener(priceCents, soldOut);
}

export function subscribeSelection(itemId: string, listener: Listener): () => void {
  let set = listeners.get(itemId);
  if (set === undefined) listeners.set(itemId, (set = new Set()));
  set.add(listener);
  const known = latest.get(itemId);
  if (known !== undefined) listener(known.priceCents, known.soldOut);
  return () => set.delete(listener);
}
