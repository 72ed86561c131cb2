/** Content formatters: images, media, item classes, URLs and colours. */
import type { Formatter } from '../types.js';
import { COLOR_FORMATTERS } from './color-formatters.js';
import { IMAGE_FORMATTERS } from './image.js';
import { ITEM_FORMATTERS } from './item.js';
import { MEDIA_FORMATTERS } from './media.js';
import { TEXT_FORMATTERS } from './text-formatters.js';

export const CONTENT_FORMATTERS: Formatter<any>[] = [
  ...IMAGE_FORMATTERS,
  ...MEDIA_FORMATTERS,
  ...ITEM_FORMATTERS,
  ...TEXT_FORMATTERS,
  ...COLOR_FORMATTERS,
];
