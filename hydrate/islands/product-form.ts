import '../shared.js';
import { ProductForm } from '../components/product-form.js';
import { hydrateIsland } from '../hydrate-island.js';

export default (element: HTMLElement) => hydrateIsland(element, ProductForm);
