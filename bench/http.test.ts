/** `tessera bench http`: argument parsing and the printed report (no timing). */
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './cli.js';
import { DEFAULT_HTTP_CONNECTIONS, DEFAULT_HTTP_DURATION_S, DEFAULT_HTTP_PAGE, DEFAULT_HTTP_ROUNDS, HttpBenchUsageError, parseHttpBenchArgs } from './http-cli.js';
import { formatHttpReport, type HttpBenchReport, requestsRatio } from './http-report.js';

describe('parseHttpBenchArgs', () => {
  it('defaults to 10 s per route in 3 rounds, 10 connections, the field shirt page', () => {
    expect(parseHttpBenchArgs([])).toEqual({ help: false, durationS: DEFAULT_HTTP_DURATION_S, connections: DEFAULT_HTTP_CONNECTIONS, rounds: DEFAULT_HTTP_ROUNDS, page: DEFAULT_HTTP_PAGE });
    expect(DEFAULT_HTTP_DURATION_S).toBe(10);
    expect(DEFAULT_HTTP_ROUNDS).toBe(3);
  });

  it('reads --duration, --rounds, --connections, --page and --out', () => {
    expect(parseHttpBenchArgs(['--duration', '2.5', '--rounds', '5', '--connections', '4', '--page', '/shop/p/linen-apron', '--out', 'x.json'])).toEqual({
      help: false,
      durationS: 2.5,
      connections: 4,
      rounds: 5,
      page: '/shop/p/linen-apron',
      out: 'x.json',
    });
    expect(parseHttpBenchArgs(['-h'])).toEqual({ help: true });
    expect(parseHttpBenchArgs(['--same-thread'])).toMatchObject({ sameThread: true });
    expect(parseHttpBenchArgs([])).not.toHaveProperty('sameThread');
  });

  it('rejects bad values and unknown options', () => {
    for (const argv of [['--duration', '0'], ['--duration', 'ten'], ['--duration', '-1'], ['--connections', '1.5'], ['--rounds', '0'], ['--rounds', '1.5'], ['--page', 'shop'], ['--out', ''], ['--time', '5'], ['extra']]) {
      expect(() => parseHttpBenchArgs(argv), argv.join(' ')).toThrow(HttpBenchUsageError);
    }
  });

  it('leaves the renderer benchmark arguments alone', () => {
    expect(parseBenchArgs(['--time', '5'])).toMatchObject({ help: false, time: 5 });
  });
});

