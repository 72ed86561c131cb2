/**
 * Generated product images: every product gets a deterministic picture (a soft vertical gradient with a
 * circle or a rounded square in front), coloured from a hash of its id, in the responsive widths of spec 001
 * §9. The same id always gives the same bytes, so an image's ETag needs no encoding and no storage.
 */
import { createHash } from 'node:crypto';
import { encodePalettePng, type Rgb } from './png.js';

/** Responsive widths the platform serves (spec 001 §9), as `?format=` values. */
export const IMAGE_FORMATS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The original is as wide as the largest format, so every format is a downscale (none is upscaled). */
export const ORIGINAL_WIDTH = 2500;
/** Product photos in portrait 4:5. */
export const ORIGINAL_HEIGHT = 3125;

/** Bumped whenever the drawing changes, so that cached copies (ETags) of older pictures are not reused. */
export const GENERATOR_VERSION = 1;

/** The focal point of every generated image: its centre (spec 001 §9 default). */
export const FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

/** Shades in the background gradient: enough to look smooth, few enough for long runs of one index. */
const GRADIENT_STEPS = 96;
const SHAPE_INDEX = GRADIENT_STEPS;

/** Width in pixels of a `?format=` value; null for anything but the formats above and `original`. */
export function formatWidth(format: string | undefined): number | null {
  if (format === undefined || format === 'original') return ORIGINAL_WIDTH;
  return (IMAGE_FORMATS as readonly string[]).includes(format) ? Number.parseInt(format, 10) : null;
}

/**
 * The height for a width, computed as the engine's `resizedHeightForWidth` computes it (ratio first, then
 * truncated), so the `height` attribute a template prints is the height we serve.
 */
export function heightForWidth(width: number): number {
  return ((width / ORIGINAL_WIDTH) * ORIGINAL_HEIGHT) | 0;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
}

const hex = (c: Rgb) => c.map((v) => v.toString(16).padStart(2, '0')).join('');

/** The drawing of one product, independent of the size it is rendered at. */
interface Design {
  readonly top: Rgb;
  readonly bottom: Rgb;
  readonly shape: Rgb;
  readonly circle: boolean;
}

function design(productId: string): Design {
  const h = createHash('sha256').update(productId).digest();
  const hue = (h.readUInt16BE(0) / 65536) * 360;
  return {
    top: hslToRgb(hue, 0.45, 0.9),
    bottom: hslToRgb((hue + 25) % 360, 0.4, 0.72),
    shape: hslToRgb((hue + 180) % 360, 0.35, 0.45),
    circle: (h[2]! & 1) === 0,
  };
}

/**
 * Which palette index a point of the picture has, on the unit square (u across, v down): the shape is
 * centred, 0.56 of the width across (a circle, or a square with rounded corners).
 */
function shapeSpan(d: Design, v: number, aspect: number): [number, number] | null {
  // Work in width units: the picture is 1 wide and `aspect` tall, the shape centred at (0.5, aspect/2).
  const dy = Math.abs(v * aspect - aspect / 2);
  const half = 0.28;
  if (d.circle) {
    if (dy >= half) return null;
    const dx = Math.sqrt(half * half - dy * dy);
    return [0.5 - dx, 0.5 + dx];
  }
  if (dy >= half) return null;
  const radius = 0.06;
  const inner = half - radius;
  const dx = dy <= inner ? half : inner + Math.sqrt(radius * radius - (dy - inner) ** 2);
  return [0.5 - dx, 0.5 + dx];
}

function gradientIndex(v: number): number {
  return Math.min(GRADIENT_STEPS - 1, Math.floor(v * GRADIENT_STEPS));
}

function palette(d: Design): Rgb[] {
  const colours = Array.from({ length: GRADIENT_STEPS }, (_, i) => mix(d.top, d.bottom, i / (GRADIENT_STEPS - 1)));
  colours.push(d.shape);
  return colours;
}

/** The PNG of a product's picture, `width` pixels wide (one of the formats' widths). */
export function renderProductImage(productId: string, width: number): Buffer {
  const d = design(productId);
  const height = heightForWidth(width);
  const aspect = ORIGINAL_HEIGHT / ORIGINAL_WIDTH;
  return encodePalettePng({
    width,
    height,
    palette: palette(d),
    row(y, out) {
      const v = (y + 0.5) / height;
      out.fill(gradientIndex(v));
      const span = shapeSpan(d, v, aspect);
      if (span === null) return;
      const from = Math.max(0, Math.round(span[0] * width));
      const to = Math.min(width, Math.round(span[1] * width));
      if (to > from) out.fill(SHAPE_INDEX, from, to);
    },
  });
}

/** The colour of the picture at a point of the unit square. */
function colourAt(d: Design, pal: readonly Rgb[], u: number, v: number): Rgb {
  const span = shapeSpan(d, v, ORIGINAL_HEIGHT / ORIGINAL_WIDTH);
  return span !== null && u >= span[0] && u < span[1] ? pal[SHAPE_INDEX]! : pal[gradientIndex(v)]!;
}

