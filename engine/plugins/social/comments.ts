/**
 * Comment formatters: `comments` (the comment thread container), `comment-link` (link to an item's comments)
 * and `comment-count` ("N Comment(s)").
 *
 * Markup lives in JSON-T constants rendered with `ctx.renderBuiltin` over a small view object built here. Every
 * field of a view is set (never undefined), so a lookup inside the built-in template never walks out of the view
 * into the page's frames.
 */
import { isObject, toText } from '../../values.js';
import type { Formatter } from '../types.js';
import { numberOf, siteSettings, usesDisqus } from './predicates.js';

/** View: { disqus, id, count, state }. */
const COMMENTS_TEMPLATE =
  '{.if disqus}<div class="squarespace-comments" id="disqus_thread"></div>' +
  '{.or}<div class="squarespace-comments" id="comments-{id|htmlattr}" data-item-id="{id|htmlattr}"' +
  ' data-public-comment-count="{count|htmlattr}" data-comment-state="{state|htmlattr}"></div>{.end}';

/** View: { disqus, url, id, count, label }. Spec 001: the link is the full URL with anchor comments-<id>. */
const COMMENT_LINK_TEMPLATE =
  '{.if disqus}<a href="{url|htmlattr}" class="sqs-comment-link sqs-disqus-comment-link" data-id="{id|htmlattr}"></a>' +
  '{.or}<a href="{url|htmlattr}#comments-{id|htmlattr}" class="sqs-comment-link" data-id="{id|htmlattr}">\n' +
  '  {count}\n' +
  '  {label}\n' +
  '  </a>{.end}';

/** The public comment count of an item (or a bare count): a non-negative integer, 0 when missing. */
export function commentCount(value: unknown): number {
  const n = numberOf(isObject(value) ? value['publicCommentCount'] : value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function commentLabel(count: number): string {
  return count === 1 ? 'Comment' : 'Comments';
}

const comments: Formatter = {
  name: 'comments',
  format(value, _args, ctx) {
    if (!isObject(value)) return '';
    const view = {
      disqus: usesDisqus(siteSettings(ctx, value)),
      id: toText(value['id']),
      count: toText(value['publicCommentCount']),
      state: toText(value['commentState']),
    };
    return ctx.renderBuiltin(COMMENTS_TEMPLATE, view);
  },
};

const commentLink: Formatter = {
  name: 'comment-link',
  format(value, _args, ctx) {
    if (!isObject(value)) return '';
    const count = commentCount(value);
    const view = {
      disqus: usesDisqus(siteSettings(ctx, value)),
      url: toText(value['fullUrl']),
      id: toText(value['id']),
      count: String(count),
      label: commentLabel(count),
    };
    return ctx.renderBuiltin(COMMENT_LINK_TEMPLATE, view);
  },
};

const commentCountFormatter: Formatter = {
  name: 'comment-count',
  format(value) {
    if (!isObject(value) && typeof value !== 'number' && typeof value !== 'string') return '';
    const count = commentCount(value);
    return `${count} ${commentLabel(count)}`;
  },
};

export const COMMENT_FORMATTERS: Formatter[] = [comments, commentLink, commentCountFormatter];
