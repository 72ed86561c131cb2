/** The average colours of an image's regions (`colorData`), as `data-color-*` attributes or one colour. */
import { isObject } from '../../values.js';
import type { Formatter } from '../types.js';
import { field, text } from './scalars.js';

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/**
 * All five regions as `data-color-<position>="#hex"` joined by spaces, names lower-cased on request. Every
 * region prints, with a bare `#` when its average is absent, as the platform does.
 */
export function colorAttributes(colorData: unknown, lowercase: boolean): string {
  return COLOR_POSITIONS.map((pos) => `data-color-${lowercase ? pos.toLowerCase() : pos}="#${text(field(colorData, `${pos}Average`))}"`).join(' ');
}

/**
 * `{img|image-color}`: all regions, each attribute followed by a space. `{img|image-color topLeft}`: `#hex`;
 * `… topLeft prop`: `prop: #hex`; a region without a colour prints `"topLeft" not found.`. An image without
 * `colorData` leaves the value missing (`raw` prints null), as on the platform.
 */
const imageColor: Formatter = {
  name: 'image-color',
  format(v, args) {
    if (!isObject(v) || v['colorData'] === undefined) return undefined;
    const data = v['colorData'];
    if (args.length === 0) return colorAttributes(data, false) + ' ';
    const c = text(field(data, `${args[0]}Average`));
    if (c === '') return `"${args[0]}" not found.`;
    return args[1] === undefined ? `#${c}` : `${args[1]}: #${c}`;
  },
};

export const IMAGE_COLOR_FORMATTERS: Formatter<any>[] = [imageColor];
