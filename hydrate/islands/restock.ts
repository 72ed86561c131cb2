import '../shared.js';
import { RestockForm } from '../components/restock-form.js';
import { hydrateIsland } from '../hydrate-island.js';

export default (element: HTMLElement) => hydrateIsland(element, RestockForm);
