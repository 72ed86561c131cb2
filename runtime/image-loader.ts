/**
 * `window.ImageLoader`, as platform themes call it (platform notes runtime.md §3; `@squarespace/core`'s
 * `ImageLoader.load` forwards here): `load(img, config)` picks the stored width an image needs for its box and
 * the screen (image-geometry.ts), places a `content-fit` / `content-fill` image in its parent on its focal point,
 * and swaps the source, only ever to a larger width than the one showing; `bootstrap()` (run by
 * `{squarespace-footers}`) loads every image of the page that waits for it; `refresh` places one again.
 *
 * Options come from `config`, else the image's attributes, else the defaults: `source` (`data-src`),
 * `dimensions` (`data-image-dimensions`), `focalPoint` (`data-image-focal-point`), `mode` (the parent's
 * `content-fill` / `content-fit` class), `fitAlignment` (`data-alignment`), `load` (`data-load`: `false` does
 * nothing, `viewport` places without loading), `stretch` (`data-image-stretch`), `fixedRatio`
 * (`data-fixed-ratio`), `useBgImage` (`data-use-bg-image`).
 */
import { chooseWidth, fillPlacement, fitPlacement, formatOf, inPercent, neededWidth, parseDimensions, parseFocalPoint, type Placement, type Point, type Size, sizedUrl, widthLadder } from './image-geometry.js';

export interface ImageLoaderConfig {
  source?: string;
  dimensions?: string | Size;
  focalPoint?: string | Point;
  mode?: 'fill' | 'fit' | 'none' | null;
  fitAlignment?: string;
  load?: boolean | 'true' | 'false' | 'viewport';
  stretch?: boolean;
  fixedRatio?: boolean;
  useBgImage?: boolean;
}

interface Options {
  readonly source: string;
  readonly dimensions: Size | null;
  readonly focalPoint: Point;
  readonly mode: 'fill' | 'fit' | 'none';
  readonly fitAlignment: string | null;
  readonly load: 'true' | 'false' | 'viewport';
  readonly stretch: boolean;
  readonly fixedRatio: boolean;
  readonly useBgImage: boolean;
}

const flag = (value: boolean | undefined, attribute: string | null, fallback: boolean): boolean =>
  value !== undefined ? value : attribute === null ? fallback : attribute !== 'false';

function options(img: HTMLImageElement, config: ImageLoaderConfig = {}): Options {
  const parent = img.parentElement;
  const classMode = parent?.classList.contains('content-fill') ? 'fill' : parent?.classList.contains('content-fit') ? 'fit' : 'none';
  const dimensions = typeof config.dimensions === 'object' ? config.dimensions : parseDimensions(config.dimensions ?? img.getAttribute('data-image-dimensions'));
  const focalPoint = typeof config.focalPoint === 'object' ? config.focalPoint : parseFocalPoint(config.focalPoint ?? img.getAttribute('data-image-focal-point'));
  const load = config.load ?? img.getAttribute('data-load') ?? 'true';
  return {
    source: config.source ?? img.getAttribute('data-src') ?? img.getAttribute('data-image') ?? '',
    dimensions,
    focalPoint,
    mode: config.mode === undefined ? classMode : (config.mode ?? 'none'),
    fitAlignment: config.fitAlignment ?? img.getAttribute('data-alignment') ?? parent?.getAttribute('data-alignment') ?? null,
    load: load === false || load === 'false' ? 'false' : load === 'viewport' ? 'viewport' : 'true',
    stretch: flag(config.stretch, img.getAttribute('data-image-stretch'), true),
    fixedRatio: flag(config.fixedRatio, img.getAttribute('data-fixed-ratio'), false),
    useBgImage: flag(config.useBgImage, img.getAttribute('data-use-bg-image'), false),
  };
}

/** A CSS length in px (`640px`), or 0 for `auto`, `none`, percentages and the like. */
const px = (value: string | null | undefined): number => (value !== undefined && value !== null && /^[\d.]+px$/.test(value) ? Number.parseFloat(value) : 0);

/** A length of the image's own: its attribute, its computed size, else its max-width/height (px, or % of the parent). */
function ownLength(img: HTMLImageElement, side: 'width' | 'height'): number {
  const attribute = Number.parseFloat(img.getAttribute(side) ?? '');
  if (attribute > 0) return attribute;
  const style = getComputedStyle(img);
  const computed = px(style[side]);
  if (computed > 0) return computed;
  const max = side === 'width' ? style.maxWidth : style.maxHeight;
  if (max.endsWith('%') && img.parentElement !== null) {
    const parent = side === 'width' ? img.parentElement.clientWidth : img.parentElement.clientHeight;
    return (parent * Number.parseFloat(max)) / 100;
  }
  return px(max);
}

