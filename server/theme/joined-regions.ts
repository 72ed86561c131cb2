/**
 * A layout's regions joined into one template source, and the way back: a position in the joined source as the
 * region file's own `line:column`. A layout is compiled joined (a block may open in `head.region` and close in
 * `tail.region`), but a theme author reads and fixes one region file at a time.
 */

export interface RegionSource {
  /** The region's path as it is reported (`head.region`, or a path relative to the working directory). */
  readonly file: string;
  readonly source: string;
}

export interface JoinedRegions {
  readonly source: string;
  /** Where each position of `source` comes from, by `file:line:column`. */
  locate(line: number, column: number): { file: string; line: number; column: number };
}

/** Offsets at which each line of `text` starts (lines end at `\n`, as the engine counts them). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The 1-based line and column of `offset` in a text whose line starts are `starts`. */
function position(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

export function joinRegions(regions: readonly RegionSource[]): JoinedRegions {
  const source = regions.map((r) => r.source).join('');
  const joinedStarts = lineStarts(source);
  const parts: { file: string; start: number; starts: number[] }[] = [];
  let start = 0;
  for (const r of regions) {
    parts.push({ file: r.file, start, starts: lineStarts(r.source) });
    start += r.source.length;
  }
  return {
    source,
    locate(line, column) {
      const offset = (joinedStarts[Math.min(line, joinedStarts.length) - 1] ?? 0) + column - 1;
      // the last region starting at or before the offset (an empty region starts where the next one does)
      let part = parts[0];
      for (const p of parts) if (p.start <= offset) part = p;
      if (part === undefined) return { file: '', line, column };
      return { file: part.file, ...position(part.starts, offset - part.start) };
    },
  };
}
