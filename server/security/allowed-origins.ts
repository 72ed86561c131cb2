/**
 * `TESSERA_ALLOWED_ORIGINS`: the other hosts a site's owner lets a platform theme's pages load from (a font
 * service, an image host, a video player), space-separated, each an origin as the content policy writes it:
 * `https://fonts.example.com`, `http://localhost:8080`, `https://*.example.com` (every sub-domain). Read once at
 * start; a value that is not an origin stops the start with one line saying which and why, since a policy with
 * a typo would block what the owner meant to allow without a word.
 */

/** Schemes a page may load from; anything else (`data:`, `javascript:`) has no origin to allow. */
const SCHEMES = new Set(['http', 'https', 'ws', 'wss']);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/** The setting's environment variable. */
export const ALLOWED_ORIGINS_VARIABLE = 'TESSERA_ALLOWED_ORIGINS';

/** One origin of the setting, as the policy writes it (lower case, no trailing `/`), or why it is not one. */
export function parseOrigin(text: string): { origin: string } | { error: string } {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#@]+?)(?::(\d{1,5}))?\/?$/i.exec(text);
  if (match === null) return { error: 'an origin is scheme://host or scheme://host:port, with no path, query or user (https://fonts.example.com)' };
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  const port = match[3];
  if (!SCHEMES.has(scheme)) return { error: `its scheme must be http, https, ws or wss, not ${scheme}` };
  const wildcard = host.startsWith('*.');
  const name = wildcard ? host.slice(2) : host;
  const hostOk = IPV6.test(name) ? !wildcard : name.split('.').every((label) => LABEL.test(label));
  if (!hostOk) return { error: `${host} is not a host name (letters, digits and -, dot-separated; *. may start it for every sub-domain)` };
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return { error: `${port} is not a port (1 to 65535)` };
  return { origin: `${scheme}://${host}${port === undefined ? '' : `:${Number(port)}`}` };
}

/**
 * The origins of `TESSERA_ALLOWED_ORIGINS` (none when unset or blank), each once, in the order given; throws an
 * Error whose message is the one line to print when any of them is not an origin.
 */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const text = env[ALLOWED_ORIGINS_VARIABLE] ?? '';
  const origins: string[] = [];
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (word.includes(',')) throw new Error(`${ALLOWED_ORIGINS_VARIABLE}: "${word}": separate origins with spaces, not commas.`);
    const parsed = parseOrigin(word);
    if ('error' in parsed) throw new Error(`${ALLOWED_ORIGINS_VARIABLE}: "${word}" is not an origin: ${parsed.error}.`);
    if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
  }
  return origins;
}
