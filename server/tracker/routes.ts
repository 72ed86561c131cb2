/**
 * The routes the visitor tracker calls (spec 001 §7 "Tracking" and "Performance", spec 000 §7), as the browser
 * script names them (hydrate/analytics/routes.ts holds the same paths for the browser side, which imports nothing
 * of the server). The server's analytics plugin answers them; while it does not, pages carry no tracker.
 */
export const CENSUS_HIT_ROUTE = '/api/census/RecordHit';
