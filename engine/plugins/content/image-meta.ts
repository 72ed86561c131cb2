/**
 * The `data-*` metadata of an image as the platform prints it (spec 001 §3 image fields, §9 focal point and
 * title fallback): licence and component markers, source, dimensions, focal point and alt text.
 */
import { isObject, isTruthy } from '../../values.js';
import { escapeAttr } from '../core/text.js';
import type { PluginContext } from '../types.js';
import { looseNumber, readsAs, text } from './scalars.js';

type Json = Record<string, unknown>;

/** Alt text from a body is cut to this many characters (spec 001 §9 "Title fallback from body"). */
export const ALT_FROM_BODY_MAX = 250;

/** The focal point when an image has none. */
export const DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

/** Block type of an image block: its images take their alt text from `altText` only. */
const IMAGE_BLOCK = 5;

const TAG = /<[^>]*>/g;

/**
 * The block type seen from the image: its own `blockType` key when it has one (even null, as a variable
 * lookup would stop there), else the nearest one in the enclosing frames.
 */
function blockType(image: Json, ctx: PluginContext): unknown {
  return Object.hasOwn(image, 'blockType') ? image['blockType'] : ctx.resolve('blockType');
}

/** Equal to 5 as the platform compares: the number, or text that reads as it (" 5", "5.0"). */
function isImageBlock(v: unknown): boolean {
  return readsAs(v, IMAGE_BLOCK);
}

/**
 * The alt text, unescaped. Inside an image block, `altText` alone (empty when absent). Elsewhere the first
 * truthy field of title (as text: a list or object gives empty), body (if it prints as text; tags turned into
 * spaces, cut to 250 UTF-16 units), file name.
 */
export function altText(image: Json, ctx: PluginContext): string {
  if (isImageBlock(blockType(image, ctx))) return text(image['altText']);
  for (const key of ['title', 'body', 'filename'] as const) {
    const v = image[key];
    if (!isTruthy(v)) continue;
    // A truthy title wins even when it prints as nothing (a non-empty list or object); a body only when it
    // prints as text (differential against the reference).
    const t = text(v);
    if (t === '' && key === 'body') continue;
    return key === 'body' ? t.replace(TAG, ' ').slice(0, ALT_FROM_BODY_MAX) : t;
  }
  return '';
}

/**
 * `x,y` of the focal point: the default when the image has none; otherwise each coordinate read loosely, so a
 * focal point that is not an object, or lacks a coordinate, gives 0 for it.
 */
export function focalPoint(image: Json): string {
  const fp = image['mediaFocalPoint'];
  if (fp === undefined) return `${DEFAULT_FOCAL_POINT.x},${DEFAULT_FOCAL_POINT.y}`;
  const coords = isObject(fp) ? fp : {};
  return `${looseNumber(coords['x'])},${looseNumber(coords['y'])}`;
}

const NOT_AN_OBJECT: Json = {};

/**
 * The attributes, each followed by a space; '' when there is no image at all (missing). Any other value, even
 * null or a string, prints the attributes with empty fields. Source, dimensions and component key print as
 * they are, as the platform does; only the alt text is escaped. `alt` overrides the computed alt text
 * (already escaped, for callers that escape differently).
 */
export function imageMeta(image: unknown, ctx: PluginContext, alt?: string): string {
  if (image === undefined) return '';
  const img = isObject(image) ? image : NOT_AN_OBJECT;
  let out = '';
  if (isObject(img['licensedAssetPreview'])) out += 'data-licensed-asset-preview="true" ';
  if (img['componentKey'] !== undefined) out += `data-component-key="${text(img['componentKey'])}" `;
  const url = text(img['assetUrl']);
  return (
    out +
    `data-src="${url}" data-image="${url}" data-image-dimensions="${text(img['originalSize'])}" ` +
    `data-image-focal-point="${focalPoint(img)}" alt="${alt ?? escapeAttr(altText(img, ctx))}" `
  );
}
