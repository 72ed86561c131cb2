/**
 * `TESSERA_PUBLIC_URL`, the site's address as visitors reach it, read by one rule for everything that uses it:
 * cookies and HSTS (an `https:` address means the site is served over TLS: cookies.ts, headers.ts) and the
 * links of e-mails (server/email/settings.ts). The storefront is served at the root of its host, so the address
 * is an origin: `http(s)://host[:port]`, a trailing `/` allowed, no path, query, fragment or credentials. A
 * wrong one stops the start with a sentence saying why (server/main.ts), rather than being half used.
 */
export const PUBLIC_URL_VARIABLE = 'TESSERA_PUBLIC_URL';

const EXAMPLE = 'such as https://shop.example.com';

/** The public origin (`https://shop.example.com`), null when unset; throws with one sentence when it is not an origin. */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const text = (env[PUBLIC_URL_VARIABLE] ?? '').trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${PUBLIC_URL_VARIABLE}: "${text}" is not an address; give the site's public address, ${EXAMPLE}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${PUBLIC_URL_VARIABLE}: "${text}" is not an http or https address.`);
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(text)) {
    throw new Error(`${PUBLIC_URL_VARIABLE}: "${text}" is not an origin: give the scheme, host and port only, ${EXAMPLE} (the site is served at the root of its host).`);
  }
  return url.origin;
}