/** Where a fit or fill image goes in its parent, in px; null for other images, or a parent with no size yet. */
function placementOf(img: HTMLImageElement, opts: Options): Placement | null {
  const parent = img.parentElement;
  if (opts.mode === 'none' || opts.dimensions === null || parent === null) return null;
  const box = { width: parent.offsetWidth, height: parent.offsetHeight };
  if (box.width <= 0 || box.height <= 0) return null;
  return opts.mode === 'fill' ? fillPlacement(box, opts.dimensions, opts.focalPoint) : fitPlacement(box, opts.dimensions, opts.fitAlignment, opts.stretch);
}

/** Puts a fit or fill image where `placement` says (or, with `useBgImage`, makes it its parent's background). */
function place(img: HTMLImageElement, opts: Options, placement: Placement, url: string): void {
  const parent = img.parentElement!;
  if (opts.mode === 'fill' && opts.useBgImage) {
    img.style.display = 'none';
    parent.style.backgroundImage = `url("${url.replace(/["\\]/g, '\\$&')}")`;
    parent.style.backgroundSize = 'cover';
    parent.style.backgroundPosition = `${opts.focalPoint.x * 100}% ${opts.focalPoint.y * 100}%`;
    return;
  }
  const at = opts.fixedRatio ? inPercent(placement, { width: parent.offsetWidth, height: parent.offsetHeight }) : placement;
  img.style.position = getComputedStyle(parent).position === 'relative' ? 'absolute' : 'relative';
  img.style.left = `${at.left}${at.unit}`;
  img.style.top = `${at.top}${at.unit}`;
  img.style.width = `${at.width}${at.unit}`;
  img.style.height = `${at.height}${at.unit}`;
  img.style.maxWidth = 'none';
  if (opts.mode === 'fill') parent.style.overflow = 'hidden';
}

/** Learns an image's size by loading its source once, writes `data-image-dimensions`, then loads it again. */
function measureThenLoad(img: HTMLImageElement, config: ImageLoaderConfig, source: string): void {
  const probe = new Image();
  probe.onload = () => {
    if (probe.naturalWidth <= 0 || probe.naturalHeight <= 0) return;
    img.setAttribute('data-image-dimensions', `${probe.naturalWidth}x${probe.naturalHeight}`);
    load(img, { ...config, dimensions: { width: probe.naturalWidth, height: probe.naturalHeight } });
  };
  probe.src = source;
}

/** A URL without its `format=` parameter: the picture, whatever its width. */
const withoutFormat = (url: string): string => url.replace(/([?&])format=[^&#]*&?/, '$1').replace(/[?&]$/, '');

export function load(img: unknown, config: ImageLoaderConfig = {}): boolean {
  if (!(img instanceof HTMLImageElement)) return false;
  const opts = options(img, config);
  if (opts.load === 'false' || opts.source === '') return false;
  // a fit or fill image is shown at its placement's size; any other at its own box's
  const placement = placementOf(img, opts);
  const box = placement ?? { width: ownLength(img, 'width'), height: ownLength(img, 'height') };
  // without its size, a fit or fill image cannot be placed, nor one without a box be sized: learn it first
  if (opts.dimensions === null && (opts.mode !== 'none' || (box.width <= 0 && box.height <= 0))) {
    measureThenLoad(img, config, opts.source);
    return true;
  }
  const width = chooseWidth(neededWidth(box, opts.dimensions, window.devicePixelRatio || 1), widthLadder(location.search));
  const url = sizedUrl(opts.source, width, location.protocol);
  if (placement !== null) place(img, opts, placement, url);
  if (opts.load === 'viewport') return true;
  // never back to a smaller width of the same picture than the one showing (or loading)
  const asked = img.getAttribute('src') ?? '';
  const resolution = Number.parseInt(img.getAttribute('data-image-resolution') ?? '', 10) || 0;
  if (asked === url || (withoutFormat(asked) === withoutFormat(url) && Math.max(resolution, formatOf(asked)) >= width)) return true;
  if (opts.mode === 'fill' && opts.useBgImage) {
    img.setAttribute('data-image-resolution', `${width}w`);
    return true;
  }
  img.classList.add('loading');
  const done = () => {
    img.classList.remove('loading');
    img.setAttribute('data-image-resolution', `${formatOf(url) || width}w`);
  };
  img.addEventListener('load', done, { once: true });
  img.addEventListener('error', () => img.classList.remove('loading'), { once: true });
  img.setAttribute('src', url);
  return true;
}

/** Places an image again (after its parent changed size) and loads a larger width if it now needs one. */
export function refresh(img: unknown, config: ImageLoaderConfig = {}, _parent?: unknown): boolean {
  return load(img, config);
}

/** Every image of the page that waits for the loader (`data-src` or `data-image`), unless `data-load="false"`. */
export function bootstrap(root: ParentNode = document): void {
  for (const img of Array.from(root.querySelectorAll('img'))) {
    if (!img.hasAttribute('data-src') && !img.hasAttribute('data-image')) continue;
    if (img.getAttribute('data-load') === 'false') continue;
    load(img);
  }
}

export const ImageLoader = { load, refresh, bootstrap };
