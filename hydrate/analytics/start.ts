/**
 * The tracker's start on a page (hydrate/analytics/tracker.ts runs it): nothing under `/config` nor on a page
 * without census data (the server leaves it out where nothing is recorded: server/tracker/); under the site's
 * restrictive cookie policy the census cookies are cleared and nothing is sent. Otherwise: the visitor and visit
 * cookies, the page hit with its session info, the add-to-cart buttons and forms, the shop's events and the
 * error reporter. The performance reporter is a script of its own (performance-entry.ts).
 * `tesseraTrack(schemaName, content)` lets a theme's script send its own events through the newer tracker.
 */
import { recordBlocks, recordHit } from './census.js';
import { recordCommerce } from './commerce-events.js';
import { startErrorReporter } from './errors.js';
import { trackEvent } from './events.js';
import { readPage, recordedPage } from './page.js';
import { clearPolicyCookies, sessionInfo, visitorId } from './visitor.js';

declare global {
  interface Window {
    tesseraTrack?: (schemaName: string, content?: Record<string, unknown> | null) => void;
  }
}

export function startTracker(win: Window): void {
  const page = recordedPage(win);
  if (page === null) {
    if (readPage(win.document)?.restrictiveCookies === true) clearPolicyCookies();
    return;
  }
  const visitor = visitorId();
  recordHit(page, visitor, sessionInfo());
  recordBlocks(win.document, page, visitor);
  recordCommerce(win, page);
  win.tesseraTrack = (schemaName, content) => trackEvent(page, schemaName, content);
  startErrorReporter(win);
}
