/**
 * Image formatters: the metadata attributes (`image-meta`, and the same for a collection's child or cover
 * image), the full `<img>` markup with its `<noscript>` fallback, and the size, srcset and colour helpers.
 */
import { isObject } from '../../values.js';
import { escapeAttr } from '../core/text.js';
import type { Formatter } from '../types.js';
import { IMAGE_COLOR_FORMATTERS } from './image-color.js';
import { altText, imageMeta } from './image-meta.js';
import { SIZE_FORMATTERS } from './image-size.js';
import { SRCSET_FORMATTERS } from './image-srcset.js';
import { field, text } from './scalars.js';

const imageMetaFormatter: Formatter = { name: 'image-meta', format: (v, _args, ctx) => imageMeta(v, ctx) };

/** `{collection|child-image-meta N}`: the metadata of `items[N]` (N read as an integer prefix, default 0). */
const childImageMeta: Formatter = {
  name: 'child-image-meta',
  format(v, args, ctx) {
    const items = isObject(v) ? v['items'] : undefined;
    if (typeof items !== 'object' || items === null) return '';
    const n = args[0] === undefined ? 0 : Number.parseInt(args[0], 10);
    return imageMeta(field(items, String(n)), ctx);
  },
};

const coverImageMeta: Formatter = {
  name: 'cover-image-meta',
  format: (v, _args, ctx) => (isObject(v) ? imageMeta(v['coverImage'], ctx) : ''),
};

/**
 * `{img|image [class]}`: the lazy-loading image with its no-script fallback. One argument is the class, even
 * an empty one (`{img|image,}` prints `class=""`, as the platform does); none or several give `thumb-image`. The alt text is escaped once in the fallback and twice in the
 * image, exactly as the platform prints it. A missing image still prints the markup, without metadata.
 */
const image: Formatter = {
  name: 'image',
  format(v, args, ctx) {
    const img = isObject(v) ? v : {};
    const cls = args.length === 1 ? args[0]! : 'thumb-image';
    const alt = escapeAttr(v === undefined ? '' : altText(img, ctx));
    return (
      `<noscript><img src="${text(img['assetUrl'])}" alt="${alt}" /></noscript>` +
      `<img class="${cls}" ${imageMeta(v, ctx, escapeAttr(alt))}data-load="false" data-image-id="${text(img['id'])}" data-type="image" />`
    );
  },
};

export const IMAGE_FORMATTERS: Formatter<any>[] = [
  imageMetaFormatter,
  childImageMeta,
  coverImageMeta,
  image,
  ...SRCSET_FORMATTERS,
  ...IMAGE_COLOR_FORMATTERS,
  ...SIZE_FORMATTERS,
];
