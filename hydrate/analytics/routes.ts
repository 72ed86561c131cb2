/** The paths the tracker calls (spec 001 §7 "Tracking" and "Performance", spec 000 §7), in one place. */
export const HIT_ROUTE = '/api/census/RecordHit';
/** Census block calls: `${CENSUS_ROUTE}button-click`, `button-render`, `form-render`. */
export const CENSUS_ROUTE = '/api/census/';
export const LEGACY_EVENT_ROUTE = '/api/events/RecordEvent';
export const EVENTS_ROUTE = '/api/v1/clanker/events';
export const PERFORMANCE_SETTINGS_ROUTE = '/api/1/performance/settings';
export const PERFORMANCE_RECORDS_ROUTE = '/api/1/performance/records';
export const JAVASCRIPT_ERRORS_ROUTE = '/api/events/RecordJavascriptErrors';
