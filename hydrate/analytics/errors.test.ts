// @vitest-environment happy-dom
/**
 * The error reporter in a DOM with fake timers: a thrown error and an unhandled rejection become `{event, data,
 * timestamp}` records, posted as a JSON list with the crumb in `X-CSRF-Token` 1 s after the last error; at most
 * 10 wait, at most 20 sends per page, stacks cut at 5,000 characters, a failing send stays silent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_MS, type ErrorRecord, MAX_QUEUED, MAX_SENDS, MAX_STACK, startErrorReporter } from './errors.js';
import { cleanSlate, network, noteListeners, restoreAfterTest } from './test-page.js';

beforeEach(() => {
  vi.useFakeTimers();
  cleanSlate();
  noteListeners();
  document.cookie = 'crumb=0123abcd; path=/';
  history.replaceState(null, '', '/shop');
});
afterEach(restoreAfterTest);

function thrown(message: string, stack = `Error: ${message}\n    at page.js:1:1`): void {
  const error = Object.assign(new Error(message), { stack });
  window.dispatchEvent(new ErrorEvent('error', { message, error, filename: 'http://localhost:3000/theme.js', lineno: 3, colno: 7 }));
}

const posted = (sent: ReturnType<typeof network>) => sent.filter((s) => s.url === '/api/events/RecordJavascriptErrors');
const records = (body: string) => JSON.parse(body) as ErrorRecord[];

describe('the error reporter', () => {
  it('posts errors and rejections as a JSON list with the crumb header, 1 s after the last one', async () => {
    const sent = network({ beacon: true });
    startErrorReporter(window);
    thrown('boom');
    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    const rejection = new Error('nope');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: rejection, promise: Promise.resolve() }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'plain text', promise: Promise.resolve() }));
    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(posted(sent)).toEqual([]);
    vi.advanceTimersByTime(1);
    const [send] = posted(sent);
    // never a beacon: the header must go with it
    expect(send).toMatchObject({ via: 'fetch', headers: { 'content-type': 'application/json', 'x-csrf-token': '0123abcd' } });
    const list = records(send!.body);
    expect(list).toEqual([
      { event: 'error', data: { message: 'boom', stack: 'Error: boom\n    at page.js:1:1', path: '/shop', filename: 'http://localhost:3000/theme.js', lineno: 3, colno: 7 }, timestamp: expect.any(Number) },
      { event: 'unhandledrejection', data: { message: 'nope', stack: rejection.stack, path: '/shop' }, timestamp: expect.any(Number) },
      { event: 'unhandledrejection', data: { message: 'plain text', stack: '', path: '/shop' }, timestamp: expect.any(Number) },
    ]);
    expect(list[0]!.timestamp).toBeLessThan(list[1]!.timestamp);
  });

  it('cuts a stack at 5,000 characters', () => {
    const sent = network();
    startErrorReporter(window);
    thrown('long', 'x'.repeat(MAX_STACK + 100));
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(records(posted(sent)[0]!.body)[0]!.data.stack).toBe('x'.repeat(5000));
    expect(MAX_STACK).toBe(5000);
  });

  it('keeps at most 10 waiting; later ones are dropped', () => {
    const sent = network();
    startErrorReporter(window);
    for (let i = 0; i < 15; i++) thrown(`e${i}`);
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(records(posted(sent)[0]!.body).map((r) => r.data.message)).toEqual(Array.from({ length: MAX_QUEUED }, (_, i) => `e${i}`));
    expect(MAX_QUEUED).toBe(10);
  });

  it('sends at most 20 times per page', () => {
    const sent = network();
    startErrorReporter(window);
    for (let i = 0; i < 25; i++) {
      thrown(`e${i}`);
      vi.advanceTimersByTime(DEBOUNCE_MS);
    }
    expect(posted(sent)).toHaveLength(MAX_SENDS);
    expect(MAX_SENDS).toBe(20);
    expect(records(posted(sent).at(-1)!.body)[0]!.data.message).toBe('e19');
  });

  it('a send that fails or hangs says nothing and reports nothing about itself', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = network({ status: 'hang' });
    startErrorReporter(window);
    thrown('one');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS + 5000);
    network({ status: 500 });
    thrown('two');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS + 10);
    expect(posted(sent)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });
});