/** Average colour of a region of the unit square, sampled on a 16×16 grid. */
function average(d: Design, pal: readonly Rgb[], u0: number, v0: number, u1: number, v1: number): Rgb {
  const n = 16;
  const sum = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const c = colourAt(d, pal, u0 + ((u1 - u0) * (i + 0.5)) / n, v0 + ((v1 - v0) * (j + 0.5)) / n);
      sum[0]! += c[0];
      sum[1]! += c[1];
      sum[2]! += c[2];
    }
  }
  return [Math.round(sum[0]! / n / n), Math.round(sum[1]! / n / n), Math.round(sum[2]! / n / n)];
}

type ColorData = Readonly<Record<'topLeftAverage' | 'topRightAverage' | 'bottomLeftAverage' | 'bottomRightAverage' | 'centerAverage', string>>;

/** Colour data by product id: sampling costs more than building a page's JSON, and it never changes. */
const colorDataCache = new Map<string, ColorData>();
const COLOR_DATA_CACHE_MAX = 10_000;

/** The average colours of the picture's four quarters and its centre, as hex without `#`. */
export function colorData(productId: string): ColorData {
  const cached = colorDataCache.get(productId);
  if (cached !== undefined) return cached;
  const d = design(productId);
  const pal = palette(d);
  const data: ColorData = {
    topLeftAverage: hex(average(d, pal, 0, 0, 0.5, 0.5)),
    topRightAverage: hex(average(d, pal, 0.5, 0, 1, 0.5)),
    bottomLeftAverage: hex(average(d, pal, 0, 0.5, 0.5, 1)),
    bottomRightAverage: hex(average(d, pal, 0.5, 0.5, 1, 1)),
    centerAverage: hex(average(d, pal, 0.25, 0.25, 0.75, 0.75)),
  };
  if (colorDataCache.size >= COLOR_DATA_CACHE_MAX) colorDataCache.clear();
  colorDataCache.set(productId, data);
  return data;
}

/**
 * The image record of a product's picture in the platform's shape (spec 001 §3 image fields): asset URL,
 * "WxH" original size, focal point, region colour averages (hex without `#`, as the platform stores them) and
 * the list of generated variants that `image-srcset` reads.
 */
export function productImageRecord(productId: string, url: string, title: string): Record<string, unknown> {
  return {
    id: `${productId}-image`,
    recordType: 2,
    title,
    altText: title,
    assetUrl: url,
    originalSize: `${ORIGINAL_WIDTH}x${ORIGINAL_HEIGHT}`,
    mediaFocalPoint: { ...FOCAL_POINT },
    colorData: { ...colorData(productId) },
    systemDataId: `${productId}-image`,
    systemDataVariants: [`${ORIGINAL_WIDTH}x${ORIGINAL_HEIGHT}`, ...IMAGE_FORMATS].join(','),
  };
}

/** The URL of a product's generated picture. */
export function productImageUrl(productId: string): string {
  return `/static/images/${productId}.png`;
}

/** A strong ETag for a product picture at a width: the bytes depend on nothing else. */
export function imageEtag(productId: string, width: number): string {
  return `"img${GENERATOR_VERSION}-${productId}-${width}"`;
}

/**
 * The image fields of a product item as the platform's item JSON carries them: the main image's fields on
 * the item itself (what `image`, `image-meta` and `image-srcset` read from the item), the image record as
 * `mainImage`, and the product's images as `items`. A product whose image is one of ours gets all of them; an
 * image from elsewhere only its URL (its size is unknown); no image, nothing.
 */
export function productImageFields(productId: string, imageUrl: string | null, title: string, variantKeys: readonly string[] = []): Record<string, unknown> {
  if (imageUrl === null) return {};
  if (imageUrl !== productImageUrl(productId)) return { assetUrl: imageUrl };
  const image = productImageRecord(productId, imageUrl, title);
  const { id, assetUrl, originalSize, mediaFocalPoint, colorData: colours, systemDataId, systemDataVariants } = image;
  const variantImages = variantKeys.map((key) => productImageRecord(variantImageKey(productId, key), productImageUrl(variantImageKey(productId, key)), title));
  return { mainImageId: id, assetUrl, originalSize, mediaFocalPoint, colorData: colours, systemDataId, systemDataVariants, mainImage: image, items: [image, ...variantImages] };
}

/**
 * Demo products with options get one more picture per value of their first option (each colour of a shirt
 * its own), which the variants with that value name as their main image: the key is the product id and the
 * value's slug, `p02--olive`, and is drawn like any product id.
 */
export function variantImageKey(productId: string, optionValue: string): string {
  const slug = optionValue.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `${productId}--${slug === '' ? 'value' : slug}`;
}

/** The product id of an image key (the part before `--`). */
export function imageProductId(key: string): string {
  const cut = key.indexOf('--');
  return cut < 0 ? key : key.slice(0, cut);
}
