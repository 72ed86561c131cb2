/**
 * Social formatters: `like-button`, `social-button`, `social-button-inline`, `twitter-follow-button` (markup
 * rendered from JSON-T constants over a view object whose fields are all set) and `activate-twitter-links`
 * (links web addresses, @mentions and #hashtags in text).
 */
import { isObject, isTruthy, toText } from '../../values.js';
import type { Formatter, PluginContext } from '../types.js';

/**
 * View: { id, count }. Rendered only when the site settings have simpleLikingEnabled, with the platform
 * template's line break and indentation around it (as the reference and the Java engine print it).
 */
const LIKE_BUTTON_TEMPLATE =
  '\n  <span class="sqs-simple-like" data-item-id="{id|htmlattr}" data-like-count="{count|htmlattr}">\n' +
  '    <span class="like-icon"></span>\n' +
  '    <span class="like-count"></span>\n' +
  '  </span>\n';

const SHARE_ATTRIBUTES =
  ' data-system-data-id="{id|htmlattr}" data-asset-url="{asset|htmlattr}" data-record-type="{type|htmlattr}"' +
  ' data-full-url="{url|htmlattr}" data-title="{title|htmlattr}"';

/** View: { id, asset, type, url, title }. */
const SOCIAL_BUTTON_TEMPLATE = `<div class="squarespace-social-buttons button-style"${SHARE_ATTRIBUTES}></div>`;
const SOCIAL_BUTTON_INLINE_TEMPLATE = `<span class="squarespace-social-buttons inline-style"${SHARE_ATTRIBUTES}></span>`;

/** View: { user }. */
const FOLLOW_BUTTON_TEMPLATE =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
  'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>' +
  '<div class="squarespace-follow-button" data-username="{user|htmlattr}"></div>';

/**
 * The platform's template reads the item's fields and the site settings as variables (differential): a field
 * the value lacks, or any field of a value that is no object, comes from the scopes around the tag, and a null
 * stops the lookup there. A falsy value (missing, null, an empty object) is no item: nothing.
 */
const likeButton: Formatter = {
  name: 'like-button',
  scoped: 'always',
  format(value, _args, ctx) {
    if (!isTruthy(value)) return '';
    const settings = ctx.resolve('websiteSettings');
    if (!isObject(settings) || !isTruthy(settings['simpleLikingEnabled'])) return '';
    // the count as the JSON holds it; a missing one leaves the attribute empty, as on the platform
    return ctx.renderBuiltin(LIKE_BUTTON_TEMPLATE, { id: toText(ctx.resolve('id')), count: toText(ctx.resolve('likeCount')) });
  },
};

/**
 * Whether share buttons are on: `website.shareButtonOptions` (the `website` in scope, the value's own first) is
 * a list or an object with at least one entry. A string, a number or `true` is not (differential).
 */
function sharesButtons(ctx: PluginContext): boolean {
  const website = ctx.resolve('website');
  const options = isObject(website) ? website['shareButtonOptions'] : undefined;
  return typeof options === 'object' && isTruthy(options);
}

/** A field of the shared record as an attribute: text, a number or a boolean as written; anything else empty. */
function scalarText(v: unknown): string {
  return typeof v === 'object' ? '' : toText(v);
}

function socialButton(name: string, template: string): Formatter {
  return {
    name,
    scoped: true,
    format(value, _args, ctx) {
      if (!sharesButtons(ctx)) return '';
      // Any value gets the markup; only an object's own fields fill it. Each of the id and the address is the
      // record's own (`systemDataId`, `assetUrl`) when the record has that key, even null or empty, else its
      // main image's (`mainImageId`, `mainImage.assetUrl`); the record type plays no part (differential).
      const record = isObject(value) ? value : {};
      const mainImage = record['mainImage'];
      const own = (key: string, fallback: () => unknown) => scalarText(record[key] !== undefined ? record[key] : fallback());
      const view = {
        id: own('systemDataId', () => record['mainImageId']),
        asset: own('assetUrl', () => (isObject(mainImage) ? mainImage['assetUrl'] : undefined)),
        type: scalarText(record['recordType']),
        url: scalarText(record['fullUrl']),
        title: scalarText(record['title']),
      };
      return ctx.renderBuiltin(template, view);
    },
  };
}

/**
 * The Twitter user name as the platform reads it: `userName` as written when it is a non-empty string, a number
 * or a boolean (`0` is "0"), else what follows the last `/` of `profileUrl` (`http://twitter.com/foobar` is
 * "foobar", a URL ending in `/` gives ""). Nothing is trimmed or stripped.
 */
export function twitterUserName(value: Record<string, unknown>): string {
  const user = value['userName'];
  if ((typeof user === 'string' && user !== '') || typeof user === 'number' || typeof user === 'boolean') return toText(user);
  return afterLastSlash(toText(value['profileUrl']));
}

export function afterLastSlash(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

const twitterFollowButton: Formatter = {
  name: 'twitter-follow-button',
  format(value, _args, ctx) {
    // The platform renders the button even without a user name (an empty data-username).
    return ctx.renderBuiltin(FOLLOW_BUTTON_TEMPLATE, { user: twitterUserName(isObject(value) ? value : {}) });
  },
};

/**
 * Web addresses as the platform links them (found by differential testing against the reference): `http`,
 * `https`, `ftp` or `file` in any case at a word's start, then ASCII URL characters, ending on one that cannot
 * be trailing punctuation (`.`, `,`, `:`, `;`, `!`, `?` stay outside the link). A backslash can end an address
 * but not continue one, as there.
 */
const ADDRESS = /\b(?:https?|ftp|file):\/\/[-A-Za-z0-9+&@#/%?=~_|!:,.;]*[-A-Za-z0-9+&@#/%=~_|\\]/gi;
/**
 * @mentions and #hashtags of ASCII word characters (digits alone too), at the start of the text or after a
 * plain space only (not a newline, tab or no-break space). Markup is not special: the platform links inside
 * tags and link text too.
 */
const MENTION = /(^| )(?:@(\w+)|#(\w+))/g;

/** Spec 001: social links are built for web addresses, @mentions and hashtags; addresses first, as there. */
export function activateTwitterLinks(text: string): string {
  return text
    .replace(ADDRESS, (url) => `<a target="new" href="${url}">${url}</a>`)
    .replace(MENTION, (_m, space: string, user: string | undefined, tag: string | undefined) =>
      user !== undefined
        ? `${space}<a target="new" href="https://twitter.com/${user}/">@${user}</a>`
        : `${space}<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">#${tag}</a>`,
    );
}

const activateTwitterLinksFormatter: Formatter = {
  name: 'activate-twitter-links',
  format(value) {
    if (typeof value === 'string') return activateTwitterLinks(value);
    // The result is always text, as on the platform: a number or boolean as written, anything else (missing,
    // null, lists, objects) empty, so a numeric formatter after it reads NaN.
    return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  },
};

export const SOCIAL_FORMATTERS: Formatter[] = [
  likeButton,
  socialButton('social-button', SOCIAL_BUTTON_TEMPLATE),
  socialButton('social-button-inline', SOCIAL_BUTTON_INLINE_TEMPLATE),
  twitterFollowButton,
  activateTwitterLinksFormatter,
];
