/**
 * Generated product images: every product gets a deterministic studio-style picture, drawn as SVG offline:
 * a backdrop gradient with a soft light behind the object, an object from a silhouette family chosen by the
 * product's title (a folded shirt, a mug, a tote, a stack of blankets, candles, a card, a book, a coffee
 * pouch, napkins, a spool, a stool, an apron; or a vase, a box, a ball), a soft floor or drop shadow, and a
 * maker's mark on the object where it has a face; no words (the name is the picture's accessible name, not
 * printed in it, so it reads as a product shot rather than a labelled placeholder). Colours come
 * from a hash of the id, or from the option value when a variant's picture is named after a colour (Olive,
 * Navy, Sand…). Served in the responsive widths of spec 001 §9 (the `width`/`height` attributes of the SVG
 * are the format's, the drawing the same), so the same key, title and width always give the same bytes.
 */
import { createHash } from 'node:crypto';
import { parsePictureUrl, type PictureRef } from './merchant/pictures/picture-url.js';

/** Responsive widths the platform serves (spec 001 §9), as `?format=` values. */
export const IMAGE_FORMATS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The original is as wide as the largest format, so every format is a downscale (none is upscaled). */
export const ORIGINAL_WIDTH = 2500;
/** Product photos in portrait 4:5. */
export const ORIGINAL_HEIGHT = 3125;

/** Bumped whenever the drawing changes, so that cached copies (ETags) of older pictures are not reused. */
export const GENERATOR_VERSION = 2;

/** The media type of the generated pictures. */
export const IMAGE_CONTENT_TYPE = 'image/svg+xml';

/** The focal point of every generated image: its centre (spec 001 §9 default). */
export const FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

/** The drawing's own coordinates: 1000 × 1250 (4:5), the floor line at FLOOR. */
const VIEW_W = 1000;
const VIEW_H = 1250;
const FLOOR = 1010;

/** Width in pixels of a `?format=` value; null for anything but the formats above and `original`. */
export function formatWidth(format: string | undefined): number | null {
  if (format === undefined || format === 'original') return ORIGINAL_WIDTH;
  return (IMAGE_FORMATS as readonly string[]).includes(format) ? Number.parseInt(format, 10) : null;
}

/** The refusal of a `?format=` that is none of the formats (a list, from a repeated parameter, included). */
export function unknownFormatMessage(format: unknown): string {
  return `Unknown image format ${JSON.stringify(String(format))}: use one of ${IMAGE_FORMATS.join(', ')} or original.`;
}

/**
 * The height for a width, computed as the engine's `resizedHeightForWidth` computes it (ratio first, then
 * truncated), so the `height` attribute a template prints is the height we serve.
 */
export function heightForWidth(width: number): number {
  return ((width / ORIGINAL_WIDTH) * ORIGINAL_HEIGHT) | 0;
}

// ---------------------------------------------------------------------------------------------------------
// Colours

