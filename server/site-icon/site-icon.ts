/**
 * The site's icon (the browser tab's picture). The spec names no such website field, so it is ours: the owner's
 * `siteIcon` in the website settings JSON, a path on this site (`/assets/icon.png`, a theme file), since nothing
 * a page loads leaves the machine. Anything else (a full URL, `//host`, a path with spaces or quotes, over 500
 * characters) is ignored and the default icon used, as is no setting: Tessera's own mark (icon-mark.ts) at
 * `/favicon.svg` and `/favicon.ico`.
 */
import { isRecord } from '../../commerce/json.js';

/** Where the default icon is served: the SVG browsers that read SVG icons pick, and the ICO for all others. */
export const DEFAULT_ICON_SVG = '/favicon.svg';
export const DEFAULT_ICON_ICO = '/favicon.ico';

const SITE_PATH = /^\/(?!\/)[^\s"'<>\\]{0,499}$/;

/** The owner's icon from the website settings, or null for the default (no setting, an unusable one, or the default's own paths). */
export function ownerIconUrl(settings: unknown): string | null {
  const value = isRecord(settings) ? settings['siteIcon'] : undefined;
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (!SITE_PATH.test(url) || url === DEFAULT_ICON_ICO || url === DEFAULT_ICON_SVG) return null;
  return url;
}

/** The `<link rel="icon">` tags of a page: the owner's icon, else the default's two pictures. */
export function iconLinks(ownerIcon: string | null, escapeAttribute: (s: string) => string): string {
  if (ownerIcon !== null) return `<link rel="icon" href="${escapeAttribute(ownerIcon)}">`;
  return `<link rel="icon" href="${DEFAULT_ICON_ICO}" sizes="16x16 32x32">\n<link rel="icon" href="${DEFAULT_ICON_SVG}" type="image/svg+xml">`;
}
