/**
 * The Content-Security-Policy of a platform theme's site: every response says that its page may load scripts,
 * styles, pictures, fonts, media, frames and connections from this server only (and from the origins the owner
 * allows, `TESSERA_ALLOWED_ORIGINS`: allowed-origins.ts). A theme written for the platform names other hosts in
 * its own markup (jQuery from a CDN, a web font, an analytics script, pictures on the platform's CDN); a
 * self-hosted storefront that promises its visitors nothing leaves the machine keeps that promise in the
 * browser, where the theme's markup and scripts run, not by rewriting every theme. A blocked request never
 * reaches the network: the browser refuses it and says so on its console.
 *
 * Why each source is there (docs/themes.md "Nothing leaves the machine"):
 * - `script-src 'unsafe-inline'`: the platform's `{squarespace-headers}` and `{squarespace-footers}` are inline
 *   scripts (`Static.SQUARESPACE_CONTEXT`, `ImageLoader.bootstrap()`), so are the themes' own (langate hands a
 *   query's JSON to its scripts inline) and `tessera dev`'s reload script; a nonce would need every theme's
 *   inline script rewritten. `'unsafe-eval'`: jQuery 1.x (the one Tessera serves for a CDN's 1.x too) runs the
 *   inline scripts of markup it inserts (a page a theme loads by AJAX) through `eval`, as do template
 *   libraries (lodash, underscore); it lets nothing out. The runtime itself needs none (runtime/build.ts gives
 *   YUI its global object), nor does any corpus page.
 * - `style-src 'unsafe-inline'`: themes' `style` attributes and `<style>` elements, the runtime's dialogs, the
 *   dev overlay (a `<style>` in a shadow root), the islands' inline sizes.
 * - `img-src data: blob:`, `font-src data:`, `media-src data: blob:`: pictures and fonts written into the
 *   stylesheet (hnp's base64 fonts, the default styles' select arrow), and what scripts make in the page
 *   (`URL.createObjectURL`, canvas pictures); none is a request.
 * - `connect-src 'self'`: the cart API, `Y.io`, the dev server's event stream.
 * - `object-src 'none'`: no theme needs a plug-in; `base-uri`, `form-action` and `frame-ancestors` 'self': a
 *   page cannot be re-based elsewhere, post a form to another host or be framed by another site.
 *
 * Tessera's default theme gets a strict policy of its own (`defaultThemePolicy`, issue 30): scripts only by
 * the answer's nonce, and what those load. headers.ts sends both.
 */
/** Each directive with its sources; the fetch directives take the owner's allowed origins too. */
const DIRECTIVES: readonly { readonly name: string; readonly sources: readonly string[]; readonly fetch: boolean }[] = [
  { name: 'default-src', sources: ["'self'"], fetch: true },
  { name: 'script-src', sources: ["'self'", "'unsafe-inline'", "'unsafe-eval'"], fetch: true },
  { name: 'style-src', sources: ["'self'", "'unsafe-inline'"], fetch: true },
  { name: 'img-src', sources: ["'self'", 'data:', 'blob:'], fetch: true },
  { name: 'font-src', sources: ["'self'", 'data:'], fetch: true },
  { name: 'media-src', sources: ["'self'", 'data:', 'blob:'], fetch: true },
  { name: 'connect-src', sources: ["'self'"], fetch: true },
  { name: 'frame-src', sources: ["'self'"], fetch: true },
  { name: 'object-src', sources: ["'none'"], fetch: false },
  { name: 'base-uri', sources: ["'self'"], fetch: false },
  { name: 'form-action', sources: ["'self'"], fetch: false },
  { name: 'frame-ancestors', sources: ["'self'"], fetch: false },
];

/** A platform theme's policy: the header value with `allowed` (origins, as allowed-origins.ts reads them) added to the fetch directives. */
export function contentPolicy(allowed: readonly string[] = []): string {
  return DIRECTIVES.map((d) => [d.name, ...d.sources, ...(d.fetch ? allowed : [])].join(' ')).join('; ');
}

/** A policy's directives by name, each with its sources (for tests and tools). */
export function policyDirectives(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') out.set(name.toLowerCase(), sources);
  }
  return out;
}

/**
 * The policy of Tessera's default theme, for an answer with `nonce` (null: an answer that is not a page, where
 * no script runs at all). Why each source is there (README "Security"):
 * - `script-src 'nonce-…' 'strict-dynamic'`: only the scripts Tessera wrote into this answer run (the island
 *   loader and the tracker carry the nonce), and what they load (the islands' chunks, by `import()`); an
 *   injected `<script>`, inline or from this very server, does not. `'self'` is there for browsers without
 *   `'strict-dynamic'` (CSP 2), which ignore it otherwise. The page's JSON (`#squarespace-context`, the census)
 *   is data, never run, and needs no nonce.
 * - `style-src 'self' 'nonce-…'`: the stylesheet, and `<style>` elements Tessera wrote (a gallery's settings);
 *   no `style` attribute applies (the islands set sizes through classes or the CSSOM, which the policy allows).
 * - `img-src`, `media-src` and `frame-src` also take `https:`: the owner's content may show pictures, audio and
 *   players from elsewhere (a video item's Vimeo frame); `data:` and `blob:` for pictures made in the page.
 * - `connect-src 'self'` and `connectOrigins`: the cart API and beacons, and the instalment provider's page that
 *   the pill looks for before it frames it.
 * - `form-action 'self' https:`: a form's success redirect may lead to another https site, and browsers check a
 *   post's redirect against this directive.
 * - `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'self'`: no plug-ins, no re-basing of the page's
 *   relative addresses, no framing by another site.
 */
export function defaultThemePolicy(nonce: string | null, connectOrigins: readonly string[] = []): string {
  const scripts = nonce === null ? ["'none'"] : [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"];
  const styles = nonce === null ? ["'self'"] : ["'self'", `'nonce-${nonce}'`];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    `style-src ${styles.join(' ')}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' data: blob: https:",
    ['connect-src', "'self'", ...connectOrigins].join(' '),
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self' https:",
    "frame-ancestors 'self'",
  ].join('; ');
}
