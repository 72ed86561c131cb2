/**
 * Image formatters: the `data-*` metadata of an image (`image-meta`, and the same for a collection's child
 * or cover image), the full `<img>` markup with its `<noscript>` fallback, responsive `srcset`, the colour
 * averages, and size arithmetic on "WxH" strings with the platform's thumbnail bucketing (spec 001 §9).
 */
import { isObject } from '../../values.js';
import { escapeAttr } from '../core/text.js';
import type { Formatter, PluginContext } from '../types.js';

type Json = Record<string, unknown>;

/** Alt text from a body is cut to this many characters (spec 001 §9 "Title fallback from body"). */
export const ALT_FROM_BODY_MAX = 250;

/** The focal point when an image has none. */
export const DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

/** Responsive widths the platform serves. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

export const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

function str(v: unknown): string {
  return v === undefined || v === null || typeof v === 'object' ? '' : String(v);
}

/** The alt text: altText, else the title, else the body without tags (cut to 250), else the file name. */
export function altText(image: Json): string {
  for (const key of ['altText', 'title'] as const) {
    const v = str(image[key]);
    if (v !== '') return v;
  }
  const body = str(image['body']);
  if (body !== '') return body.replace(/<[^>]*>/g, ' ').slice(0, ALT_FROM_BODY_MAX);
  return str(image['filename']);
}

function focalPoint(image: Json): string {
  const fp = image['mediaFocalPoint'];
  const x = isObject(fp) && typeof fp['x'] === 'number' ? fp['x'] : DEFAULT_FOCAL_POINT.x;
  const y = isObject(fp) && typeof fp['y'] === 'number' ? fp['y'] : DEFAULT_FOCAL_POINT.y;
  return `${x},${y}`;
}

/** The data attributes of an image, as `image-meta` prints them; '' when there is no image. */
export function imageMeta(image: unknown): string {
  if (!isObject(image) || image['assetUrl'] === undefined) return '';
  const url = escapeAttr(str(image['assetUrl']));
  const licensed = isObject(image['licensedAssetPreview']) ? 'data-licensed-asset-preview="true" ' : '';
  return (
    `${licensed}data-src="${url}" data-image="${url}" data-image-dimensions="${escapeAttr(str(image['originalSize']))}" ` +
    `data-image-focal-point="${focalPoint(image)}" alt="${escapeAttr(altText(image))}"`
  );
}

const imageMetaFormatter: Formatter = { name: 'image-meta', format: (v) => imageMeta(v) };

const childImageMeta: Formatter = {
  name: 'child-image-meta',
  format(v, args) {
    const items = isObject(v) ? v['items'] : undefined;
    const n = args[0] === undefined ? 0 : Number(args[0]);
    return Array.isArray(items) && Number.isInteger(n) ? imageMeta(items[n]) : '';
  },
};

const coverImageMeta: Formatter = {
  name: 'cover-image-meta',
  format: (v) => (isObject(v) ? imageMeta(v['coverImage']) : ''),
};

/** `{img|image [class]}`: the lazy-loading image markup with its no-script fallback. */
const image: Formatter = {
  name: 'image',
  format(v, args) {
    if (!isObject(v)) return '';
    const meta = imageMeta(v);
    if (meta === '') return '';
    const cls = escapeAttr(args[0] ?? 'thumb-image');
    const key = str(v['componentKey']);
    const componentKey = key === '' ? '' : `data-component-key="${escapeAttr(key)}" `;
    return (
      `<noscript><img src="${escapeAttr(str(v['assetUrl']))}" alt="${escapeAttr(altText(v))}" /></noscript>` +
      `<img class="${cls}" ${componentKey}${meta} data-load="false" data-image-id="${escapeAttr(str(v['id']))}" data-type="image" />`
    );
  },
};

/**
 * `srcset` from the variants the platform generated (`systemDataVariants`: "1500x983,100w,300w,…"); the
 * original stands in for 2500w when that variant was not made.
 */
const imageSrcset: Formatter = {
  name: 'image-srcset',
  format(v) {
    if (!isObject(v)) return '';
    const url = escapeAttr(str(v['assetUrl']));
    const variants = str(v['systemDataVariants']).split(',').filter((s) => s !== '');
    const widths = variants.filter((s) => /^\d+w$/.test(s));
    if (widths.length === 0) return '';
    const entries = widths.map((w) => `${url}?format=${w} ${w}`);
    if (variants.some((s) => /^\d+x\d+$/.test(s)) && !widths.includes('2500w')) entries.push(`${url}?format=original 2500w`);
    return `srcset="${entries.join(',')}"`;
  },
};

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** The average colours of an image's regions, as `data-color-*` attributes (names lowercased on request). */
export function colorAttributes(image: Json, lowercase: boolean): string {
  const data = image['colorData'];
  if (!isObject(data)) return '';
  const parts: string[] = [];
  for (const pos of COLOR_POSITIONS) {
    const c = str(data[`${pos}Average`]);
    if (c !== '') parts.push(`data-color-${lowercase ? pos.toLowerCase() : pos}="#${escapeAttr(c)}"`);
  }
  return parts.join(' ');
}

/** `{img|image-color}` all regions; `{img|image-color topLeft}` one colour; `… topLeft prop` as `prop: #hex`. */
const imageColor: Formatter = {
  name: 'image-color',
  format(v, args) {
    if (!isObject(v)) return '';
    if (args.length === 0) return colorAttributes(v, false);
    const data = v['colorData'];
    const c = isObject(data) ? str(data[`${args[0]}Average`]) : '';
    if (c === '') return '';
    return args[1] === undefined ? `#${c}` : `${args[1]}: #${c}`;
  },
};

/** "800x400" → [800, 400]; null unless it is two numbers joined by x. */
export function parseSize(v: unknown): [number, number] | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$/.exec(str(v));
  return m === null ? null : [Number(m[1]), Number(m[2])];
}

/** The platform's thumbnail variant for a wanted width. */
export function thumbnailWidth(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

function sizeFormatter(name: string, compute: (w: number, h: number, arg: number) => string): Formatter {
  return {
    name,
    format(v, args, ctx: PluginContext) {
      const size = parseSize(v);
      if (size === null) {
        ctx.error('INVALID_SIZE', INVALID_SIZE);
        return '';
      }
      return compute(size[0], size[1], Number(args[0]));
    },
  };
}

const heightForWidth = (w: number, h: number, width: number) => Math.floor((h * width) / w);
const widthForHeight = (w: number, h: number, height: number) => Math.floor((w * height) / h);

export const IMAGE_FORMATTERS: Formatter<any>[] = [
  imageMetaFormatter,
  childImageMeta,
  coverImageMeta,
  image,
  imageSrcset,
  imageColor,
  sizeFormatter('width', (w) => String(w)),
  sizeFormatter('height', (_w, h) => String(h)),
  sizeFormatter('resizedHeightForWidth', (w, h, width) => String(heightForWidth(w, h, width))),
  sizeFormatter('resizedWidthForHeight', (w, h, height) => String(widthForHeight(w, h, height))),
  sizeFormatter('squarespaceThumbnailForWidth', (_w, _h, width) => thumbnailWidth(width)),
  sizeFormatter('squarespaceThumbnailForHeight', (w, h, height) => thumbnailWidth(widthForHeight(w, h, height))),
];
