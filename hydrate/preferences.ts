/**
 * Saved preferences per namespace (spec 001 §3 "Other settings", §4 "Site-user session"): read once from
 * GET /api/v1/commerce-preferences/{namespace} and cached; saving updates the cache at once, fires the refetch
 * event (`tessera:preferences-refetch`, detail `{ namespace }`) so that every reader shows the new values, then
 * sends them with PUT (through the session API, so with the stored anti-forgery token). The server's answer
 * becomes the cache; a refused save reads the namespace again, so the cache never keeps what was not saved.
 */
import type { ApiResult } from './api.js';
import { sessionRequest } from './site-user-session.js';

export type Preferences = Record<string, unknown>;

export const PREFERENCES_REFETCH_EVENT = 'tessera:preferences-refetch';
const path = (namespace: string) => `/api/v1/commerce-preferences/${encodeURIComponent(namespace)}`;

const cache = new Map<string, Preferences>();

const fireRefetch = (namespace: string) => window.dispatchEvent(new CustomEvent(PREFERENCES_REFETCH_EVENT, { detail: { namespace } }));

/** The namespace's preferences: the cache, else the server (an unreadable namespace reads as none, not cached). */
export async function loadPreferences(namespace: string, refetch = false): Promise<Preferences> {
  const cached = cache.get(namespace);
  if (cached !== undefined && !refetch) return cached;
  const result = await sessionRequest<Preferences>('GET', path(namespace));
  if (!result.ok || typeof result.data !== 'object' || result.data === null) return cached ?? {};
  cache.set(namespace, result.data);
  return result.data;
}

/** What the cache holds for the namespace now (undefined before the first read or save). */
export function cachedPreferences(namespace: string): Preferences | undefined {
  return cache.get(namespace);
}

/** Saves: cache first, then the refetch event, then the server. */
export async function savePreferences(namespace: string, preferences: Preferences): Promise<ApiResult<Preferences>> {
  cache.set(namespace, preferences);
  fireRefetch(namespace);
  const result = await sessionRequest<Preferences>('PUT', path(namespace), preferences);
  if (result.ok && typeof result.data === 'object' && result.data !== null) {
    cache.set(namespace, result.data);
  } else {
    cache.delete(namespace);
    await loadPreferences(namespace);
    fireRefetch(namespace);
  }
  return result;
}

/** Calls `listener` with the namespace's cached preferences on every refetch event for it; returns the unsubscribe. */
export function onPreferencesRefetch(namespace: string, listener: (preferences: Preferences) => void): () => void {
  const handler = (event: Event) => {
    if ((event as CustomEvent<{ namespace: string }>).detail?.namespace === namespace) listener(cache.get(namespace) ?? {});
  };
  window.addEventListener(PREFERENCES_REFETCH_EVENT, handler);
  return () => window.removeEventListener(PREFERENCES_REFETCH_EVENT, handler);
}

/** For tests: an empty cache. */
export function resetPreferences(): void {
  cache.clear();
}
