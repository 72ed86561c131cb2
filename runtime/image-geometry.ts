/**
 * The platform image loader's arithmetic, without the DOM (platform notes runtime.md §3): which of the stored
 * widths an image needs for its box and the screen's pixel density, the `format=<N>w` URL that asks for it, and
 * where a `content-fit` / `content-fill` image sits in its parent. Pure, so the choices are tested on their own.
 */

/** The widths the platform stores of every upload (Tessera's image route answers each as `?format=<N>w`). */
export const IMAGE_WIDTHS: readonly number[] = [100, 300, 500, 750, 1000, 1500, 2500];

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Where an image goes inside its parent, in px (or in percent of the parent when `fixedRatio`). */
export interface Placement {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly top: number;
  readonly unit: 'px' | '%';
}

/** The widths left once the page's `exclude_imageloader_sizes=` list (`?exclude_imageloader_sizes=1500,2500`) is removed. */
export function widthLadder(pageSearch: string): number[] {
  const listed = /[?&]exclude_imageloader_sizes=([^&#]*)/.exec(pageSearch)?.[1];
  if (listed === undefined) return [...IMAGE_WIDTHS];
  const excluded = new Set(decodeURIComponent(listed).split(',').map((w) => Number.parseInt(w, 10)));
  const left = IMAGE_WIDTHS.filter((w) => !excluded.has(w));
  // excluding every width would leave nothing to ask for: keep the ladder
  return left.length > 0 ? left : [...IMAGE_WIDTHS];
}

/** `"1500x1000"` → `{ width: 1500, height: 1000 }`; null for anything else (then the loader measures the image). */
export function parseDimensions(text: string | null | undefined): Size | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$/i.exec(text ?? '');
  if (match === null) return null;
  const size = { width: Number(match[1]), height: Number(match[2]) };
  return size.width > 0 && size.height > 0 ? size : null;
}

/** `"0.3,0.7"` → `{ x: 0.3, y: 0.7 }`, each clamped to 0..1; the centre when absent or unreadable. */
export function parseFocalPoint(text: string | null | undefined): Point {
  const [x, y] = (text ?? '').split(',').map((n) => Number.parseFloat(n));
  const unit = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 0.5 : Math.min(1, Math.max(0, n)));
  return { x: unit(x), y: unit(y) };
}

/**
 * The box an image is loaded for: a side that is 0 comes from the other through the original's aspect ratio,
 * and with both 0 the original size is used.
 */
export function targetBox(box: Size, original: Size | null): Size {
  if (original === null) return box;
  if (box.width <= 0 && box.height <= 0) return original;
  if (box.width <= 0) return { width: (box.height * original.width) / original.height, height: box.height };
  if (box.height <= 0) return { width: box.width, height: (box.width * original.height) / original.width };
  return box;
}

/**
 * The width in device pixels an image needs: its box's width, or as wide as its height asks for at the
 * original's ratio if that is more (a tall box crops a wide picture), times the device pixel ratio.
 */
export function neededWidth(box: Size, original: Size | null, devicePixelRatio: number): number {
  const target = targetBox(box, original);
  const byHeight = original === null ? 0 : (target.height * original.width) / original.height;
  return Math.max(target.width, byHeight) * (devicePixelRatio > 0 ? devicePixelRatio : 1);
}

/** The smallest width of the ladder that covers `needed`; the largest when none does. */
export function chooseWidth(needed: number, ladder: readonly number[] = IMAGE_WIDTHS): number {
  const sorted = [...ladder].sort((a, b) => a - b);
  for (const width of sorted) if (width >= needed) return width;
  return sorted[sorted.length - 1] ?? 2500;
}

/** Hosts whose images are stored in the platform's widths (beside the site's own relative URLs). */
const PLATFORM_IMAGE_HOST = /^(https?:)?\/\/([a-z0-9-]+\.)*(squarespace\.com|squarespace-cdn\.com|sqspcdn\.com)(\/|$)/i;

/** Whether a source is one the loader may ask for a width of: the site's own (`/…`) or a platform host. */
export function isSizedSource(source: string): boolean {
  return (source.startsWith('/') && !source.startsWith('//')) || PLATFORM_IMAGE_HOST.test(source);
}

/**
 * The URL of `source` at `width`: `format=<N>w` appended with `?` or `&` to the site's own and the platform's
 * images (unless a `format=` is there already), a platform `http:` URL made `https:` on an https page; any
 * other source is used as it is.
 */
export function sizedUrl(source: string, width: number, pageProtocol = 'https:'): string {
  if (!isSizedSource(source)) return source;
  const secure = pageProtocol === 'https:' && source.startsWith('http:') ? `https:${source.slice('http:'.length)}` : source;
  if (/[?&]format=/.test(secure)) return secure;
  const hash = secure.indexOf('#');
  const [path, fragment] = hash < 0 ? [secure, ''] : [secure.slice(0, hash), secure.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}format=${width}w${fragment}`;
}

/** The width an URL asks for (`…?format=750w` → 750), or 0. */
export function formatOf(url: string): number {
  const match = /[?&]format=(\d+)w/.exec(url);
  return match === null ? 0 : Number(match[1]);
}

/** `content-fill`: the image covers its parent, its focal point kept in view, no gap showing. */
export function fillPlacement(parent: Size, original: Size, focal: Point): Placement {
  const scale = Math.max(parent.width / original.width, parent.height / original.height);
  const width = original.width * scale;
  const height = original.height * scale;
  // the focal point as near the parent's centre as the edges allow
  const left = Math.min(0, Math.max(parent.width - width, parent.width / 2 - width * focal.x));
  const top = Math.min(0, Math.max(parent.height - height, parent.height / 2 - height * focal.y));
  return { width, height, left, top, unit: 'px' };
}

/** Alignment words of `data-alignment` (`top left`, `bottom`, `center`…), as one horizontal and one vertical. */
export function parseAlignment(text: string | null | undefined): { horizontal: 'left' | 'center' | 'right'; vertical: 'top' | 'center' | 'bottom' } {
  const words = (text ?? '').toLowerCase().split(/[\s,-]+/);
  return {
    horizontal: words.includes('left') ? 'left' : words.includes('right') ? 'right' : 'center',
    vertical: words.includes('top') ? 'top' : words.includes('bottom') ? 'bottom' : 'center',
  };
}

/** `content-fit`: the whole image inside its parent, aligned by `alignment`; never enlarged unless `stretch`. */
export function fitPlacement(parent: Size, original: Size, alignment: string | null | undefined, stretch = true): Placement {
  const contain = Math.min(parent.width / original.width, parent.height / original.height);
  const scale = stretch ? contain : Math.min(1, contain);
  const width = original.width * scale;
  const height = original.height * scale;
  const { horizontal, vertical } = parseAlignment(alignment);
  const left = horizontal === 'left' ? 0 : horizontal === 'right' ? parent.width - width : (parent.width - width) / 2;
  const top = vertical === 'top' ? 0 : vertical === 'bottom' ? parent.height - height : (parent.height - height) / 2;
  return { width, height, left, top, unit: 'px' };
}

/** A placement in percent of its parent (`fixedRatio`: it stays right while the parent keeps its ratio). */
export function inPercent(placement: Placement, parent: Size): Placement {
  if (placement.unit === '%' || parent.width <= 0 || parent.height <= 0) return placement;
  return {
    width: (placement.width / parent.width) * 100,
    height: (placement.height / parent.height) * 100,
    left: (placement.left / parent.width) * 100,
    top: (placement.top / parent.height) * 100,
    unit: '%',
  };
}
