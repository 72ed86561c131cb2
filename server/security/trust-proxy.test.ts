/**
 * `TESSERA_TRUST_PROXY` (issue 24): off by default, so X-Forwarded-For cannot choose a visitor's rate-limit
 * bucket; with a hop count or the proxy's address, the visitor's address comes from it (and two visitors behind
 * one proxy are two buckets); bad values stop the start with one line.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { demoApp, withCrumb } from '../test-support.js';
import { type TrustProxy, trustProxyFromEnv } from './trust-proxy.js';

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** An app whose every-other-write group allows two writes per address, trusting `trustProxy`. */
async function limitedApp(trustProxy: TrustProxy): Promise<FastifyInstance> {
  const { app } = await demoApp({ trustProxy, guards: { rateLimits: { visitor: { burst: 2, perMinute: 1 } } } });
  app.get('/__ip', async (request) => ({ ip: request.ip }));
  apps.push(app);
  return app;
}

/** A write in the `visitor` group (the form-submission key), from `remoteAddress`, with X-Forwarded-For. */
const write = (app: FastifyInstance, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  app.inject(withCrumb({ method: 'POST', url: '/api/form/FormSubmissionKey', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } }));

const statuses = async (app: FastifyInstance, forwardedFors: readonly string[]) => {
  const out: number[] = [];
  for (const f of forwardedFors) out.push((await write(app, f)).statusCode);
  return out;
};

describe('trustProxy', () => {
  it('off: X-Forwarded-For is ignored, the connection address keys the limit', async () => {
    const app = await limitedApp(false);
    expect((await app.inject({ url: '/__ip', remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '203.0.113.9' } })).json()).toEqual({ ip: '10.0.0.7' });
    // three visitors claiming three addresses through one connection address: one bucket of two
    expect(await statuses(app, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([200, 200, 429]);
  });

  it('a hop count: the address the nearest proxy saw keys the limit', async () => {
    const app = await limitedApp(1);
    expect((await app.inject({ url: '/__ip', remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' } })).json()).toEqual({ ip: '203.0.113.9' });
    expect(await statuses(app, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([200, 200, 200]);
    expect(await statuses(app, ['203.0.113.1', '203.0.113.1'])).toEqual([200, 429]);
  });

  it("the proxy's addresses: trusted only from them", async () => {
    const app = await limitedApp(['10.0.0.0/8']);
    expect((await app.inject({ url: '/__ip', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '203.0.113.9' } })).json()).toEqual({ ip: '203.0.113.9' });
    // a connection from elsewhere names itself, whatever it sends
    expect((await app.inject({ url: '/__ip', remoteAddress: '192.0.2.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).json()).toEqual({ ip: '192.0.2.1' });
  });
});

describe('TESSERA_TRUST_PROXY', () => {
  const parse = (value: string | undefined) => trustProxyFromEnv(value === undefined ? {} : { TESSERA_TRUST_PROXY: value });

  it('reads off, a hop count, or addresses and ranges', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('1')).toBe(1);
    expect(parse(' 2 ')).toBe(2);
    expect(parse('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parse('10.0.0.0/8, ::1 loopback,fd00::/8')).toEqual(['10.0.0.0/8', '::1', 'loopback', 'fd00::/8']);
  });

  it('refuses true and anything that is not an address, in one line saying why', () => {
    expect(() => parse('true')).toThrow(/TESSERA_TRUST_PROXY: true would let any visitor choose their own address/);
    expect(() => parse('proxy.example.com')).toThrow('TESSERA_TRUST_PROXY: "proxy.example.com" is not an address or a CIDR range (10.0.0.1, 10.0.0.0/8, ::1, loopback).');
    expect(() => parse('10.0.0.0/33')).toThrow('TESSERA_TRUST_PROXY: "10.0.0.0/33": the prefix length of an IPv4 range is 0 to 32.');
    expect(() => parse('10.0.0.0/8/1')).toThrow(/is not an address or a CIDR range/);
    expect(() => parse('500')).toThrow(/A hop count is the number of proxies/);
  });
});
