/**
 * Site paths in an e-mail made whole: the outbox keeps links as site paths (`/shop/p/apron`,
 * `/account/reset?token=…`), as every producer writes them, and the sender puts the site's address before them
 * when it sends, so a shop that moves to another address sends working links from the rows already queued.
 * Text: a path that starts a line or follows a space or `(` (never `//`, a protocol-relative address). HTML:
 * `href="/…"` and `src="/…"`.
 */

/** `text` with each site path prefixed by `siteUrl` (`https://shop.example.com`, no trailing slash). */
export function absoluteTextLinks(text: string, siteUrl: string): string {
  return text.replace(/(^|[\s(])\/(?=[^\s/])/gm, (_m, before: string) => `${before}${siteUrl}/`);
}

/** `html` with each `href` and `src` that holds a site path prefixed by `siteUrl`. */
export function absoluteHtmlLinks(html: string, siteUrl: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, (_m, attribute: string) => `${attribute}="${siteUrl}/`);
}
