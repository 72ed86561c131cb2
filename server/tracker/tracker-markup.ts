/**
 * The tracker's place in a page: the page's census data as JSON (`<script type="application/json"
 * id="tessera-census">`, never run, so it blocks nothing and passes any content policy) and the tracker's
 * scripts (hydrate/analytics/tracker.ts and its performance reporter, built by hydrate/build.ts), `defer`red so
 * they never hold up parsing or the first paint. The theme puts both with the footers (server/theme/page-footers.ts), on the default theme
 * and on platform themes alike. A page seen by a signed-in contributor gets the same page without them
 * (`withoutTracker`).
 */
import { ISLANDS_PATH } from '../islands/assets.js';
import { NONCE_ATTRIBUTE } from '../security/nonce.js';
import { scriptJson } from '../theme/page-headers.js';
import type { CensusPage } from './census-page.js';

export const CENSUS_ELEMENT_ID = 'tessera-census';

/** The markup for a recorded page; `scripts` are the tracker's files in the islands' build. */
export function trackerMarkup(census: CensusPage, templateId: string, scripts: readonly string[]): string {
  const tags = scripts.map((file) => `<script defer${NONCE_ATTRIBUTE} src="${ISLANDS_PATH}${file}"></script>`).join('');
  return `<script type="application/json" id="${CENSUS_ELEMENT_ID}">${scriptJson({ ...census, templateId })}</script>${tags}`;
}

/** The tracker's markup as trackerMarkup writes it (its JSON holds no `<`). */
const MARKUP = new RegExp(`<script type="application/json" id="${CENSUS_ELEMENT_ID}">[^<]*</script>(?:<script defer${NONCE_ATTRIBUTE} src="[^"<]*"></script>)*`);

/** `html` without the tracker (for a visitor who is not recorded); the same string when it has none. */
export function withoutTracker(html: string): string {
  return html.includes(CENSUS_ELEMENT_ID) ? html.replace(MARKUP, '') : html;
}
