/**
 * `Static.SQUARESPACE_CONTEXT`, as `{squarespace-headers}` writes it before the runtime's script: the page's
 * type, website, collection, store settings and the theme's tweak values (`tweakJSON`). Read at each call, so a
 * script that replaces the object (an AJAX page load) is followed.
 */
import { platformWindow } from './yui-types.js';

export type SquarespaceContext = Record<string, unknown>;

export function squarespaceContext(): SquarespaceContext {
  const win = platformWindow();
  win.Static ??= {};
  win.Static.SQUARESPACE_CONTEXT ??= {};
  return win.Static.SQUARESPACE_CONTEXT;
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** `tweakJSON`: tweak name → value as a string (the object itself, so a style editor's change is seen). */
export function tweakJson(): Record<string, unknown> {
  const context = squarespaceContext();
  if (typeof context['tweakJSON'] !== 'object' || context['tweakJSON'] === null) context['tweakJSON'] = {};
  return context['tweakJSON'] as Record<string, unknown>;
}

/** The store's currency and the site's language, for money as the page prints it. */
export function moneyLocale(): { currency: string; locale: string } {
  const website = record(squarespaceContext()['website']);
  const currency = typeof website['baseCurrency'] === 'string' ? website['baseCurrency'] : 'USD';
  const locale = typeof website['language'] === 'string' ? website['language'] : 'en-US';
  return { currency, locale };
}

/** A store setting (`expressCheckout`…) from `websiteSettings.storeSettings`. */
export function storeSetting(name: string): unknown {
  return record(record(squarespaceContext()['websiteSettings'])['storeSettings'])[name];
}
