/**
 * A link's message code (commerce/visitor-messages.ts) in the site's language, for the server's pages: the
 * wording of the catalog the language reads; undefined (nothing shown) for a code the table does not know.
 * Apart from visitor-messages.ts so the islands that read that table do not load the catalogs.
 */
import { isVisitorMessageCode } from '../visitor-messages.js';
import { translator } from './translate.js';

export const localVisitorMessage = (code: unknown, locale: string): string | undefined => (isVisitorMessageCode(code) ? translator(locale)(code) : undefined);
