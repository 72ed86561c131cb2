// @vitest-environment happy-dom
/**
 * The performance reporter and the web vitals in a DOM with fake timers: settings asked first (given up after
 * 30 s) for the pageLoadId; records batched and sent 30 s after load or when the page is hidden; page speed
 * after 60 s or on hiding, once; nothing without settings. The vitals' rules on entries a stand-in
 * PerformanceObserver delivers: LCP the last entry, CLS the largest session window, INP the worst interaction
 * (one fewer per 50), TTFB the navigation's responseStart.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP, FLUSH_MS, PAGE_SPEED_MS, SETTINGS_TIMEOUT_MS, startPerformance } from './performance.js';
import { cleanSlate, network, noteListeners, restoreAfterTest } from './test-page.js';
import { observeVitals, type Vitals } from './web-vitals.js';

beforeEach(() => {
  vi.useFakeTimers();
  cleanSlate();
  noteListeners();
  history.replaceState(null, '', '/shop/p/field-shirt');
});
afterEach(restoreAfterTest);

const VITALS: Vitals = { LCP: 1200, CLS: 0.05, INP: 80, TTFB: 90 };
const records = (sent: ReturnType<typeof network>) =>
  sent.filter((s) => s.url === '/api/1/performance/records').map((s) => JSON.parse(s.body) as { app: string; data: Record<string, unknown>; event: string; pageLoadId: string; ts: number }[]);

function hide(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
}

describe('the performance reporter', () => {
  it('asks for settings first, then sends the batch 30 s after load and page speed after 60 s', async () => {
    const sent = network({ json: { pageLoadId: 'load-1' } });
    startPerformance(window, () => VITALS);
    expect(sent[0]).toMatchObject({ url: '/api/1/performance/settings' });
    await vi.advanceTimersByTimeAsync(FLUSH_MS - 1);
    expect(records(sent)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(records(sent)).toEqual([[{ app: APP, event: 'pageLoad', data: { path: '/shop/p/field-shirt', domContentLoaded: expect.any(Number), load: expect.any(Number) }, pageLoadId: 'load-1', ts: expect.any(Number) }]]);
    await vi.advanceTimersByTimeAsync(PAGE_SPEED_MS - FLUSH_MS);
    expect(records(sent)[1]).toEqual([{ app: APP, event: 'pageSpeed', data: { path: '/shop/p/field-shirt', ...VITALS }, pageLoadId: 'load-1', ts: expect.any(Number) }]);
    expect(sent.filter((s) => s.url === '/api/1/performance/records').every((s) => s.via === 'beacon')).toBe(true);
    // hidden afterwards: page speed is taken once, nothing new to send
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(records(sent)).toHaveLength(2);
    expect(FLUSH_MS).toBe(30_000);
    expect(PAGE_SPEED_MS).toBe(60_000);
  });

  it('on page hide before 30 s: page speed and the batch go at once', async () => {
    const sent = network({ json: { pageLoadId: 'load-2' } });
    startPerformance(window, () => VITALS);
    await vi.advanceTimersByTimeAsync(5000);
    hide();
    const [batch] = records(sent);
    expect(batch!.map((r) => r.event)).toEqual(['pageLoad', 'pageSpeed']);
    expect(batch!.every((r) => r.pageLoadId === 'load-2')).toBe(true);
    await vi.advanceTimersByTimeAsync(PAGE_SPEED_MS);
    expect(records(sent)).toHaveLength(1);
  });

  it('sends nothing without settings: an error answer, no pageLoadId, or none within 30 s', async () => {
    for (const options of [{ status: 404 }, { json: { other: 1 } }, { status: 'hang' as const }]) {
      const sent = network(options);
      startPerformance(window, () => VITALS);
      await vi.advanceTimersByTimeAsync(SETTINGS_TIMEOUT_MS);
      hide();
      await vi.advanceTimersByTimeAsync(PAGE_SPEED_MS);
      expect(records(sent)).toEqual([]);
    }
    const signal = (vi.mocked(fetch).mock.calls[0]![1] as RequestInit).signal!;
    expect(signal.aborted).toBe(true);
    expect(SETTINGS_TIMEOUT_MS).toBe(30_000);
  });

  it('without a beacon the records go by fetch', async () => {
    const sent = network({ beacon: false, json: { pageLoadId: 'load-3' } });
    startPerformance(window, () => VITALS);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(sent.find((s) => s.url === '/api/1/performance/records')).toMatchObject({ via: 'fetch' });
  });
});

describe('the web vitals', () => {
  type Delivered = Partial<PerformanceEntry> & Record<string, unknown>;
  let observers: Map<string, (entries: Delivered[]) => void>;

  beforeEach(() => {
    observers = new Map();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(private readonly callback: (list: { getEntries(): Delivered[] }) => void) {}
        observe({ type }: { type: string }) {
          if (type === 'first-input') throw new TypeError('unknown type');
          observers.set(type, (entries) => this.callback({ getEntries: () => entries }));
        }
      },
    );
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) => (type === 'navigation' ? [{ responseStart: 87.6 } as unknown as PerformanceEntry] : []));
  });

  it('LCP is the last entry, TTFB the navigation’s responseStart; nothing observed yet is null (CLS 0)', () => {
    const read = observeVitals();
    expect(read()).toEqual({ LCP: null, CLS: 0, INP: null, TTFB: 88 });
    observers.get('largest-contentful-paint')!([{ startTime: 800.4 }, { startTime: 1500.6 }]);
    expect(read().LCP).toBe(1501);
  });

  it('CLS is the largest session window: shifts under 1 s apart, a window at most 5 s long, input-led shifts left out', () => {
    const read = observeVitals();
    const shifts = observers.get('layout-shift')!;
    shifts([{ startTime: 100, value: 0.1 }, { startTime: 900, value: 0.1 }]);
    expect(read().CLS).toBe(0.2);
    // more than 1 s later: a new window, smaller
    shifts([{ startTime: 2000, value: 0.05 }, { startTime: 2100, value: 0.3, hadRecentInput: true }]);
    expect(read().CLS).toBe(0.2);
    // a window that grows past the first one
    shifts([{ startTime: 2900, value: 0.1 }, { startTime: 3800, value: 0.1 }]);
    expect(read().CLS).toBe(0.25);
    // the window of 2000 ms grows to 0.55 at 6500 ms; the shift at 7400 ms would make it last over 5 s, so it
    // starts a new one (without the cap: 0.65)
    shifts([{ startTime: 4700, value: 0.1 }, { startTime: 5600, value: 0.1 }, { startTime: 6500, value: 0.1 }, { startTime: 7400, value: 0.1 }]);
    expect(read().CLS).toBe(0.55);
  });

  it('INP: the longest event per interaction, the worst interaction, one fewer from the top per 50', () => {
    const read = observeVitals();
    const events = observers.get('event')!;
    events([{ interactionId: 1, duration: 40 }, { interactionId: 1, duration: 120 }, { interactionId: 2, duration: 64 }, { interactionId: 0, duration: 500 }]);
    expect(read().INP).toBe(120);
    events(Array.from({ length: 60 }, (_, i) => ({ interactionId: 10 + i, duration: 50 + i })));
    // 62 interactions: the second worst (109 ms), not the worst (120 ms)
    expect(read().INP).toBe(109);
  });
});
