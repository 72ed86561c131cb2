/**
 * The controller pattern of the platform's themes (platform notes runtime.md §8, as `@squarespace/controller`
 * does it): `register(name, fn)` binds `fn(element)` to every element whose `data-controller` lists `name`
 * (several, comma-separated, on one element); `fn` may return `{ sync, destroy }`. `refresh()` after content
 * changed destroys the controllers whose elements left the page, syncs the others and starts the new ones.
 * Offered as `Y.Squarespace.Controller`; `Squarespace.afterBodyLoad` refreshes, `globalDestroy` destroys all.
 *
 * Names not registered here are left alone: a theme that bundles its own controller library (or the older
 * `sqs-controller` attribute library, which themes shipped themselves) binds those.
 */

export type ControllerFn = (element: Element) => { sync?: () => void; destroy?: () => void } | void | undefined;

interface Live {
  readonly name: string;
  readonly element: Element;
  readonly methods: { sync?: () => void; destroy?: () => void } | null;
}

const registry = new Map<string, ControllerFn>();
let live: Live[] = [];
/** Set by the first refresh (`Squarespace.afterBodyLoad`): later registrations start at once. */
let refreshed = false;

const names = (element: Element): string[] =>
  (element.getAttribute('data-controller') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');

function start(name: string, element: Element): Live {
  const fn = registry.get(name)!;
  let methods: Live['methods'] = null;
  try {
    const returned = fn.call(element, element);
    if (typeof returned === 'object' && returned !== null) methods = returned;
  } catch (error) {
    console.error(`controller ${name} failed:`, error);
  }
  return { name, element, methods };
}

function call(controller: Live, method: 'sync' | 'destroy'): void {
  try {
    controller.methods?.[method]?.call(controller.element);
  } catch (error) {
    console.error(`controller ${controller.name} (${method}) failed:`, error);
  }
}

export function refresh(): void {
  refreshed = true;
  const wanted: { name: string; element: Element }[] = [];
  for (const element of Array.from(document.querySelectorAll('[data-controller]'))) {
    for (const name of names(element)) if (registry.has(name)) wanted.push({ name, element });
  }
  const kept: Live[] = [];
  for (const controller of live) {
    if (wanted.some((w) => w.name === controller.name && w.element === controller.element)) {
      call(controller, 'sync');
      kept.push(controller);
    } else call(controller, 'destroy');
  }
  for (const w of wanted) if (!kept.some((c) => c.name === w.name && c.element === w.element)) kept.push(start(w.name, w.element));
  live = kept;
}

export function register(name: string, fn: ControllerFn): void {
  if (typeof name !== 'string' || typeof fn !== 'function') throw new TypeError('Controller.register(name, fn) needs a name and a function');
  registry.set(name, fn);
  if (!refreshed) return;
  // registered after the page's first refresh: its elements start now
  for (const element of Array.from(document.querySelectorAll('[data-controller]'))) {
    if (names(element).includes(name) && !live.some((c) => c.name === name && c.element === element)) live.push(start(name, element));
  }
}

export function destroyAll(): void {
  for (const controller of live) call(controller, 'destroy');
  live = [];
}

export const Controller = { register, refresh, destroyAll };
