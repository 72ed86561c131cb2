/**
 * `window.Squarespace`, the page's lifecycle as platform themes and `@squarespace/core`'s `Lifecycle` drive it
 * (platform notes runtime.md §2, §6): `afterBodyLoad(Y)` (called by `{squarespace-footers}` once the theme's
 * scripts ran, and by `Lifecycle.init()` after an AJAX page load) starts what the platform initialises in page
 * content: the images waiting for the loader and the registered controllers; `AFTER_BODY_LOADED` says it ran;
 * `globalDestroy(Y)` (before content is replaced) destroys the controllers and closes open dialogs.
 *
 * The platform's block initialisers that themes call after AJAX loads (`initializeCommerce(Y)`,
 * `initializeLayoutBlocks(Y)`, … the list in INITIALIZERS, from the corpus) load the new content's images;
 * Tessera's blocks need nothing more. `load(window)` is the headers' start call on the platform; here the
 * runtime starts on its own, so it only records that it ran.
 */
import * as controllers from './controllers.js';
import { bootstrap } from './image-loader.js';
import { closeOpenDialogs } from './modal-dialog.js';

/** The platform's block initialisers the corpus's themes call (each `Squarespace.initializeX(Y)`). */
export const INITIALIZERS: readonly string[] = [
  'initializeAcuityBlocks',
  'initializeAspectRatioBlocks',
  'initializeButtonBlock',
  'initializeCartPage',
  'initializeChartBlock',
  'initializeCollectionPages',
  'initializeCommerce',
  'initializeDisqusCommentLinks',
  'initializeDonationButton',
  'initializeFormBlocks',
  'initializeGlobalLightbox',
  'initializeImageBlockDynamicElements',
  'initializeLayoutBlocks',
  'initializeNewsletterBlock',
  'initializeOpenTableBlock',
  'initializeOpenTableV2Block',
  'initializePageContent',
  'initializeSearchBlock',
  'initializeSocialLinks',
  'initializeSoundcloudBlock',
  'initializeSummaryV2Block',
  'initializeSvgs',
  'initializeVideo',
  'initializeVideoBlock',
  'initializeZolaBlocks',
];

export interface Lifecycle {
  AFTER_BODY_LOADED: boolean;
  afterBodyLoad(Y?: unknown): void;
  globalDestroy(Y?: unknown): void;
  load(win?: unknown): void;
  [initializer: string]: unknown;
}

export function createLifecycle(): Lifecycle {
  const lifecycle: Lifecycle = {
    AFTER_BODY_LOADED: false,
    afterBodyLoad() {
      if (lifecycle.AFTER_BODY_LOADED) return;
      lifecycle.AFTER_BODY_LOADED = true;
      bootstrap();
      controllers.refresh();
    },
    globalDestroy() {
      controllers.destroyAll();
      closeOpenDialogs();
    },
    load() {
      lifecycle['loaded'] = true;
    },
  };
  for (const name of INITIALIZERS) lifecycle[name] = () => bootstrap();
  return lifecycle;
}
