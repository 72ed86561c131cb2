/** Small text formatters of the content set: absolute URLs and upper case. */
import type { Formatter } from '../types.js';
import { text } from './scalars.js';

/**
 * A site-relative path made absolute with the page's `base-url`, looked up like a variable from the value's
 * own frame out (an object value with a `base-url` supplies it, as on the platform).
 */
const absUrl: Formatter = {
  name: 'AbsUrl',
  scoped: true,
  format: (v, _args, ctx) => `${text(ctx.resolve('base-url'))}/${text(v)}`,
};

/** Upper case of a scalar; lists and objects print nothing. */
const capitalize: Formatter = {
  name: 'capitalize',
  format: (v) => text(v).toUpperCase(),
};

export const TEXT_FORMATTERS: Formatter<any>[] = [absUrl, capitalize];
