/**
 * Which public CDN addresses name a library Tessera serves from this server: jQuery as Google's, jQuery's own
 * and cdnjs's CDNs publish it, over http, https or protocol-relative (`//ajax.googleapis.com/…`), minified or
 * not, the slim build of 3.x too. Platform-era themes load jQuery that way (langate: 1.10.2 from
 * ajax.googleapis.com); under Tessera's content policy such a request is blocked, so the theme's template is
 * rewritten to the local copy of the same major line (server/theme/cdn-script-tags.ts).
 */

/** A library named by a CDN address: what was asked for. */
export interface CdnLibrary {
  readonly name: 'jquery';
  /** As written in the address: `1.10.2`, `3`, `3.3`. */
  readonly version: string;
  readonly major: number;
  /** jQuery's slim build (no AJAX, no effects), 3.x. */
  readonly slim: boolean;
}

const VERSION = String.raw`(\d+(?:\.\d+){0,2})`;
const FILE = String.raw`jquery(\.slim)?(?:\.min)?\.js`;
const QUERY = String.raw`(?:\?[^#\s]*)?`;

/** Each CDN's address form: the version's and the slim flag's groups. */
const FORMS: readonly RegExp[] = [
  new RegExp(String.raw`^(?:https?:)?//ajax\.googleapis\.com/ajax/libs/jquery/${VERSION}/${FILE}${QUERY}$`, 'i'),
  new RegExp(String.raw`^(?:https?:)?//cdnjs\.cloudflare\.com/ajax/libs/jquery/${VERSION}/${FILE}${QUERY}$`, 'i'),
  new RegExp(String.raw`^(?:https?:)?//code\.jquery\.com/jquery-${VERSION}(\.slim)?(?:\.min)?\.js${QUERY}$`, 'i'),
];

/** The library a CDN address names, or null (another address, another library). */
export function cdnLibraryOf(url: string): CdnLibrary | null {
  for (const form of FORMS) {
    const match = form.exec(url.trim());
    if (match === null) continue;
    const version = match[1]!;
    return { name: 'jquery', version, major: Number(version.split('.')[0]), slim: match[2] !== undefined };
  }
  return null;
}
