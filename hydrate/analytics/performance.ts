/**
 * The performance reporter (spec 001 §4 "Performance reporting", §7 "Performance"): it first asks
 * `GET /api/1/performance/settings` (given up after 30 s) for the page load's `pageLoadId`; records
 * (`{app, data, event, pageLoadId, ts}`: at load the navigation's timings, then the page speed) wait in a batch that is sent to `POST /api/1/performance/records` 30 s
 * after load or when the page is hidden, whichever is first, and again on each later hiding if more came. The
 * page-speed record (the web vitals of hydrate/analytics/web-vitals.ts, with the page's path) is taken once,
 * 60 s after load or when the page is hidden before that. Without settings nothing is sent.
 */
import { PERFORMANCE_RECORDS_ROUTE, PERFORMANCE_SETTINGS_ROUTE } from './routes.js';
import { request, send } from './transport.js';
import { navigationTiming, type Vitals } from './web-vitals.js';

export const SETTINGS_TIMEOUT_MS = 30_000;
export const FLUSH_MS = 30_000;
export const PAGE_SPEED_MS = 60_000;
export const APP = 'tessera-storefront';

interface PendingRecord {
  readonly app: string;
  readonly data: Record<string, unknown>;
  readonly event: string;
  readonly ts: number;
}

/** Calls `run` once the page has loaded (at once when it has). */
export function afterLoad(win: Window, run: () => void): void {
  if (win.document.readyState === 'complete') run();
  else win.addEventListener('load', run, { once: true });
}

/** Calls `run` each time the page is hidden or left (visibilitychange to hidden, pagehide). */
export function onHide(win: Window, run: () => void): void {
  win.document.addEventListener('visibilitychange', () => win.document.visibilityState === 'hidden' && run());
  win.addEventListener('pagehide', run);
}

async function pageLoadIdFromSettings(): Promise<string | null> {
  const r = await request(PERFORMANCE_SETTINGS_ROUTE, {}, SETTINGS_TIMEOUT_MS);
  const settings = (r?.ok === true ? await r.json().catch(() => null) : null) as { pageLoadId?: unknown } | null;
  return typeof settings?.pageLoadId === 'string' ? settings.pageLoadId : null;
}

export function startPerformance(win: Window, vitals: () => Vitals): void {
  const batch: PendingRecord[] = [];
  let pageLoadId: string | null = null;
  let pageSpeedTaken = false;
  const record = (event: string, data: Record<string, unknown>) => batch.push({ app: APP, data, event, ts: Date.now() });
  const flush = () => {
    if (pageLoadId === null || batch.length === 0) return;
    const id = pageLoadId;
    void send(PERFORMANCE_RECORDS_ROUTE, JSON.stringify(batch.splice(0).map((r) => ({ ...r, pageLoadId: id }))));
  };
  const pageSpeed = () => {
    if (pageSpeedTaken) return;
    pageSpeedTaken = true;
    record('pageSpeed', { path: location.pathname, ...vitals() });
  };
  void pageLoadIdFromSettings().then((id) => {
    pageLoadId = id;
    if (id === null) return;
    afterLoad(win, () => {
      const nav = navigationTiming();
      record('pageLoad', { path: location.pathname, domContentLoaded: Math.round(nav?.domContentLoadedEventEnd ?? 0), load: Math.round(nav?.loadEventStart ?? 0) });
      setTimeout(flush, FLUSH_MS);
      setTimeout(() => (pageSpeed(), flush()), PAGE_SPEED_MS);
    });
    onHide(win, () => (pageSpeed(), flush()));
  });
}
