/**
 * Who is signed in to the admin: the shell says at start (`data-contributor`, server/admin/shell.ts), POST
 * /api/owner/session signs in (then GET says who), DELETE signs out. Any
 * call answered 401 later (a session that expired, or ended in another tab) calls `sessionEnded()`, and the
 * app shows its sign-in screen with a sentence saying why.
 */
import { useEffect, useState } from 'react';
import { api } from '../api.js';

export interface Contributor {
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly { readonly name: string; readonly code: number }[];
  /** What the roles allow (server/owner/roles.ts `OWNER_PERMISSIONS`): the bar shows only these screens. */
  readonly permissions?: readonly string[];
}

export type SessionState = { readonly kind: 'checking' } | { readonly kind: 'signed-out'; readonly ended: boolean } | { readonly kind: 'signed-in'; readonly contributor: Contributor };

const listeners = new Set<(state: SessionState) => void>();
let current: SessionState = { kind: 'checking' };

function set(state: SessionState): void {
  current = state;
  for (const listener of listeners) listener(state);
}

export function sessionEnded(): void {
  if (current.kind === 'signed-in') set({ kind: 'signed-out', ended: true });
}

/** The session the shell was served with. */
export function startSession(host: HTMLElement): void {
  let contributor: Contributor | null = null;
  try {
    contributor = host.dataset['contributor'] === undefined ? null : (JSON.parse(host.dataset['contributor']) as Contributor);
  } catch {
    // unreadable: signed out, and the sign-in screen says nothing more
  }
  set(contributor === null ? { kind: 'signed-out', ended: false } : { kind: 'signed-in', contributor });
}

export async function checkSession(): Promise<void> {
  const result = await api<Contributor>('GET', '/api/owner/session');
  set(result.ok ? { kind: 'signed-in', contributor: result.data } : { kind: 'signed-out', ended: false });
}

/** Signs in; answers the server's message on a refusal, null on success. */
export async function signIn(email: string, password: string, rememberMe: boolean): Promise<string | null> {
  const result = await api<{ xsrfToken: string }>('POST', '/api/owner/session', { email, password, rememberMe });
  if (!result.ok) return result.message ?? 'The server could not be reached. Check your connection and try again.';
  await checkSession();
  return null;
}

export async function signOut(): Promise<void> {
  await api('DELETE', '/api/owner/session');
  set({ kind: 'signed-out', ended: false });
}

export function useSession(): SessionState {
  const [state, setState] = useState(current);
  useEffect(() => {
    listeners.add(setState);
    setState(current);
    return () => void listeners.delete(setState);
  }, []);
  return state;
}
