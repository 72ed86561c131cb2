/**
 * What the server says of the page (server/tracker/census-page.ts renders it as `#tessera-census` JSON): the
 * page-hit fields it knows, the page's permission type, the site's cookie policy and, on the order
 * confirmation, the order's ids. No element, or JSON that does not parse: the page records nothing.
 */
export interface CensusPage {
  readonly websiteId: string | null;
  readonly templateId: string | null;
  readonly collectionId: string | null;
  readonly itemId: string | null;
  readonly recordType: number | null;
  readonly locale: string;
  readonly pageType: number;
  readonly permissionType: string;
  readonly restrictiveCookies: boolean;
  readonly order?: { readonly orderId: string; readonly cartId: string | null; readonly testMode: boolean; readonly websiteId: string | null };
}

/** The page's census data when the page records: not under `/config`, not under a restrictive cookie policy. */
export function recordedPage(win: Window): CensusPage | null {
  const page = readPage(win.document);
  return page === null || page.restrictiveCookies || win.location.pathname.startsWith('/config') ? null : page;
}

export function readPage(doc: Document): CensusPage | null {
  try {
    const page = JSON.parse(doc.getElementById('tessera-census')?.textContent ?? '') as unknown;
    return typeof page === 'object' && page !== null ? (page as CensusPage) : null;
  } catch {
    return null;
  }
}
