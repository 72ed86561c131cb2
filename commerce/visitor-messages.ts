/**
 * The store's own words for what a link may ask a page to say (issue 30): `/cart?message=…`, the checkout's
 * `?message=…` and a product page's `?restock=…&message=…` carry a message *code*, and the page shows this
 * table's wording for it. A code the table does not know (an old link with free text, a link someone wrote)
 * shows nothing, so no one can make the store say their words in its status and alert regions.
 *
 * The wording is the message catalogs' (issue 27, commerce/messages/): the `en-US` catalog's visitor part is
 * the English table (the spec's wording verbatim where the spec has it, ours otherwise), and a page shows a
 * code in the site's language. The server keeps producing the messages as (English) text where it refuses
 * something; `messageCode` finds the code of such a text for the redirect, and a text that has none (a schema
 * error, the named options of `missingOptionsMessage`) gets the redirect's general code.
 */
import { VISITOR, VISITOR_MESSAGE_KEYS, type VisitorMessageCode } from './messages/visitor-en.js';

export type { VisitorMessageCode };

/** The English wording by code: the `en-US` catalog's visitor-message part. */
export const VISITOR_MESSAGES: typeof VISITOR = VISITOR;

const CODE_OF_TEXT = new Map<string, VisitorMessageCode>();
for (const [code, text] of Object.entries(VISITOR_MESSAGES) as [VisitorMessageCode, string][]) if (!CODE_OF_TEXT.has(text)) CODE_OF_TEXT.set(text, code);

/** Whether `code` is one of the table's keys. */
export const isVisitorMessageCode = (code: unknown): code is VisitorMessageCode => typeof code === 'string' && Object.hasOwn(VISITOR_MESSAGES, code);

/**
 * The English wording of a code from a link; undefined for anything the table does not know (shown as
 * nothing). The server says it in the site's language (commerce/messages/visitor-wording.ts); this one is for
 * the islands, which load no catalog.
 */
export const visitorMessage = (code: unknown): string | undefined => (isVisitorMessageCode(code) ? VISITOR_MESSAGES[code] : undefined);

/** The code of a message the server produced as text, or `fallback` when the table has no such text. */
export function messageCode(text: string, fallback: VisitorMessageCode): VisitorMessageCode {
  if (text.startsWith('Please select the ') && fallback.startsWith('cart.')) return 'cart.selectOptions';
  return CODE_OF_TEXT.get(text) ?? fallback;
}

/** The cart page's address saying `text` (a refusal the server produced): `/cart?message=<code>`. */
export const cartMessageUrl = (text: string): string => `/cart?message=${messageCode(text, 'cart.notUpdated')}`;

/**
 * What a product page says after a signup without JavaScript (`?restock=signed-up|error&message=<code>`): the
 * store's `successText` for `restock.signedUp`, the table's wording for an error's code; undefined (nothing
 * shown) for any other pair, free text included. The server renders it (with `wording` in the site's
 * language) and the restock island reads the same.
 */
export function restockOutcomeWording(
  kind: string | null | undefined,
  code: string | null | undefined,
  successText: string,
  wording: (code: string) => string | undefined = visitorMessage,
): string | undefined {
  if (kind === 'signed-up') return code === 'restock.signedUp' ? successText : undefined;
  if (kind !== 'error' || code === 'restock.signedUp' || code?.startsWith('restock.') !== true) return undefined;
  return wording(code);
}
