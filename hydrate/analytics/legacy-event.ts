/**
 * The legacy tracker (spec 001 §7 "Tracking"): `POST /api/events/RecordEvent`, form-encoded `crumb` (from its
 * cookie), `event`, `data` (JSON of the legacy payload of spec 001 §3, with the page's permission type) and
 * `eventName`. It carries the add-to-cart event, whose variant the legacy payload names. Like every event, it
 * fires only when the visitor cookie exists.
 */
import { readCookie } from './cookies.js';
import type { CensusPage } from './page.js';
import { memberAccountId } from './member.js';
import { LEGACY_EVENT_ROUTE } from './routes.js';
import { form, send } from './transport.js';
import { renewVisit, VISITOR_COOKIE } from './visitor.js';

export function recordEvent(page: CensusPage, event: string, variantId: string | null): void {
  if (readCookie(VISITOR_COOKIE) === null) return;
  renewVisit();
  const data = {
    pageHash: location.hash,
    pagePath: location.pathname,
    websiteId: page.websiteId,
    templateId: page.templateId,
    variantId,
    memberAccountId: memberAccountId(),
    member_locale: null,
    website_locale: page.locale,
    pagePermissionType: page.permissionType,
  };
  void send(LEGACY_EVENT_ROUTE, form({ event, data: JSON.stringify(data), eventName: event }));
}
