/** `color-weight` (light or dark of a hex colour) and `website-color` (an HSL object as CSS). */
import type { Formatter } from '../types.js';
import { colorWeight, formatHsl } from './color.js';
import { text } from './scalars.js';

/** A value that is not a hex colour leaves the value missing (`raw` prints null), as on the platform. */
const colorWeightFormatter: Formatter = {
  name: 'color-weight',
  format: (v) => colorWeight(text(v)) ?? undefined,
};

/** Anything that is not an object with hue, saturation and lightness prints the missing-value message. */
const websiteColor: Formatter = {
  name: 'website-color',
  format: (v) => formatHsl(v),
};

export const COLOR_FORMATTERS: Formatter<any>[] = [colorWeightFormatter, websiteColor];
