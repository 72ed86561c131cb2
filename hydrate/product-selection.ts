/**
 * What a shopper has chosen in a product's buy box, per product, for the islands beside it: the price of the
 * choice and whether it is sold out (the instalment pill recalculates from it, and hides for a sold-out
 * choice), and the variant chosen, or null while the options do not name one (the back-in-stock block offers
 * the signup for a sold-out one). Tiny subscribe/notify channels in the shared chunk; a subscriber hears the
 * latest value at once.
 */
function channel<T>() {
  const listeners = new Map<string, Set<(value: T) => void>>();
  const latest = new Map<string, T>();
  return {
    publish(itemId: string, value: T): void {
      latest.set(itemId, value);
      for (const listener of [...(listeners.get(itemId) ?? [])]) listener(value);
    },
    subscribe(itemId: string, listener: (value: T) => void): () => void {
      let set = listeners.get(itemId);
      if (set === undefined) listeners.set(itemId, (set = new Set()));
      set.add(listener);
      if (latest.has(itemId)) listener(latest.get(itemId) as T);
      return () => set.delete(listener);
    },
    reset(): void {
      listeners.clear();
      latest.clear();
    },
  };
}

const prices = channel<{ readonly priceCents: number; readonly soldOut: boolean }>();
const variants = channel<string | null>();

export function publishSelection(itemId: string, priceCents: number, soldOut = false): void {
  prices.publish(itemId, { priceCents, soldOut });
}

export function subscribeSelection(itemId: string, listener: (priceCents: number, soldOut: boolean) => void): () => void {
  return prices.subscribe(itemId, ({ priceCents, soldOut }) => listener(priceCents, soldOut));
}

/** The id of the variant the options name, or null. */
export const publishChosenVariant = variants.publish;
export const subscribeChosenVariant = variants.subscribe;

/** For tests: back to the state a fresh page starts in. */
export function resetSelections(): void {
  prices.reset();
  variants.reset();
}
