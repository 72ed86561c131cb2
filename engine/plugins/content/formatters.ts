/** Content formatters: images, media, item classes, URLs and colours. */
import type { Formatter } from '../types.js';
import { IMAGE_FORMATTERS } from './image.js';
import { ITEM_FORMATTERS } from './item.js';
import { MEDIA_FORMATTERS } from './media.js';

export const CONTENT_FORMATTERS: Formatter<any>[] = [...IMAGE_FORMATTERS, ...MEDIA_FORMATTERS, ...ITEM_FORMATTERS];
