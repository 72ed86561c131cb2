/**
 * `TESSERA_TRUST_PROXY`: which reverse proxies in front of the server may say who the visitor is (issue 24).
 * Off by default: `request.ip` is the connection's address and `X-Forwarded-For` is ignored, since anyone can
 * send it. Behind a proxy every visitor would then be the proxy's address, one bucket for the per-address
 * limits; with the setting, Fastify's `trustProxy` takes the visitor's address from `X-Forwarded-For` (and the
 * scheme from `X-Forwarded-Proto`) when the connection comes from a trusted proxy. Values, as Fastify takes them:
 * - a hop count: `1` (one proxy in front; the address it saw), `2` (a CDN, then a load balancer);
 * - addresses and CIDR ranges of the proxies, separated by commas or spaces: `10.0.0.1`, `10.0.0.0/8, ::1`, and
 *   proxy-addr's names `loopback`, `linklocal`, `uniquelocal`.
 * `false`, `0` or nothing: off. `true` (trust any sender, so anyone could pick their own address) is refused:
 * say how many proxies, or which. Read once at start; a bad value stops the start with one line saying why.
 */
import { isIP } from 'node:net';

export const TRUST_PROXY_VARIABLE = 'TESSERA_TRUST_PROXY';

/** What Fastify's `trustProxy` option gets: off, a hop count, or the trusted addresses and ranges. */
export type TrustProxy = false | number | readonly string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why `entry` is not an address, a CIDR range or one of the names; null when it is. */
function entryError(entry: string): string | null {
  if (NAMES.has(entry)) return null;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `"${entry}" is not an address or a CIDR range (10.0.0.1, 10.0.0.0/8, ::1, loopback)`;
  if (prefix === undefined) return null;
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits ? null : `"${entry}": the prefix length of an IPv${family} range is 0 to ${bits}`;
}

/** The setting of `TESSERA_TRUST_PROXY`; throws an Error whose message is the one line to print when it is bad. */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): TrustProxy {
  const text = (env[TRUST_PROXY_VARIABLE] ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 100) throw new Error(`${TRUST_PROXY_VARIABLE}: ${text} proxies? A hop count is the number of proxies in front of the server (1, 2).`);
    return hops;
  }
  if (text === 'true') throw new Error(`${TRUST_PROXY_VARIABLE}: true would let any visitor choose their own address; give the number of proxies in front of the server (1) or their addresses (10.0.0.0/8).`);
  const entries = text.split(/[\s,]+/).filter((e) => e !== '');
  for (const entry of entries) {
    const error = entryError(entry);
    if (error !== null) throw new Error(`${TRUST_PROXY_VARIABLE}: ${error}.`);
  }
  return entries;
}
