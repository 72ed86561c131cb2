import '../shared.js';
import { CartLines } from '../components/cart-lines.js';
import { hydrateIsland } from '../hydrate-island.js';

export default (element: HTMLElement) => hydrateIsland(element, CartLines);
