/**
 * The LCP histogram: a sample (milliseconds) falls in one of a fixed list of buckets, so days and months merge
 * by adding counts and the 75th percentile of any range comes from merged buckets. Buckets are 100 ms wide
 * below 1 s, 250 ms to 5 s (2.5 s and 4 s, the "good" and "poor" lines, are edges), 500 ms to 10 s, 2.5 s to
 * 30 s, and one for anything slower. p75 is reported as the upper edge of the bucket holding it: never
 * better than the truth, and at most one bucket width worse. The tables keep one column per bucket.
 */

/** Upper edges (ms, exclusive) of every bucket but the last, which holds 30 s and above. */
export const LCP_EDGES: readonly number[] = (() => {
  const edges: number[] = [];
  for (let e = 100; e <= 1000; e += 100) edges.push(e);
  for (let e = 1250; e <= 5000; e += 250) edges.push(e);
  for (let e = 5500; e <= 10_000; e += 500) edges.push(e);
  for (let e = 12_500; e <= 30_000; e += 2500) edges.push(e);
  return edges;
})();

export const OVERFLOW_BUCKET = LCP_EDGES.length;
/** How many buckets, so how many `b…` columns the histogram tables have (server/db/schema.ts). */
export const LCP_BUCKETS = LCP_EDGES.length + 1;

/** `b0, b1, …`: the bucket columns, for SQL. */
export const BUCKET_COLUMNS: readonly string[] = Array.from({ length: LCP_BUCKETS }, (_, b) => `b${b}`);

/** The bucket of a sample in ms (negative samples count as 0). */
export function lcpBucket(ms: number): number {
  let lo = 0;
  let hi = LCP_EDGES.length;
  // the first edge above ms
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ms < LCP_EDGES[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The value shown for a bucket: its upper edge in ms, or null for the overflow bucket (30 s and more). */
export function bucketUpperEdge(bucket: number): number | null {
  return LCP_EDGES[bucket] ?? null;
}

/**
 * The 75th percentile (nearest rank) of merged counts `samplesByBucket` (index: bucket), as a bucket, or
 * null when there are no samples.
 */
export function p75Bucket(samplesByBucket: ArrayLike<number>): number | null {
  let total = 0;
  for (let i = 0; i < samplesByBucket.length; i++) total += samplesByBucket[i] ?? 0;
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.75);
  let seen = 0;
  for (let i = 0; i < samplesByBucket.length; i++) {
    seen += samplesByBucket[i] ?? 0;
    if (seen >= rank) return i;
  }
  return samplesByBucket.length - 1;
}
