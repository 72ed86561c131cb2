/**
 * Comment formatters: `comments` (the comment thread container), `comment-link` (link to an item's comments)
 * and `comment-count` ("No Comments", "1 Comment", "N Comments").
 *
 * Markup lives in JSON-T constants rendered with `ctx.renderBuiltin` over a small view object built here. Every
 * field of a view is set (never undefined), so a lookup inside the built-in template never walks out of the view
 * into the page's frames.
 */
import { isObject, isTruthy, toNumber, toText } from '../../values.js';
import type { Formatter } from '../types.js';
import { numberOf, usesDisqus } from './predicates.js';

/**
 * View: { disqus, id, kind, ownerId, count, state }. `id` is the formatted value's; the data attributes are the
 * `item` in scope, else the `collection` (a page without an item), else absent. The line break and indentation
 * around the markup are the platform template's, kept as the reference and the Java engine print them.
 */
const COMMENTS_TEMPLATE =
  '\n  {.if disqus}<div class="squarespace-comments" id="disqus_thread"></div>' +
  '{.or}<div class="squarespace-comments" id="comments-{id|htmlattr}"{.if kind} data-{kind}-id="{ownerId|htmlattr}"' +
  ' data-public-comment-count="{count|htmlattr}" data-comment-state="{state|htmlattr}"{.end}></div>{.end}\n';

/** View: { disqus, url, id, count, label }. Spec 001: the link is the full URL with anchor comments-<id>. */
const COMMENT_LINK_TEMPLATE =
  '\n  {.if disqus}<a href="{url|htmlattr}" class="sqs-comment-link sqs-disqus-comment-link" data-id="{id|htmlattr}"></a>' +
  '{.or}<a href="{url|htmlattr}#comments-{id|htmlattr}" class="sqs-comment-link" data-id="{id|htmlattr}">\n' +
  '  {count}\n' +
  '  {label}\n' +
  '  </a>{.end}\n';

/**
 * `comment-count`'s words: "No Comments" for a count that is missing, null, zero, false, a list or an object,
 * "1 Comment" (also for true), "N Comments" with N printed as the JSON holds it ("NaN" for text that is not a
 * number). Only an object's `publicCommentCount` counts.
 */
export function commentCountWords(value: unknown): { count: string; label: string } {
  let raw = isObject(value) ? value['publicCommentCount'] : undefined;
  if (typeof raw === 'boolean') raw = raw ? 1 : 0;
  // Text is read from its start, as the numeric formatters read it ("2x" is 2).
  const n = typeof raw === 'string' ? toNumber(raw) : numberOf(raw);
  if (typeof raw !== 'number' && typeof raw !== 'string') return { count: 'No', label: 'Comments' };
  if (n === 0) return { count: 'No', label: 'Comments' };
  // A count in text is printed as the number it reads as ("12.50" is 12.5).
  return { count: typeof raw === 'string' ? String(n) : toText(raw), label: commentLabel(n) };
}

/**
 * `comment-link`'s words, which the platform reads differently: "No" only for the number 0, the count as
 * written otherwise, and nothing when it is missing or null (" Comments"); "Comment" only for the number 1.
 */
function commentLinkWords(raw: unknown): { count: string; label: string } {
  return { count: raw === 0 ? 'No' : toText(raw ?? ''), label: commentLabel(typeof raw === 'number' ? raw : NaN) };
}

export function commentLabel(count: number): string {
  return count === 1 ? 'Comment' : 'Comments';
}

/**
 * The platform's comment templates read the item's fields as variables: a field the value lacks (or a value
 * that is no item) is looked up in the scopes around the tag, hence `scoped` and `ctx.resolve`.
 */
const comments: Formatter = {
  name: 'comments',
  scoped: 'always',
  format(_value, _args, ctx) {
    const item = ctx.resolve('item');
    const collection = ctx.resolve('collection');
    // The item when there is one (any truthy value, as the platform tests it), else the collection.
    const kind = isTruthy(item) ? 'item' : isTruthy(collection) ? 'collection' : '';
    const owner = kind === 'item' ? item : collection;
    const of = (key: string) => (isObject(owner) ? toText(owner[key]) : '');
    const view = {
      disqus: usesDisqus(ctx.resolve('websiteSettings')),
      id: toText(ctx.resolve('id')),
      kind,
      ownerId: of('id'),
      count: of('publicCommentCount'),
      state: of('commentState'),
    };
    return ctx.renderBuiltin(COMMENTS_TEMPLATE, view);
  },
};

const commentLink: Formatter = {
  name: 'comment-link',
  scoped: 'always',
  format(_value, _args, ctx) {
    const view = {
      disqus: usesDisqus(ctx.resolve('websiteSettings')),
      url: toText(ctx.resolve('fullUrl') ?? ''),
      id: toText(ctx.resolve('id') ?? ''),
      ...commentLinkWords(ctx.resolve('publicCommentCount')),
    };
    return ctx.renderBuiltin(COMMENT_LINK_TEMPLATE, view);
  },
};

const commentCountFormatter: Formatter = {
  name: 'comment-count',
  format(value) {
    const { count, label } = commentCountWords(value);
    return `${count} ${label}`;
  },
};

export const COMMENT_FORMATTERS: Formatter[] = [comments, commentLink, commentCountFormatter];
