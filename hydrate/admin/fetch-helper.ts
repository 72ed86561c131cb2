/**
 * The admin's fetch helper (spec 001 §4 Editor: "Generic fetch helper states: pending, success, failed; can be
 * refetched"): `useFetch(path)` reads a JSON API and says which state it is in; `refetch()` reads it again
 * (keeping the data it had while the new answer is pending; a new path starts empty), `replace(data)` puts an optimistic value in place
 * of the last answer. `send()` is the one way the screens write: the crumb echoed, the answer as a value (`sendUpload()` for a file).
 * A 401 anywhere means the session ended: the app goes back to its sign-in screen (session.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiResult, sendFile } from '../api.js';
import { ADMIN_MESSAGES } from './messages.js';
import { sessionEnded } from './session.js';

export type FetchState<T> =
  | { readonly status: 'pending'; readonly data: T | undefined }
  | { readonly status: 'success'; readonly data: T }
  | { readonly status: 'failed'; readonly data: T | undefined; readonly message: string };

export type Fetched<T> = FetchState<T> & { readonly refetch: () => void; readonly replace: (data: T) => void };

/** The words for a failed call: the server's message, else that it could not be reached, else a plain failure. */
export function failureMessage(result: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (result.message !== undefined) return result.message;
  return result.status === 0 ? ADMIN_MESSAGES.offline : ADMIN_MESSAGES.failed;
}

/** One write (or read) of the admin; a 401 ends the session in the app. */
export async function send<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>> {
  const result = await api<T>(method, path, body);
  if (!result.ok && result.status === 401) sessionEnded();
  return result;
}

/** One file uploaded as the body of a POST to `path` (`?fileName=` added); a 401 ends the session in the app. */
export async function sendUpload<T>(path: string, file: File): Promise<ApiResult<T>> {
  const result = await sendFile<T>(`${path}?fileName=${encodeURIComponent(file.name)}`, file);
  if (!result.ok && result.status === 401) sessionEnded();
  return result;
}

export function useFetch<T>(path: string): Fetched<T> {
  const [state, setState] = useState<FetchState<T>>({ status: 'pending', data: undefined });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const lastPath = useRef(path);
  useEffect(() => {
    const ticket = ++latest.current;
    // a refetch keeps showing what it had; another path's data is not this one's
    const samePath = lastPath.current === path;
    lastPath.current = path;
    setState((s) => ({ status: 'pending', data: samePath ? s.data : undefined }));
    void send<T>('GET', path).then((result) => {
      // an answer to an older path or round is dropped: the newest request decides
      if (ticket !== latest.current) return;
      setState((s) => (result.ok ? { status: 'success', data: result.data } : { status: 'failed', data: s.data, message: failureMessage(result) }));
    });
  }, [path, round]);
  const refetch = useCallback(() => setRound((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'success', data }), []);
  return { ...state, refetch, replace };
}
