/**
 * The price of the variant a shopper has chosen, per product, for the islands beside the buy box (the
 * instalment pill recalculates from it). A tiny subscribe/notify channel in the shared chunk.
 */
type Listener = (priceCents: number) => void;

const listeners = new Map<string, Set<Listener>>();
const latest = new Map<string, number>();

export function publishSelection(itemId: string, priceCents: number): void {
  latest.set(itemId, priceCents);
  for (const listener of [...(listeners.get(itemId) ?? [])]) listener(priceCents);
}

export function subscribeSelection(itemId: string, listener: Listener): () => void {
  let set = listeners.get(itemId);
  if (set === undefined) listeners.set(itemId, (set = new Set()));
  set.add(listener);
  const known = latest.get(itemId);
  if (known !== undefined) listener(known);
  return () => set.delete(listener);
}
