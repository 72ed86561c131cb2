/**
 * Social predicates (`comments?`, `disqus?`) and the site-settings helpers the social formatters share.
 *
 * Site settings (`websiteSettings`: disqusShortname, disqusShortName, commentsEnabled, simpleLikingEnabled)
 * are found the way a template variable would find them: walking the frames outward from the current node,
 * so a page context has them at its root and an item may carry its own.
 */
import { isObject, isTruthy, toNumber } from '../../values.js';
import type { Predicate } from '../types.js';

/**
 * Whether the comment markup is Disqus's: the settings' `disqusShortname` is truthy. The `disqus?` predicate
 * reads the other spelling, `disqusShortName`, alone (differential and the Java fixture p-disqus: each reads
 * only its own).
 */
export function usesDisqus(settings: unknown): boolean {
  return isObject(settings) && isTruthy(settings['disqusShortname']);
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
 * disabled if site settings exist and commentsEnabled is not set. As on the platform (differential), settings
 * that are there but no object (null, a number, a list) disable them too, and both fields are read as the
 * numeric formatters read numbers (`true` is 1, `"1x"` is 1, a list 0).
 */
export function commentsActive(item: unknown, settings: unknown): boolean {
  if (settings !== undefined && !(isObject(settings) && isTruthy(settings['commentsEnabled']))) return false;
  if (!isObject(item)) return false;
  return toNumber(item['commentState']) === 1 || toNumber(item['publicCommentCount']) > 0;
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
    const settings = ctx.resolve('websiteSettings');
    return isObject(settings) && isTruthy(settings['disqusShortName']);
  },
};

export const SOCIAL_PREDICATES: Predicate[] = [comments, disqus];
