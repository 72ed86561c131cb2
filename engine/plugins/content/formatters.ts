/** Content formatters. */
import type { Formatter } from '../types.js';

export const CONTENT_FORMATTERS: Formatter<any>[] = [];
