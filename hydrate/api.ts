/**
 * The islands' one way to talk to the server: same-origin JSON with the anti-forgery crumb echoed from its
 * cookie, answered as a value (never a throw), so every caller handles failure the same way.
 */

export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly message?: string; readonly crumbFail?: boolean; readonly data?: unknown };

/** A cookie readable by scripts, or undefined. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Whether the browser keeps cookies (a crumb failure then means an expired session, not a refusal). */
export function cookiesEnabled(): boolean {
  return navigator.cookieEnabled && readCookie('crumb') !== undefined;
}

/** One JSON request; `crumb` is what X-CSRF-Token echoes (default: the crumb cookie; the site-user session passes its token). */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, crumb: string | undefined = readCookie('crumb')): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (crumb !== undefined) headers['x-csrf-token'] = crumb;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return answerOf<T>(fetch(path, { method, headers, credentials: 'same-origin', ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
}

/** A file sent as the body (the admin's picture upload), answered like `api`. */
export async function sendFile<T>(path: string, file: Blob, crumb: string | undefined = readCookie('crumb')): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': file.type === '' ? 'application/octet-stream' : file.type };
  if (crumb !== undefined) headers['x-csrf-token'] = crumb;
  return answerOf<T>(fetch(path, { method: 'POST', headers, credentials: 'same-origin', body: file }));
}

async function answerOf<T>(sent: Promise<Response>): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await sent;
  } catch {
    return { ok: false, status: 0 };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // a body that is not JSON (a proxy's error page) leaves only the status to go by
  }
  if (response.ok) return { ok: true, status: response.status, data: data as T };
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return {
    ok: false,
    status: response.status,
    ...(typeof record['message'] === 'string' ? { message: record['message'] } : {}),
    ...(record['crumbFail'] === true ? { crumbFail: true } : {}),
    ...(record['data'] !== undefined ? { data: record['data'] } : {}),
  };
}
