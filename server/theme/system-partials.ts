/**
 * The platform's own partials, which theme templates apply by name without shipping them
 * (`{@|apply sqs-share-buttons}`): Tessera provides each unless the theme has a block of that name.
 *
 * - `sqs-share-buttons`: over an item, when the site settings turn sharing on (`shareButtonOptions`), the
 *   platform's share-button markup (`{@|social-button-inline}`) and a plain e-mail link, which works
 *   without JavaScript.
 * - `sqs-like-button`: the item's like button (`{@|like-button}`), when simple liking is on.
 * - `sqs-comments`: the item's comments (`{@|comments}`) when comments are on for it.
 */
export const SYSTEM_PARTIALS: Readonly<Record<string, string>> = {
  'sqs-share-buttons':
    '{.if websiteSettings.shareButtonOptions}<div class="sqs-share-buttons">{@|social-button-inline}' +
    '<a class="sqs-share-email" href="mailto:?subject={title|url-encode}&amp;body={fullUrl|url-encode}">Share by e-mail</a></div>{.end}',
  'sqs-like-button': '{@|like-button}',
  'sqs-comments': '{.comments?}<div class="sqs-comments">{@|comments}</div>{.end}',
};