type Rgb = readonly [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (c: Rgb) => c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');
const css = (c: Rgb) => `#${toHex(c)}`;

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const lighten = (c: Rgb, t: number) => mix(c, WHITE, t);
const darken = (c: Rgb, t: number) => mix(c, BLACK, t);

/** Relative luminance (WCAG), to print on an object in a colour that reads. */
function luminance([r, g, b]: Rgb): number {
  const f = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** Colours an option value may name (lower case; a value's last word is tried too: "Dark Olive" → olive). */
export const NAMED_COLOURS: Readonly<Record<string, string>> = {
  olive: '#6b6d3a',
  navy: '#24324f',
  sand: '#cdb891',
  black: '#2a2a2c',
  white: '#f1efe9',
  ivory: '#eee8d6',
  cream: '#ece3cc',
  natural: '#e3d8c0',
  oat: '#d8ccb2',
  beige: '#d6c4a3',
  tan: '#bf9a6c',
  camel: '#b68a55',
  brown: '#6e4b34',
  chocolate: '#4e3224',
  grey: '#8b8e92',
  gray: '#8b8e92',
  charcoal: '#3b3e43',
  slate: '#5a6673',
  smoke: '#7e8084',
  red: '#a63b33',
  rust: '#a4532e',
  terracotta: '#b8613f',
  clay: '#b9785a',
  brick: '#94432f',
  burgundy: '#6c2634',
  wine: '#6a2636',
  plum: '#5f3651',
  fig: '#6d3f5c',
  purple: '#6b4c80',
  lavender: '#a99bc4',
  pink: '#d8a3a6',
  blush: '#e2b9b2',
  rose: '#c77f86',
  coral: '#df7e67',
  orange: '#d17d3a',
  mustard: '#c9a23c',
  ochre: '#c2913a',
  yellow: '#dcbd4c',
  gold: '#c8a24a',
  green: '#3f6c4b',
  sage: '#9bab8c',
  moss: '#6d7a45',
  forest: '#2f4b37',
  mint: '#a9cfb9',
  teal: '#2f6c6c',
  blue: '#3b5f90',
  indigo: '#3c4079',
  denim: '#4c6687',
  sky: '#8fb4d6',
  cedar: '#8b5a3c',
  walnut: '#5c4030',
  oak: '#b58b5a',
  linen: '#ddd3c0',
};

/** The colour an option value (or its slug) names, if any. */
export function namedColour(value: string): Rgb | null {
  const slug = value.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const words = slug.split('-').filter((w) => w !== '');
  for (const candidate of [words.join('_'), words[words.length - 1] ?? '', words[0] ?? '']) {
    const hex = NAMED_COLOURS[candidate];
    if (hex !== undefined) return hexToRgb(hex);
  }
  return null;
}

/** Product colours for pictures whose product names none: muted, as dyed cloth, glaze and wood are. */
const PRODUCT_COLOURS = ['#b8613f', '#3b5f90', '#c2913a', '#2f6c6c', '#5f3651', '#9bab8c', '#3c4079', '#d8a3a6', '#3b3e43', '#6d7a45', '#cdb891', '#6c2634'];

/**
 * Which of the product colours an id gets: ids ending in a number (the demo's p01, p02…) take the colours in
 * turn, warm and cool alternating, so neighbours in a grid differ; other ids, by their hash.
 */
function colourIndex(productId: string, hash: Buffer): number {
  const number = /(\d+)$/.exec(productId);
  return (number === null ? hash[0]! : Number.parseInt(number[1]!.slice(-6), 10) + PRODUCT_COLOURS.length - 1) % PRODUCT_COLOURS.length;
}
/** Studio backdrops: warm and cool off-whites, each with its own light. */
const BACKDROPS = ['#efe9df', '#e9ece8', '#f0e6e0', '#e6e9ef', '#ece8f0', '#f1ece2'];

// ---------------------------------------------------------------------------------------------------------
// The design of one picture

/** The silhouette families, chosen from the product's title. */
export const FAMILIES = ['shirt', 'apron', 'mug', 'tote', 'blanket', 'candle', 'card', 'book', 'pouch', 'napkins', 'spool', 'stool', 'vase', 'box', 'ball'] as const;
export type Family = (typeof FAMILIES)[number];

const FAMILY_WORDS: readonly [RegExp, Family][] = [
  [/\b(shirt|tee|t-shirt|blouse|top|jacket|sweater|hoodie)s?\b/, 'shirt'],
  [/\bapron/, 'apron'],
  [/\b(mug|cup|tumbler)s?\b/, 'mug'],
  [/\b(tote|bag|backpack|purse)s?\b/, 'tote'],
  [/\b(blanket|throw|quilt|rug)s?\b/, 'blanket'],
  [/\bcandle/, 'candle'],
  [/\b(gift ?card|card|pass|membership|voucher|ticket)s?\b/, 'card'],
  [/\b(book|guide|pattern|pdf|journal|notebook|zine|ebook)s?\b/, 'book'],
  [/\b(coffee|tea|beans?|granola|subscription)\b/, 'pouch'],
  [/\b(napkin|towel|cloth|linens?|handkerchief)s?\b/, 'napkins'],
  [/\b(repair|mending|mend|thread|sewing|service)\b/, 'spool'],
  [/\b(seat|stool|chair|workshop|class|lesson)s?\b/, 'stool'],
  [/\b(vase|pot|bottle|jar)s?\b/, 'vase'],
  [/\b(box|kit|set)\b/, 'box'],
];

/** The family for a product title; titles that name none get an abstract object from the hash. */
export function familyFor(title: string, hash: Buffer): Family {
  const lower = title.toLowerCase();
  for (const [words, family] of FAMILY_WORDS) if (words.test(lower)) return family;
  return (['vase', 'box', 'ball'] as const)[hash[5]! % 3]!;
}

interface Design {
  readonly family: Family;
  readonly object: Rgb;
  readonly backdrop: Rgb;
  readonly name: string;
  /** Which way the key light falls (1: from the left, -1: from the right). */
  readonly light: 1 | -1;
}

/**
 * `urlId` (the product's URL id) is read for the family too: the demo's ids are its English names, so a demo
 * seeded in another language (`TESSERA_DEMO_LANGUAGE`) still draws an apron for "Leinenschürze".
 */
function design(key: string, title: string, urlId = ''): Design {
  const productId = imageProductId(key);
  const hash = createHash('sha256').update(productId).digest();
  const variantValue = key.length > productId.length ? key.slice(productId.length + 2) : null;
  const variantHash = createHash('sha256').update(key).digest();
  const named = variantValue === null ? null : namedColour(variantValue);
  // a variant that names no colour keeps the product's colour family but shifts within it
  const base = hexToRgb(PRODUCT_COLOURS[colourIndex(productId, hash)]!);
  const object = named ?? (variantValue === null ? base : mix(base, hexToRgb(PRODUCT_COLOURS[variantHash[0]! % PRODUCT_COLOURS.length]!), 0.5));
  return {
    family: familyFor(title === '' && urlId === '' ? productId : `${title} ${urlId.replace(/-/g, ' ')}`, hash),
    object,
    backdrop: hexToRgb(BACKDROPS[hash[1]! % BACKDROPS.length]!),
    name: title,
    light: (hash[2]! & 1) === 0 ? 1 : -1,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Drawing

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');


/** An object part: its shape, filled with `fill`, then the volume shading over it. */
function part(shape: string, fill: Rgb, shade = true): string {
  return shade ? `<g>${shape.replace('/>', ` fill="${css(fill)}"/>`)}${shape.replace('/>', ' fill="url(#vol)"/>')}</g>` : shape.replace('/>', ` fill="${css(fill)}"/>`);
}

/**
 * The maker's mark on an object where it has a face: a ring around a small tilted square (a tessera), in a
 * colour that reads on `on`, centred at (x, y - 0.35 size) where a printed initial once stood. No words: a
 * product shot shows the goods, not a label naming them.
 */
function mark(x: number, y: number, size: number, on: Rgb, extra = ''): string {
  const ink = luminance(on) > 0.35 ? css(darken(on, 0.6)) : css(lighten(on, 0.75));
  const cy = Math.round(y - size * 0.35);
  const r = Math.round(size * 0.3);
  const tile = Math.round(size * 0.11);
  return (
    `<g class="mark" fill="none" stroke="${ink}" stroke-width="${Math.max(2, Math.round(size * 0.045))}"${extra}>` +
    `<circle cx="${x}" cy="${cy}" r="${r}"/>` +
    `<rect x="${x - tile}" y="${cy - tile}" width="${tile * 2}" height="${tile * 2}" fill="${ink}" stroke="none" transform="rotate(45 ${x} ${cy})"/>` +
    `</g>`
  );
}

const floorShadow = (cx: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${FLOOR + 6}" rx="${rx * 1.15}" ry="${rx * 0.16}" fill="url(#floor-shadow)"/><ellipse cx="${cx}" cy="${FLOOR + 2}" rx="${rx * 0.9}" ry="${rx * 0.05}" fill="url(#contact-shadow)"/>`;

/** A drop shadow for things that hang or float: the silhouette, blurred, below and to the side. */
const dropShadow = (shape: string, light: 1 | -1) =>
  `<g transform="translate(${light * 26} 34)" filter="url(#blur)" opacity="0.28">${shape.replace('/>', ' fill="#2b2118"/>')}</g>`;

/** How much each family is enlarged about its foot, so that every object fills the frame alike. */
const FAMILY_SCALE: Readonly<Record<Family, number>> = {
  shirt: 1.12,
  apron: 1.02,
  mug: 1.32,
  tote: 1.08,
  blanket: 1.1,
  candle: 1.22,
  card: 1.12,
  book: 1.12,
  pouch: 1.2,
  napkins: 1.38,
  spool: 1.25,
  stool: 1.12,
  vase: 1.22,
  box: 1.15,
  ball: 1.15,
};

function drawObject(d: Design): string {
  const c = d.object;
  const dark = darken(c, 0.28);
  const light = lighten(c, 0.25);
  const stroke = (col: Rgb, w: number) => ` stroke="${css(col)}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"`;
  switch (d.family) {
    case 'shirt': {
      const body = `<rect x="240" y="600" width="520" height="${FLOOR - 600}" rx="26"/>`;
      const buttons = [690, 780, 870, 960].map((y) => `<circle cx="500" cy="${y}" r="9" fill="${css(lighten(c, 0.6))}"/>`).join('');
      return (
        floorShadow(500, 290) +
        part(body, c) +
        `<path d="M310 640 V${FLOOR - 8} M690 640 V${FLOOR - 8}" fill="none"${stroke(dark, 5)} opacity="0.35"/>` +
        `<path d="M392 604 Q500 566 608 604 L600 630 Q500 600 400 630 Z" fill="${css(darken(c, 0.4))}"/>` +
        `<rect x="487" y="622" width="26" height="${FLOOR - 630}" fill="${css(darken(c, 0.1))}"/>` +
        buttons +
        `<path d="M500 632 L398 604 L430 712 Z" fill="${css(light)}"${stroke(dark, 3)}/><path d="M500 632 L602 604 L570 712 Z" fill="${css(light)}"${stroke(dark, 3)}/>` +
        `<rect x="565" y="740" width="105" height="110" rx="6" fill="none"${stroke(dark, 4)} opacity="0.55"/>`
      );
    }
    case 'apron': {
      const shape = `<path d="M405 455 H595 L612 640 Q700 650 742 672 L758 1000 Q500 1040 242 1000 L258 672 Q300 650 388 640 Z"/>`;
      return (
        dropShadow(shape, d.light) +
        `<path d="M412 460 C400 300 600 300 588 460" fill="none"${stroke(dark, 16)}/>` +
        part(shape, c) +
        `<path d="M262 680 C200 720 190 800 210 860 M738 680 C800 720 810 800 790 860" fill="none"${stroke(dark, 14)}/>` +
        `<rect x="385" y="760" width="230" height="140" rx="10" fill="${css(darken(c, 0.08))}"${stroke(dark, 4)}/>` +
        `<path d="M500 760 V900" ${stroke(dark, 4)}/>` +
        mark(500, 610, 110, c)
      );
    }
    case 'mug': {
      const body = `<path d="M330 650 H650 V960 Q650 ${FLOOR} 600 ${FLOOR} H380 Q330 ${FLOOR} 330 960 Z"/>`;
      return (
        floorShadow(500, 230) +
        `<path d="M648 700 C780 700 790 900 648 910" fill="none"${stroke(darken(c, 0.12), 46)}/>` +
        part(body, c) +
        `<ellipse cx="490" cy="650" rx="160" ry="26" fill="${css(light)}"/><ellipse cx="490" cy="654" rx="140" ry="18" fill="${css(darken(c, 0.45))}"/>` +
        mark(490, 880, 170, c)
      );
    }
    case 'tote': {
      const body = `<path d="M280 580 H720 L752 ${FLOOR} H248 Z"/>`;
      return (
        floorShadow(500, 290) +
        `<path d="M365 590 C360 380 470 380 468 590 M532 590 C530 380 640 380 635 590" fill="none"${stroke(dark, 24)}/>` +
        part(body, c) +
        `<path d="M280 640 H720" ${stroke(dark, 4)} opacity="0.4"/>` +
        mark(500, 880, 200, c)
      );
    }
    case 'blanket': {
      const layers = [
        { x: 215, y: 880, w: 570, h: FLOOR - 880, col: c },
        { x: 235, y: 752, w: 540, h: 128, col: lighten(c, 0.12) },
        { x: 225, y: 624, w: 555, h: 128, col: darken(c, 0.06) },
        { x: 245, y: 506, w: 525, h: 118, col: lighten(c, 0.2) },
      ];
      return (
        floorShadow(500, 300) +
        layers
          .map(
            (l) =>
              part(`<rect x="${l.x}" y="${l.y}" width="${l.w}" height="${l.h}" rx="${l.h / 2.4}"/>`, l.col) +
              `<rect x="${l.x + 70}" y="${l.y + 4}" width="22" height="${l.h - 8}" fill="${css(lighten(l.col, 0.55))}" opacity="0.8"/><rect x="${l.x + l.w - 92}" y="${l.y + 4}" width="22" height="${l.h - 8}" fill="${css(lighten(l.col, 0.55))}" opacity="0.8"/>`,
          )
          .join('')
      );
    }
    case 'candle': {
      const jars = [
        { cx: 330, h: 300, col: c },
        { cx: 500, h: 390, col: lighten(c, 0.18) },
        { cx: 670, h: 260, col: darken(c, 0.12) },
      ];
      return (
        floorShadow(500, 290) +
        jars
          .map(({ cx, h, col }) => {
            const top = FLOOR - h;
            return (
              part(`<rect x="${cx - 74}" y="${top}" width="148" height="${h}" rx="16"/>`, col) +
              `<ellipse cx="${cx}" cy="${top + 6}" rx="66" ry="13" fill="${css(lighten(col, 0.4))}"/>` +
              `<path d="M${cx} ${top + 4} v-26" ${stroke([40, 32, 28], 4)}/>` +
              `<path d="M${cx} ${top - 70} C${cx + 16} ${top - 46} ${cx + 14} ${top - 28} ${cx} ${top - 22} C${cx - 14} ${top - 28} ${cx - 16} ${top - 46} ${cx} ${top - 70} Z" fill="#f4b94a"/>` +
              `<rect x="${cx - 74}" y="${top + h * 0.42}" width="148" height="${Math.min(110, h * 0.32)}" fill="#f3ede1"/>` +
              mark(cx, top + h * 0.42 + Math.min(110, h * 0.32) / 2 + 22, 60, [243, 237, 225])
            );
          })
          .join('')
      );
    }
    case 'card': {
      const shape = `<rect x="225" y="560" width="550" height="346" rx="30"/>`;
      return (
        `<g transform="rotate(-7 500 733)">` +
        dropShadow(shape, d.light) +
        part(shape, c) +
        `<circle cx="690" cy="640" r="120" fill="${css(lighten(c, 0.15))}" opacity="0.7"/>` +
        mark(330, 690, 120, c) +
        `<rect x="265" y="846" width="200" height="12" rx="6" fill="${luminance(c) > 0.35 ? css(darken(c, 0.25)) : css(lighten(c, 0.3))}"/>` +
        `</g>`
      );
    }
    case 'book': {
      const cover = `<rect x="320" y="500" width="360" height="${FLOOR - 500}" rx="8"/>`;
      return (
        floorShadow(500, 240) +
        `<path d="M672 506 L722 486 V${FLOOR - 16} L672 ${FLOOR} Z" fill="#efe8da"/>` +
        `<path d="M685 520 V${FLOOR - 20} M698 512 V${FLOOR - 24} M710 504 V${FLOOR - 28}" ${stroke([205, 196, 178], 2)}/>` +
        `<path d="M320 500 L370 480 H722 L672 500 Z" fill="${css(dark)}"/>` +
        part(cover, c) +
        `<rect x="320" y="500" width="34" height="${FLOOR - 500}" fill="${css(darken(c, 0.18))}"/>` +
        `<rect x="390" y="600" width="230" height="4" fill="${css(lighten(c, 0.6))}"/><rect x="390" y="860" width="230" height="4" fill="${css(lighten(c, 0.6))}"/>` +
        mark(505, 790, 170, c)
      );
    }
    case 'pouch': {
      const body = `<path d="M335 ${FLOOR} L358 600 H642 L665 ${FLOOR} Z"/>`;
      return (
        floorShadow(500, 220) +
        part(body, c) +
        `<path d="M352 540 H648 L642 600 H358 Z" fill="${css(dark)}"/>` +
        `<path d="M352 540 L360 520 H640 L648 540 Z" fill="${css(darken(c, 0.4))}"/>` +
        `<circle cx="500" cy="790" r="110" fill="#f3ede1"/>` +
        mark(500, 828, 110, [243, 237, 225]) +
        `<circle cx="590" cy="650" r="13" fill="${css(darken(c, 0.35))}"/>`
      );
    }
    case 'napkins': {
      const layers = [0, 1, 2, 3].map((i) => ({ y: FLOOR - 80 * (i + 1), col: i % 2 === 0 ? c : lighten(c, 0.22) }));
      return (
        floorShadow(500, 260) +
        layers.map((l) => part(`<rect x="270" y="${l.y}" width="460" height="80" rx="14"/>`, l.col)).join('') +
        `<rect x="452" y="${FLOOR - 322}" width="44" height="322" fill="${css(lighten(c, 0.65))}"/>` +
        mark(620, FLOOR - 262, 64, lighten(c, 0.22))
      );
    }
    case 'spool': {
      const wood: Rgb = [196, 160, 112];
      const lines = Array.from({ length: 13 }, (_, i) => `<path d="M392 ${640 + i * 24} H608" ${stroke(dark, 3)} opacity="0.35"/>`).join('');
      return (
        floorShadow(500, 200) +
        part(`<rect x="388" y="610" width="224" height="350"/>`, c) +
        lines +
        part(`<rect x="350" y="570" width="300" height="44" rx="12"/>`, wood) +
        part(`<rect x="350" y="${FLOOR - 48}" width="300" height="48" rx="12"/>`, darken(wood, 0.08)) +
        `<path d="M600 880 C700 930 760 860 800 760" fill="none"${stroke(c, 6)}/><path d="M800 760 L860 560" ${stroke([120, 124, 130], 7)}/>`
      );
    }
    case 'stool': {
      const wood = d.object;
      return (
        floorShadow(500, 250) +
        `<path d="M392 680 L372 ${FLOOR - 30} M608 680 L628 ${FLOOR - 30}" ${stroke(darken(wood, 0.35), 26)}/>` +
        `<path d="M352 840 H648" ${stroke(darken(wood, 0.25), 16)}/>` +
        `<path d="M340 670 L292 ${FLOOR} M660 670 L708 ${FLOOR}" ${stroke(darken(wood, 0.12), 32)}/>` +
        part(`<rect x="270" y="620" width="460" height="52" rx="20"/>`, darken(wood, 0.1)) +
        `<ellipse cx="500" cy="622" rx="230" ry="46" fill="${css(lighten(wood, 0.12))}"/>`
      );
    }
    case 'vase': {
      const shape = `<path d="M440 500 H560 Q556 560 585 610 Q690 720 670 860 Q655 ${FLOOR} 560 ${FLOOR} H440 Q345 ${FLOOR} 330 860 Q310 720 415 610 Q444 560 440 500 Z"/>`;
      return floorShadow(500, 200) + part(shape, c) + `<ellipse cx="500" cy="502" rx="60" ry="12" fill="${css(darken(c, 0.4))}"/>` + mark(500, 860, 120, c);
    }
    case 'box': {
      return (
        floorShadow(500, 280) +
        part(`<path d="M250 640 L500 700 V${FLOOR} L250 950 Z"/>`, c) +
        part(`<path d="M500 700 L750 640 V950 L500 ${FLOOR} Z"/>`, darken(c, 0.15)) +
        `<path d="M250 640 L500 580 L750 640 L500 700 Z" fill="${css(light)}"/>` +
        mark(375, 860, 120, c, ' transform="skewY(13.5)" transform-origin="375 860"')
      );
    }
    case 'ball': {
      return (
        floorShadow(500, 220) +
        `<circle cx="500" cy="${FLOOR - 230}" r="230" fill="${css(c)}"/><circle cx="500" cy="${FLOOR - 230}" r="230" fill="url(#sphere)"/>` +
        mark(500, FLOOR - 180, 150, c)
      );
    }
  }
}

/** The SVG of a picture at `width` pixels wide; `key` is a product id or a variant key (`p02--olive`), `title` its product's. */
export function renderProductImage(key: string, width: number, title = '', urlId = ''): string {
  const d = design(key, title, urlId);
  const height = heightForWidth(width);
  const wallTop = lighten(d.backdrop, 0.35);
  const wall = d.backdrop;
  const floor = darken(d.backdrop, 0.07);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_W} ${VIEW_H}" role="img" aria-label="${escapeXml(d.name || key)}">` +
    `<defs>` +
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${css(wallTop)}"/><stop offset="0.7" stop-color="${css(wall)}"/><stop offset="0.82" stop-color="${css(floor)}"/><stop offset="1" stop-color="${css(darken(floor, 0.04))}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${0.5 - d.light * 0.12}" cy="0.42" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="floor-shadow"><stop offset="0" stop-color="#2b2118" stop-opacity="0.3"/><stop offset="0.6" stop-color="#2b2118" stop-opacity="0.1"/><stop offset="1" stop-color="#2b2118" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="contact-shadow"><stop offset="0" stop-color="#1d1610" stop-opacity="0.45"/><stop offset="1" stop-color="#1d1610" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="vol" x1="${d.light === 1 ? 0 : 1}" y1="0" x2="${d.light === 1 ? 1 : 0}" y2="0.25"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>` +
    `<radialGradient id="sphere" cx="${0.5 - d.light * 0.18}" cy="0.32" r="0.75"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>` +
    `<filter id="blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="22"/></filter>` +
    `</defs>` +
    `<rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#wall)"/><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#glow)"/>` +
    `<g transform="translate(500 ${FLOOR}) scale(${FAMILY_SCALE[d.family]}) translate(-500 -${FLOOR})">${drawObject(d)}</g>` +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Records

/**
 * The average colours of the picture's quarters and centre, estimated from the drawing's colours (the wall
 * above, the floor and the object below, the object in the middle): what a page may tint a placeholder
 * with before the picture arrives. Left and right alike: the drawings are about symmetric.
 */
type ColorData = Readonly<Record<'topLeftAverage' | 'topRightAverage' | 'bottomLeftAverage' | 'bottomRightAverage' | 'centerAverage', string>>;

export function colorData(key: string): ColorData {
  const d = design(key, '');
  const top = mix(lighten(d.backdrop, 0.35), d.backdrop, 0.6);
  const bottom = mix(mix(d.backdrop, darken(d.backdrop, 0.07), 0.5), d.object, 0.35);
  const centre = mix(d.backdrop, d.object, 0.45);
  return { topLeftAverage: toHex(top), topRightAverage: toHex(top), bottomLeftAverage: toHex(bottom), bottomRightAverage: toHex(bottom), centerAverage: toHex(centre) };
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
  return `/static/images/${productId}.svg`;
}

/** The URL stores seeded before the pictures were SVG hold (`.png`): still ours, served from the new URL. */
export function legacyProductImageUrl(productId: string): string {
  return `/static/images/${productId}.png`;
}

/** A strong ETag for a picture at a width: the bytes depend on the key, the title and the generator only. */
export function imageEtag(key: string, width: number, title = '', urlId = ''): string {
  const titleHash = createHash('sha256').update(`${title}\n${urlId}`).digest('hex').slice(0, 10);
  return `"img${GENERATOR_VERSION}-${key}-${width}-${titleHash}"`;
}

/**
 * The image fields of a product item as the platform's item JSON carries them: the main image's fields on
 * the item itself (what `image`, `image-meta` and `image-srcset` read from the item), the image record as
 * `mainImage`, and the product's images as `items`. A product whose image is one of ours gets all of them; an
 * image from elsewhere only its URL (its size is unknown); no image, nothing.
 */
export function productImageFields(productId: string, imageUrl: string | null, title: string, variantKeys: readonly string[] = []): Record<string, unknown> {
  if (imageUrl === null) return {};
  const uploaded = parsePictureUrl(imageUrl);
  if (uploaded !== null) return uploadedImageFields(productId, imageUrl, uploaded, title);
  if (imageUrl !== productImageUrl(productId) && imageUrl !== legacyProductImageUrl(productId)) return { assetUrl: imageUrl };
  const image = productImageRecord(productId, productImageUrl(productId), title);
  const { id, assetUrl, originalSize, mediaFocalPoint, colorData: colours, systemDataId, systemDataVariants } = image;
  const variantImages = variantKeys.map((key) => productImageRecord(variantImageKey(productId, key), productImageUrl(variantImageKey(productId, key)), title));
  return { mainImageId: id, assetUrl, originalSize, mediaFocalPoint, colorData: colours, systemDataId, systemDataVariants, mainImage: image, items: [image, ...variantImages] };
}

/**
 * The image fields of a product whose picture the merchant uploaded (server/merchant/pictures/): its size and
 * format come from its address; it is offered at each responsive width up to its own (no colour data: the
 * platform computes it from the pixels, which a page render does not read).
 */
function uploadedImageFields(productId: string, url: string, picture: PictureRef, title: string): Record<string, unknown> {
  const size = `${picture.width}x${picture.height}`;
  const widths = IMAGE_FORMATS.filter((f) => Number.parseInt(f, 10) <= picture.width);
  const image = {
    id: `${productId}-image`,
    recordType: 2,
    title,
    altText: title,
    assetUrl: url,
    originalSize: size,
    mediaFocalPoint: { ...FOCAL_POINT },
    systemDataId: `${productId}-${picture.hash}`,
    systemDataVariants: [size, ...widths].join(','),
  };
  const { id, assetUrl, originalSize, mediaFocalPoint, systemDataId, systemDataVariants } = image;
  return { mainImageId: id, assetUrl, originalSize, mediaFocalPoint, systemDataId, systemDataVariants, mainImage: image, items: [image] };
}

/**
 * Demo products with options get one more picture per value of their first option (each colour of a shirt
 * its own), which the variants with that value name as their main image: the key is the product id and the
 * value's slug, `p02--olive`, drawn like the product's, in the colour the value names if it names one.
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
