/**
 * How the tracker's calls leave the page: `navigator.sendBeacon` where the browser has it (it outlives the
 * page and needs no answer), else `fetch` with `keepalive`, given up after 2.5 s (spec 001 §9 "Analytics
 * timeout 2500 ms"). Nothing here ever throws or logs: a failed call is a lost hit, never a visitor's problem.
 * Form bodies carry the visitor's crumb as the `crumb` field (a beacon cannot send the header).
 */
import { readCookie } from './cookies.js';

export const TIMEOUT_MS = 2500;

export type Body = string | URLSearchParams;

/** A form body of `fields` with the crumb added. */
export function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams({ ...fields, crumb: readCookie('crumb') ?? '' });
}

/** A fetch given up after `timeoutMs`; resolves to the response, null when it failed or took too long. */
export function request(url: string, init: RequestInit, timeoutMs = TIMEOUT_MS): Promise<Response | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  return fetch(url, { ...init, signal: abort.signal })
    .catch(() => null)
    .finally(() => clearTimeout(timer));
}

/** POSTs with fetch (kept alive past the page); resolves to the status, 0 when it failed or took longer than 2.5 s. */
export function post(url: string, body: Body, headers?: Record<string, string>): Promise<number> {
  return request(url, { method: 'POST', body, headers, keepalive: true }).then((r) => r?.status ?? 0);
}

/** As a beacon when the browser queues one (resolves to null), else as `post`. */
export function send(url: string, body: Body, headers?: Record<string, string>): Promise<number | null> {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return Promise.resolve(null);
  } catch {
    // a beacon refused (too large, a bad body): fetch tries
  }
  return post(url, body, headers);
}
