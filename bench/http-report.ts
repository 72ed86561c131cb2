/** The HTTP benchmark's report: its JSON shape and the table printed from it. */
import { textTable } from './run.js';

export interface RouteResult {
  /** 'product' or 'static'. */
  readonly name: string;
  readonly path: string;
  readonly bodyBytes: number;
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  /** Responses that were not 2xx, and connection errors and timeouts: any of them spoils the numbers. */
  readonly non2xx: number;
  readonly errors: number;
}

export interface HttpBenchReport {
  readonly timestamp: string;
  readonly node: string;
  readonly platform: string;
  readonly cpu: string;
  readonly options: { durationS: number; connections: number; page: string };
  readonly routes: readonly RouteResult[];
  /** product requests/s divided by static requests/s. */
  readonly ratio: number;
}

/** The aim of issue 4: the rendered product page serves at least half the requests of a static string. */
export const HTTP_RATIO_AIM = 0.5;

export function requestsRatio(product: number, staticRoute: number): number {
  return staticRoute > 0 ? product / staticRoute : 0;
}

const grouped = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatHttpReport(report: HttpBenchReport): string[] {
  const { durationS, connections } = report.options;
  const rows = report.routes.map((r) => [r.name, r.path, grouped(r.bodyBytes), grouped(r.requestsPerSec), grouped(r.p50Ms, 2), grouped(r.p99Ms, 2), grouped(r.non2xx + r.errors)]);
  const out = [
    `HTTP benchmark: ${durationS} s per route, ${connections} connections, ${report.node}, ${report.cpu}`,
    '',
    ...textTable(['route', 'path', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'failed'], rows, [false, false, true, true, true, true, true]),
    '',
    `product/static requests/s: ${report.ratio.toFixed(2)} (aim >= ${HTTP_RATIO_AIM.toFixed(2)}${report.ratio >= HTTP_RATIO_AIM ? ', met' : ', not met'})`,
  ];
  const failed = report.routes.filter((r) => r.non2xx + r.errors > 0);
  if (failed.length > 0) out.push(`warning: failed requests on ${failed.map((r) => r.name).join(', ')}: the numbers do not measure the pages`);
  return out;
}