describe('formatHttpReport', () => {
  const route = (name: string, path: string, requestsPerSec: number, p50Ms: number, p99Ms: number) => ({
    name,
    path,
    bodyBytes: 6829,
    requestsPerSec,
    p50Ms,
    p99Ms,
    requests: requestsPerSec * 10,
    non2xx: 0,
    errors: 0,
  });
  const report = (product: number, fixed: number): HttpBenchReport => ({
    timestamp: '2026-01-01T00:00:00.000Z',
    node: 'v20.0.0',
    platform: 'linux x64',
    cpu: 'CPU (2 cores)',
    options: { durationS: 10, connections: 10, page: '/shop/p/field-shirt' },
    routes: [route('product', '/shop/p/field-shirt', product, 8, 15), route('static', '/__bench/static', fixed, 0.5, 2)],
    ratio: requestsRatio(product, fixed),
  });

  it('prints requests/s, p50 and p99 for each route and the ratio against the aim', () => {
    expect(formatHttpReport(report(1173.4, 13588))).toEqual([
      'HTTP benchmark: 10 s per route, 10 connections, v20.0.0, CPU (2 cores)',
      '',
      'route    path                 bytes   req/s  p50 ms  p99 ms  failed',
      '-------  -------------------  -----  ------  ------  ------  ------',
      'product  /shop/p/field-shirt  6,829   1,173    8.00   15.00       0',
      'static   /__bench/static      6,829  13,588    0.50    2.00       0',
      '',
      'product/static requests/s: 0.09 (aim >= 0.80, not met)',
    ]);
    expect(formatHttpReport(report(8000, 10000)).at(-1)).toBe('product/static requests/s: 0.80 (aim >= 0.80, met)');
    expect(formatHttpReport(report(7000, 10000)).at(-1)).toBe('product/static requests/s: 0.70 (aim >= 0.80, not met)');
  });

  it('prints the visitor with a cart beside the one without, each with its ratio to the static route and its spread over the rounds', () => {
    const base = report(9000, 10000);
    const withCart: HttpBenchReport = {
      ...base,
      options: { ...base.options, rounds: 2 },
      routes: [
        { ...base.routes[0]!, roundRequestsPerSec: [8800, 9200] },
        { ...route('product+cart', '/shop/p/field-shirt', 7900, 1, 3), cookies: ['tessera_cart'], roundRequestsPerSec: [7600, 8200] },
        { ...base.routes[1]!, roundRequestsPerSec: [9500, 10500] },
      ],
      cartRatio: requestsRatio(7900, 10000),
    };
    expect(formatHttpReport(withCart)[0]).toBe('HTTP benchmark: 10 s per route in 2 rounds, 10 connections, v20.0.0, CPU (2 cores)');
    // where the client ran, when the report says
    expect(formatHttpReport({ ...withCart, options: { ...withCart.options, client: 'worker-thread' } })[0]).toBe('HTTP benchmark: 10 s per route in 2 rounds, 10 connections (client on a thread of its own), v20.0.0, CPU (2 cores)');
    expect(formatHttpReport({ ...withCart, options: { ...withCart.options, client: 'same-thread' } })[0]).toBe("HTTP benchmark: 10 s per route in 2 rounds, 10 connections (client on the server's thread), v20.0.0, CPU (2 cores)");
    expect(formatHttpReport(withCart).slice(2)).toEqual([
      'route         path                 bytes   req/s  p50 ms  p99 ms  failed',
      '------------  -------------------  -----  ------  ------  ------  ------',
      'product       /shop/p/field-shirt  6,829   9,000    8.00   15.00       0',
      'product+cart  /shop/p/field-shirt  6,829   7,900    1.00    3.00       0',
      'static        /__bench/static      6,829  10,000    0.50    2.00       0',
      '',
      'product/static requests/s: 0.90 (aim >= 0.80, met)',
      'product+cart/static requests/s: 0.79 (aim >= 0.80, not met)',
      'ratio per round: product 0.88–0.93, product+cart 0.78–0.80',
    ]);
  });

  it("prints the cart page's requests/s against the product page's, with issue 24's aim of half", () => {
    const base = report(9000, 10000);
    const withCartPage = (cart: number): HttpBenchReport => ({
      ...base,
      routes: [base.routes[0]!, { ...route('cart', '/cart', cart, 1, 4), cookies: ['crumb', 'tessera_cart'] }, base.routes[1]!],
      cartPageRatio: requestsRatio(cart, 9000),
    });
    const lines = formatHttpReport(withCartPage(5400));
    expect(lines.slice(4, 7)).toEqual([
      'product  /shop/p/field-shirt  6,829   9,000    8.00   15.00       0',
      'cart     /cart                6,829   5,400    1.00    4.00       0',
      'static   /__bench/static      6,829  10,000    0.50    2.00       0',
    ]);
    expect(lines.at(-1)).toBe('cart (2 lines)/product requests/s: 0.60 (aim >= 0.50, met)');
    expect(formatHttpReport(withCartPage(900)).at(-1)).toBe('cart (2 lines)/product requests/s: 0.10 (aim >= 0.50, not met)');
  });

  it('warns when requests failed, and survives a static route that served nothing', () => {
    const r = report(100, 0);
    expect(r.ratio).toBe(0);
    const failing = { ...r, routes: [{ ...r.routes[0]!, non2xx: 3 }, r.routes[1]!] };
    expect(formatHttpReport(failing).at(-1)).toMatch(/^warning: failed requests on product/);
  });
});
