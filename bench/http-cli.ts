/** `tessera bench http …`: the arguments of the HTTP load benchmark. */
import { parseArgs } from 'node:util';

export const DEFAULT_HTTP_DURATION_S = 10;
export const DEFAULT_HTTP_CONNECTIONS = 10;
export const DEFAULT_HTTP_ROUNDS = 3;
/** The product page loaded: variants, price range, instalment pill, reviews and a responsive image. */
export const DEFAULT_HTTP_PAGE = '/shop/p/field-shirt';

export const HTTP_BENCH_USAGE = `Usage: tessera bench http [--duration S] [--rounds N] [--connections N] [--page PATH] [--same-thread] [--out FILE]

Starts the storefront in this process on a loopback port, over a fresh temporary SQLite store seeded with
the demo shop, and loads it with autocannon from a worker thread (its own event loop and heap, as a client on
another machine would be), one route after the other:
  product       the product page PATH, as a visitor without cookies
  product+cart  the same page with the tessera_cart cookie of a cart of one line (made through the cart
                API before the load)
  static        a route added for the benchmark only, answering a fixed string of the same byte size
Prints requests/s, p50 and p99 latency of each and the ratios product/static and product+cart/static (aim:
at least 0.8 for both), and writes the JSON report to bench/results/http-<timestamp>.json.

Options:
  --duration S       seconds of load per route (default ${DEFAULT_HTTP_DURATION_S}), after a short warm-up
  --rounds N         split each route's load into N slices, run in mirrored order (product, product+cart,
                     static, then static, product+cart, product…), so that other work on the machine
                     weighs on every route alike (default ${DEFAULT_HTTP_ROUNDS})
  --connections N    concurrent connections (default ${DEFAULT_HTTP_CONNECTIONS})
  --page PATH        the page to load (default ${DEFAULT_HTTP_PAGE})
  --same-thread      run autocannon on the server's own thread, as this benchmark did before 2026-11-27
                     (the client's work and garbage then count against the server's)
  --out FILE         write the JSON report to FILE instead
  -h, --help         show this help
`;

export class HttpBenchUsageError extends Error {}

export interface HttpBenchOptions {
  readonly durationS: number;
  readonly connections: number;
  readonly rounds: number;
  readonly page: string;
  /** autocannon on the server's thread instead of a worker thread of its own. */
  readonly sameThread?: boolean;
  readonly out?: string;
}

export type ParsedHttpBenchArgs = { help: true } | ({ help: false } & HttpBenchOptions);

function positive(name: string, text: string | undefined, fallback: number, integer: boolean): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  const pattern = integer ? /^\s*\d+\s*$/ : /^\s*\d+(\.\d+)?\s*$/;
  if (!pattern.test(text) || !Number.isFinite(n) || n <= 0) {
    throw new HttpBenchUsageError(`${name} needs a positive ${integer ? 'whole number' : 'number'}, got ${JSON.stringify(text)}`);
  }
  return n;
}

/** Parses the arguments after `bench http`; throws HttpBenchUsageError on bad input. */
export function parseHttpBenchArgs(argv: readonly string[]): ParsedHttpBenchArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        duration: { type: 'string' },
        connections: { type: 'string' },
        rounds: { type: 'string' },
        page: { type: 'string' },
        out: { type: 'string' },
        'same-thread': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    throw new HttpBenchUsageError(e instanceof Error ? e.message : String(e));
  }
  if (values.help) return { help: true };
  const page = values.page ?? DEFAULT_HTTP_PAGE;
  if (!page.startsWith('/')) throw new HttpBenchUsageError(`--page needs a path starting with /, got ${JSON.stringify(page)}`);
  if (values.out === '') throw new HttpBenchUsageError('--out needs a file name');
  return {
    help: false,
    durationS: positive('--duration', values.duration, DEFAULT_HTTP_DURATION_S, false),
    connections: positive('--connections', values.connections, DEFAULT_HTTP_CONNECTIONS, true),
    rounds: positive('--rounds', values.rounds, DEFAULT_HTTP_ROUNDS, true),
    page,
    ...(values['same-thread'] ? { sameThread: true } : {}),
    ...(values.out === undefined ? {} : { out: values.out }),
  };
}
