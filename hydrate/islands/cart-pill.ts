import '../shared.js';
import { bindCartCounts } from '../cart-store.js';
import { CartPill } from '../components/cart-pill.js';
import { hydrateIsland } from '../hydrate-island.js';

/** The pill, and every `.sqs-cart-quantity` count of the page with it. */
export default (element: HTMLElement) => {
  hydrateIsland(element, CartPill);
  bindCartCounts();
};
