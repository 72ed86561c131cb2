// @vitest-environment happy-dom
/**
 * The admin's fetch helper (spec 001: pending, success, failed, refetch) and unsaved-changes guard in a DOM: a
 * read shows pending then its data; a failure keeps the server's sentence and the data it had; a refetch reads
 * again; `replace` puts an optimistic value in place; a 401 ends the session; leaving with unsaved edits asks.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Fetched, useFetch } from './fetch-helper.js';
import { ADMIN_MESSAGES } from './messages.js';
import { startSession, useSession } from './session.js';
import { mayLeave, useUnsavedChanges } from './unsaved.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const answers: (() => Response)[] = [];
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let seen: Fetched<{ n: number }> | null = null;
let session = '';
function Probe({ path }: { path: string }) {
  seen = useFetch<{ n: number }>(path);
  session = useSession().kind;
  return null;
}

function Dirty({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('useFetch', () => {
  it('goes pending → success, failed with the message and the old data, refetched to success; replace is optimistic', async () => {
    const fetchMock = vi.fn(async () => answers.shift()!());
    vi.stubGlobal('fetch', fetchMock);
    answers.push(json(200, { n: 1 }));
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root.render(<Probe path="/api/thing" />));
    expect(seen!.status === 'pending' || seen!.status === 'success').toBe(true);
    await settle();
    expect(seen).toMatchObject({ status: 'success', data: { n: 1 } });

    answers.push(json(409, { message: 'This order is already fulfilled.' }));
    await act(async () => seen!.refetch());
    await settle();
    expect(seen).toMatchObject({ status: 'failed', data: { n: 1 }, message: 'This order is already fulfilled.' });

    answers.push(() => {
      throw new TypeError('offline');
    });
    await act(async () => seen!.refetch());
    await settle();
    expect(seen).toMatchObject({ status: 'failed', message: ADMIN_MESSAGES.offline });

    answers.push(json(200, { n: 2 }));
    await act(async () => seen!.refetch());
    await settle();
    expect(seen).toMatchObject({ status: 'success', data: { n: 2 } });
    await act(async () => seen!.replace({ n: 3 }));
    expect(seen).toMatchObject({ status: 'success', data: { n: 3 } });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await act(async () => root.unmount());
  });

  it('a 401 ends the session: the app goes back to its sign-in screen', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift()!()));
    const host = document.createElement('div');
    host.dataset['contributor'] = JSON.stringify({ email: 'a@example.com', displayName: 'A', roles: [] });
    startSession(host);
    answers.push(json(401, { message: 'Please sign in as a site owner or contributor.' }));
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root.render(<Probe path="/api/other" />));
    await settle();
    expect(session).toBe('signed-out');
    await act(async () => root.unmount());
  });
});

describe('unsaved changes', () => {
  it('asks before leaving a screen with unsaved edits, and only then', async () => {
    const ask = vi.fn(() => false);
    vi.stubGlobal('confirm', ask);
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root.render(<Dirty dirty={false} />));
    expect(mayLeave()).toBe(true);
    expect(ask).not.toHaveBeenCalled();
    await act(async () => root.render(<Dirty dirty />));
    expect(mayLeave()).toBe(false);
    expect(ask).toHaveBeenCalledWith(ADMIN_MESSAGES.unsaved);
    const unload = new Event('beforeunload', { cancelable: true });
    dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await act(async () => root.render(<Dirty dirty={false} />));
    expect(mayLeave()).toBe(true);
    await act(async () => root.unmount());
  });
});
