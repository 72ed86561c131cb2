import '../shared.js';
import { InstallmentPillView } from '../components/installment-pill.js';
import { hydrateIsland } from '../hydrate-island.js';

export default (element: HTMLElement) => hydrateIsland(element, InstallmentPillView);
