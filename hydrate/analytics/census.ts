/**
 * The census calls (spec 000 §7, spec 001 §7 "Tracking"): `RecordHit` on every page view (form-encoded `event`:
 * the session info, `data`: exactly the page-hit fields of spec 001 §3, `ss_cvr`), `button-render` for each
 * add-to-cart button the page shows and `button-click` when one is pressed, `form-render` for each form with its
 * `formId`; the last three with `visitorCookie` and the page fields. Every call is fire-and-forget: failures
 * are ignored (spec 000 §8 "Analytics failures are silently ignored").
 */
import type { CensusPage } from './page.js';
import { CENSUS_ROUTE, HIT_ROUTE } from './routes.js';
import { form, send } from './transport.js';
import type { SessionInfo } from './visitor.js';

/** The add-to-cart buttons: the platform's markup and Tessera's buy box. */
export const ADD_BUTTONS = '.sqs-add-to-cart-button, .add-to-cart-button';
/** Forms of the site's form blocks: `id="form-{formId}"`. */
export const FORMS = 'form[id^="form-"]';

function localStorageSupported(): boolean {
  try {
    return typeof localStorage === 'object' && localStorage !== null;
  } catch {
    return false;
  }
}

/** The page-hit data (spec 001 §3 "Page-hit data"), nothing more. */
export function hitData(page: CensusPage): Record<string, unknown> {
  return {
    websiteId: page.websiteId,
    templateId: page.templateId,
    website_locale: page.locale,
    userAgent: navigator.userAgent,
    clientDate: new Date().toISOString(),
    viewportInnerWidth: innerWidth,
    viewportInnerHeight: innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    url: location.pathname,
    title: document.title,
    itemId: page.itemId,
    recordType: page.recordType,
    collectionId: page.collectionId,
    localStorageSupported: localStorageSupported(),
    queryString: location.search,
    referrer: document.referrer,
  };
}

export function recordHit(page: CensusPage, visitor: string, session: SessionInfo): void {
  void send(HIT_ROUTE, form({ event: JSON.stringify(session), data: JSON.stringify(hitData(page)), ss_cvr: visitor }));
}

/** The page fields the button and form calls carry, with the page's permission type. */
function pageFields(page: CensusPage, visitor: string): Record<string, string> {
  return {
    visitorCookie: visitor,
    websiteId: page.websiteId ?? '',
    collectionId: page.collectionId ?? '',
    itemId: page.itemId ?? '',
    url: location.pathname,
    pagePermissionType: page.permissionType,
  };
}

/** Reports the page's add-to-cart buttons and forms now, and each press of an add-to-cart button from now on. */
export function recordBlocks(doc: Document, page: CensusPage, visitor: string): void {
  const fields = pageFields(page, visitor);
  // a button names its product when it sits in a product's form (a list of products), else the page's item
  const button = (call: string, element: Element) =>
    void send(CENSUS_ROUTE + call, form({ ...fields, itemId: element.closest('[data-item-id]')?.getAttribute('data-item-id') ?? fields.itemId! }));
  for (const element of doc.querySelectorAll(ADD_BUTTONS)) button('button-render', element);
  for (const f of doc.querySelectorAll(FORMS)) void send(`${CENSUS_ROUTE}form-render`, form({ ...fields, formId: f.id.slice(5) }));
  doc.addEventListener(
    'click',
    (e) => {
      const element = e.target instanceof Element ? e.target.closest(ADD_BUTTONS) : null;
      if (element !== null) button('button-click', element);
    },
    true,
  );
}
