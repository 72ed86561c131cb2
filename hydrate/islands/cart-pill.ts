import '../shared.js';
import { bindCartCounts } from '../cart-store.js';
import { CartPill } from '../components/cart-pill.js';
import { hydrateIsland } from '../hydrate-island.js';

/**
 * The pill, and every `.sqs-cart-quantity` count of the page with it. Loaded only once the cart filled (the
 * loader marks it `data-waited="cart"`), it says the count it first learns: the page began with no cart.
 */
export default (element: HTMLElement) => {
  hydrateIsland(element, CartPill, { announceFirstCount: element.dataset['waited'] === 'cart' });
  bindCartCounts();
};
