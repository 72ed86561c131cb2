/**
 * The admin's paths: the browser's address is the state (`/config/products/p01`), changed with the History API
 * so every screen has its own link, back and forward work, and a reload shows the same screen. `navigate()`
 * asks first when a screen has unsaved changes (unsaved.ts). `Link` is an ordinary `<a href>` (keyboard, new
 * tab) whose plain clicks stay in the app.
 */
import { createElement, type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from 'react';
import { mayLeave } from './unsaved.js';

const listeners = new Set<(path: string) => void>();

const here = () => `${location.pathname}${location.search}`;

/** Shows `path`; `replace` in place of the current entry; `saved`: the screen's edits were just saved (no question). */
export function navigate(path: string, { replace = false, saved = false } = {}): void {
  if (path === here()) return;
  if (!saved && !mayLeave()) return;
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const listener of listeners) listener(here());
}

export function usePath(): string {
  const [path, setPath] = useState(here);
  useEffect(() => {
    const onPop = () => setPath(here());
    listeners.add(setPath);
    addEventListener('popstate', onPop);
    return () => {
      listeners.delete(setPath);
      removeEventListener('popstate', onPop);
    };
  }, []);
  return path;
}

export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return createElement('a', { ...props, onClick });
}

/** `/config/orders/abc?q=x` → { parts: ['orders', 'abc'], query } */
export function route(path: string): { parts: string[]; query: URLSearchParams } {
  const url = new URL(path, 'http://admin.invalid');
  const parts = url.pathname.replace(/^\/config\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return { parts, query: url.searchParams };
}
