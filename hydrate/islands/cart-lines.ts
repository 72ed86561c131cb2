import '../shared.js';
import { bindCartCounts } from '../cart-store.js';
import { CartLines } from '../components/cart-lines.js';
import { hydrateIsland } from '../hydrate-island.js';

/** The cart page's lines, and every `.sqs-cart-quantity` count of the page with them (the header's). */
export default (element: HTMLElement) => {
  hydrateIsland(element, CartLines);
  bindCartCounts();
};
