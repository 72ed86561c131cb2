/**
 * Hydrating one island: its props are the JSON the server rendered it with (`data-props` on the island's
 * element), so the first client render is the server's markup exactly.
 */
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIsland<P extends object>(element: HTMLElement, Component: ComponentType<P>, browserOnly: Partial<P> = {}): void {
  // `browserOnly` props must not change the first render (effects only), or hydration would not match
  const props = { ...(JSON.parse(element.dataset['props'] ?? '{}') as P), ...browserOnly };
  hydrateRoot(element, <Component {...props} />, { identifierPrefix: element.dataset['idPrefix'] ?? '' });
}
