/**
 * The page's web vitals, measured with PerformanceObserver (no library: four small rules):
 * - LCP: the start time of the last largest-contentful-paint entry;
 * - CLS: the largest session window of layout shifts without recent input (shifts less than 1 s apart, a window
 *   at most 5 s long);
 * - INP: per interaction the longest event duration; the worst interaction, or for every 50 interactions one
 *   fewer from the top (about the 98th percentile);
 * - TTFB: the navigation's responseStart.
 * A browser without an entry type leaves that vital null (CLS 0), and a null is not sent. The names are the
 * vitals' own (`LCP`…), as the analytics server reads them (server/analytics/fields.ts).
 */
export interface Vitals {
  readonly LCP: number | null;
  readonly CLS: number;
  readonly INP: number | null;
  readonly TTFB: number | null;
}

type Entry = PerformanceEntry & { value?: number; hadRecentInput?: boolean; interactionId?: number };

function observe(type: string, each: (entry: Entry) => void, options: Record<string, unknown> = {}): void {
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...options } as PerformanceObserverInit);
  } catch {
    // this browser does not know the entry type
  }
}

/** The page's navigation entry (undefined in a browser without Navigation Timing 2). */
export const navigationTiming = () => performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;

const round = (n: number | null | undefined) => (typeof n === 'number' ? Math.round(n) : null);

/** Starts observing; the function returned reads the vitals so far. */
export function observeVitals(): () => Vitals {
  let lcp: number | null = null;
  let cls = 0;
  let shifts = 0;
  let windowStart = 0;
  let lastShift = -Infinity;
  const interactions = new Map<number, number>();
  observe('largest-contentful-paint', (e) => (lcp = e.startTime));
  observe('layout-shift', (e) => {
    if (e.hadRecentInput === true) return;
    if (e.startTime - lastShift < 1000 && e.startTime - windowStart < 5000) shifts += e.value ?? 0;
    else {
      shifts = e.value ?? 0;
      windowStart = e.startTime;
    }
    lastShift = e.startTime;
    cls = Math.max(cls, shifts);
  });
  const interaction = (e: Entry) => {
    if (e.interactionId) interactions.set(e.interactionId, Math.max(interactions.get(e.interactionId) ?? 0, e.duration));
  };
  // the first input is an `event` entry too
  observe('event', interaction, { durationThreshold: 40 });
  return () => {
    const durations = [...interactions.values()].sort((a, b) => b - a);
    const nav = navigationTiming();
    return {
      LCP: round(lcp),
      CLS: Math.round(cls * 10_000) / 10_000,
      INP: round(durations[Math.min(durations.length - 1, Math.floor(durations.length / 50))]),
      TTFB: round(nav?.responseStart),
    };
  };
}
