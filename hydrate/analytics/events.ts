/**
 * The newer tracker (spec 001 §7 "Tracking"): `POST /api/v1/clanker/events` with `eventSchemaName` and
 * `eventContent`, the content as a JSON string holding the fields of spec 001 §3 "Newer tracker eventContent".
 * Sent as a beacon when the browser has one, else as JSON by fetch, where only 200 and 202 are success. Every
 * message is spec 001 §8 "Tracking"'s: 'no payload', 'Error tracking event: HTTP Status {code}', 'Unable to
 * store analyticsId', and a warning when a caller's field is overwritten because the tracker fills it. Events
 * fire only when the visitor cookie exists (spec 001 §7).
 *
 * The analytics id is the browser's for 390 days (spec 001 §9), kept in local storage with its expiry.
 */
import { newId, readCookie } from './cookies.js';
import type { CensusPage } from './page.js';
import { memberAccountId } from './member.js';
import { EVENTS_ROUTE } from './routes.js';
import { readStored, store } from './storage.js';
import { send } from './transport.js';
import { renewVisit, VISITOR_COOKIE } from './visitor.js';

export const ANALYTICS_ID_KEY = 'ss_analytics_id';
export const ANALYTICS_ID_EXPIRY_KEY = 'ss_analytics_id_expiration';
export const ANALYTICS_ID_MS = 390 * 24 * 60 * 60 * 1000;

/** The browser's analytics id, a new one when there is none or it expired. */
export function analyticsId(now = Date.now()): string {
  const id = readStored('localStorage', ANALYTICS_ID_KEY);
  if (id !== null && Number(readStored('localStorage', ANALYTICS_ID_EXPIRY_KEY)) > now) return id;
  const fresh = newId();
  if (!store('localStorage', ANALYTICS_ID_KEY, fresh) || !store('localStorage', ANALYTICS_ID_EXPIRY_KEY, String(now + ANALYTICS_ID_MS))) console.warn('Unable to store analyticsId');
  return fresh;
}

/** The fields the tracker fills itself: a caller's value for one of them is overwritten, with a warning. */
function autoFields(page: CensusPage, schemaName: string): Record<string, unknown> {
  return {
    analytics_id: analyticsId(),
    browser_language: navigator.language,
    browser_locale: navigator.language,
    browser_window_height: innerHeight,
    browser_window_width: innerWidth,
    client_name: 'tessera',
    client_version: '1',
    page_host: location.host,
    page_path: location.pathname,
    page_query_params: location.search.slice(1),
    page_referrer_url: document.referrer,
    session_id: renewVisit(),
    enduser_user_agent: navigator.userAgent,
    event_occurrence_timestamp: Date.now(),
    custom_schema_name: schemaName,
    source_environment: 'prod',
    context_website_id: page.websiteId,
    resolved_locale: page.locale,
    website_locale: page.locale,
    page_permission_type: page.permissionType,
  };
}

/** The fields a caller may give; without them, these (the member id from the user-info cookie). */
const defaults = () => ({ marketing_id: null, destination_url: null, member_account_id: memberAccountId(), member_account_locale: null });

export function trackEvent(page: CensusPage, schemaName: string, content?: Record<string, unknown> | null): void {
  if (content === undefined || content === null) {
    console.error('no payload');
    return;
  }
  if (readCookie(VISITOR_COOKIE) === null) return;
  const auto = autoFields(page, schemaName);
  for (const key of Object.keys(content)) if (key in auto) console.warn(`Tracking field '${key}' is auto-populated: the value given is overwritten`);
  const body = JSON.stringify({ eventSchemaName: schemaName, eventContent: JSON.stringify({ object_identifier: page.itemId ?? page.collectionId, ...defaults(), ...content, ...auto }) });
  // a beacon's answer is never known (null); fetch's is
  void send(EVENTS_ROUTE, body, { 'content-type': 'application/json' }).then((status) => {
    if (status !== null && status !== 200 && status !== 202) console.error(`Error tracking event: HTTP Status ${status}`);
  });
}
