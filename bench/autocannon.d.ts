/** The part of autocannon's API the HTTP benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    duration?: number;
    amount?: number;
    connections?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    /** worker threads that run the connections (autocannon's own; results come back as one) */
    workers?: number;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
    total?: number;
  }
  interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
