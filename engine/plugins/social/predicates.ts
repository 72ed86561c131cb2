/**
 * Social predicates (`comments?`, `disqus?`) and the site-settings helpers the social formatters share.
 *
 * Site settings (`websiteSettings`: disqusShortname, commentsEnabled, simpleLikingEnabled, shareButtonOptions)
 * are found the way a template variable would find them: walking the frames outward from the current node,
 * so a page context has them at its root and an item may carry its own.
 */
import { isObject, isTruthy } from '../../values.js';
import type { PluginContext, Predicate } from '../types.js';

/** The site settings in scope: the value's own `websiteSettings` first (when given), else the frames'. */
export function siteSettings(ctx: PluginContext, value?: unknown): unknown {
  if (isObject(value)) {
    const own = value['websiteSettings'];
    if (own !== undefined && own !== null) return own;
  }
  return ctx.resolve('websiteSettings');
}

/** Whether the site uses Disqus for comments: a non-empty shortname (also read as `disqusShortName`). */
export function usesDisqus(settings: unknown): boolean {
  if (!isObject(settings)) return false;
  return isTruthy(settings['disqusShortname']) || isTruthy(settings['disqusShortName']);
}

/** A number from a JSON number or a numeric string; NaN otherwise. */
export function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && NUMERIC.test(v)) return Number(v);
  return NaN;
}

const NUMERIC = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * Spec 001 §4: comments are active if commentState equals 1 or the public comment count is above 0, but
 * disabled if site settings exist and commentsEnabled is not set.
 */
export function commentsActive(item: unknown, settings: unknown): boolean {
  if (isObject(settings) && !isTruthy(settings['commentsEnabled'])) return false;
  if (!isObject(item)) return false;
  return numberOf(item['commentState']) === 1 || numberOf(item['publicCommentCount']) > 0;
}

const comments: Predicate = {
  name: 'comments?',
  test(ctx) {
    return commentsActive(ctx.node, ctx.resolve('websiteSettings'));
  },
};

const disqus: Predicate = {
  name: 'disqus?',
  test(ctx) {
    return usesDisqus(ctx.resolve('websiteSettings'));
  },
};

export const SOCIAL_PREDICATES: Predicate[] = [comments, disqus];
