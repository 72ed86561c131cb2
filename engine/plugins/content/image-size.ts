/**
 * Size arithmetic on "WxH" strings (`width`, `height`, `resized…`, `squarespaceThumbnail…`) with the
 * platform's thumbnail bucketing (spec 001 §5 "Other", §9 "Template and display").
 */
import type { Formatter } from '../types.js';

export const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

/** Responsive widths the platform serves. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/**
 * "800x400" → [800, 400]: text that splits on a lower-case x into exactly two parts, each read as a base-10
 * integer prefix (so "800.5x400" is 800 wide, and "axb" gives NaN parts); null otherwise.
 */
export function parseSize(v: unknown): [number, number] | null {
  if (typeof v !== 'string') return null;
  const parts = v.split('x');
  if (parts.length !== 2) return null;
  return [Number.parseInt(parts[0]!, 10), Number.parseInt(parts[1]!, 10)];
}

/** The platform's thumbnail variant for a wanted width (NaN gives the smallest). */
export function thumbnailWidth(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

/**
 * A side scaled by the ratio wanted/reference, in that order of operations (it decides the last unit), made a
 * 32-bit integer as the platform does: truncated, with NaN and infinities (a zero side) becoming 0.
 */
function scale(side: number, wanted: number, reference: number): number {
  return ((wanted / reference) * side) | 0;
}

const intArg = (args: readonly string[]): number => Number.parseInt(args[0] ?? '', 10);

/** A formatter on a size string; an invalid size prints the platform's message in place of the result. */
function resizing(name: string, compute: (w: number, h: number, arg: number) => string | number): Formatter {
  return {
    name,
    format(v, args) {
      const size = parseSize(v);
      return size === null ? INVALID_SIZE : compute(size[0], size[1], intArg(args));
    },
  };
}

/** `width` and `height` of an invalid size leave the value missing (`raw` prints null, `round` 0), as on the platform. */
function side(name: string, index: 0 | 1): Formatter {
  return {
    name,
    format(v) {
      const size = parseSize(v);
      return size === null ? undefined : size[index];
    },
  };
}

export const SIZE_FORMATTERS: Formatter<any>[] = [
  side('width', 0),
  side('height', 1),
  resizing('resizedHeightForWidth', (w, h, width) => scale(h, width, w)),
  resizing('resizedWidthForHeight', (w, h, height) => scale(w, height, h)),
  // The width bucket needs no source size: the value is not read at all.
  { name: 'squarespaceThumbnailForWidth', format: (_v, args) => thumbnailWidth(intArg(args)) },
  resizing('squarespaceThumbnailForHeight', (w, h, height) => thumbnailWidth(scale(w, height, h))),
];
