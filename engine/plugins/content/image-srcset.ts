/** `image-srcset`: a responsive `srcset` attribute from the variants the platform generated for an image. */
import { isObject } from '../../values.js';
import type { Formatter } from '../types.js';
import { IMAGE_WIDTHS } from './image-size.js';
import { text } from './scalars.js';

const STANDARD = IMAGE_WIDTHS.map((w) => `${w}w`);

/**
 * From `systemDataVariants` ("1500x983,100w,300w,…") every entry ending in `w` becomes `url?format=E E`. When
 * the last of them is a standard width below the largest, the original stands in for the next standard
 * width (the variant that was not made because the image is smaller). The attribute starts with a space, to
 * follow other attributes. A value that is not an object, or an image without such widths, passes through
 * unchanged (as on the platform: `{img|image-srcset|json}` of an image without variants is the image).
 */
const imageSrcset: Formatter = {
  name: 'image-srcset',
  format(v) {
    if (!isObject(v)) return v;
    const variants = v['systemDataVariants'];
    if (typeof variants !== 'string') return v;
    const widths = variants.split(',').filter((s) => s.endsWith('w'));
    if (widths.length === 0) return v;
    const url = text(v['assetUrl']);
    const entries = widths.map((w) => `${url}?format=${w} ${w}`);
    const next = STANDARD.indexOf(widths[widths.length - 1]!) + 1;
    if (next > 0 && next < STANDARD.length) entries.push(`${url}?format=original ${STANDARD[next]}`);
    return ` srcset="${entries.join(',')}"`;
  },
};

export const SRCSET_FORMATTERS: Formatter<any>[] = [imageSrcset];
