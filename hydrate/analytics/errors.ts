/**
 * The error reporter (spec 000 §7, §8 "Uncaught page errors are reported to the server", §9): the window's
 * `error` and `unhandledrejection` events become `{event, data, timestamp}` records, sent as a JSON list to
 * `POST /api/events/RecordJavascriptErrors` with the `X-CSRF-Token` header from the crumb cookie. A send waits
 * 1 s after the last error (debounced) and takes the whole queue; at most 10 records wait (later ones are
 * dropped) and at most 20 sends go out per page; a stack is cut at 5,000 characters. Sending failures are
 * ignored (the reporter never reports itself).
 */
import { readCookie } from './cookies.js';
import { JAVASCRIPT_ERRORS_ROUTE } from './routes.js';
import { post } from './transport.js';

export const MAX_SENDS = 20;
export const MAX_QUEUED = 10;
export const MAX_STACK = 5000;
export const DEBOUNCE_MS = 1000;

export interface ErrorRecord {
  readonly event: 'error' | 'unhandledrejection';
  readonly data: { readonly message: string; readonly stack: string; readonly path: string; readonly filename?: string; readonly lineno?: number; readonly colno?: number };
  readonly timestamp: number;
}

export function startErrorReporter(win: Window): void {
  const queue: ErrorRecord[] = [];
  let sends = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sendQueue = () => {
    timer = undefined;
    sends++;
    void post(JAVASCRIPT_ERRORS_ROUTE, JSON.stringify(queue.splice(0)), { 'content-type': 'application/json', 'x-csrf-token': readCookie('crumb') ?? '' });
  };
  const add = (event: ErrorRecord['event'], message: string, stack: unknown, at?: { filename: string; lineno: number; colno: number }) => {
    if (sends >= MAX_SENDS || queue.length >= MAX_QUEUED) return;
    queue.push({ event, data: { message, stack: typeof stack === 'string' ? stack.slice(0, MAX_STACK) : '', path: win.location.pathname, ...at }, timestamp: Date.now() });
    clearTimeout(timer);
    timer = setTimeout(sendQueue, DEBOUNCE_MS);
  };
  win.addEventListener('error', (e) => add('error', e.message, e.error?.stack, e.filename ? { filename: e.filename, lineno: e.lineno, colno: e.colno } : undefined));
  win.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    const error = reason instanceof Error ? reason : null;
    add('unhandledrejection', error?.message ?? String(reason), error?.stack);
  });
}
