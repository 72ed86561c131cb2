/**
 * What the theme author's guide says about each formatter and predicate: one sentence and one example (a
 * template and the data it is rendered with). The guide is generated from the engine's plugin table, and
 * each example is rendered by the engine when the guide is written and again by its test, so an entry can
 * neither be missing, name a plugin that does not exist, nor show an output the engine does not give.
 *
 * Families the engine defines from a table (record types, promoted blocks, gallery options, slice types) are
 * documented from that same table.
 */
import { GALLERY_ACTIVE_ALIGNMENTS, GALLERY_DESIGNS, GALLERY_FLAGS, GALLERY_META_POSITIONS } from '../../engine/plugins/content/gallery.js';
import { PROMOTED_BLOCK_KINDS } from '../../engine/plugins/content/record-promoted.js';
import { RECORD_TYPES } from '../../engine/plugins/content/record-types.js';
import { ISLAND_NAMES } from '../../hydrate/ssr.js';

export interface PluginDoc {
  /** What it does, in one sentence. */
  readonly summary: string;
  /** A template that uses it. */
  readonly template: string;
  /** The data the example is rendered with. */
  readonly data?: unknown;
  /** The locale the example is rendered in (default `en`). */
  readonly locale?: string;
}

type Docs = Readonly<Record<string, PluginDoc>>;

/** "Now" for every example (15 March 2024, 16:00 UTC), so dates and relative times never drift. */
export const EXAMPLE_NOW = Date.UTC(2024, 2, 15, 16, 0, 0);
/** 15 March 2024 at noon in New York, as the platform stores dates (epoch milliseconds). */
const MARCH_15 = Date.UTC(2024, 2, 15, 16, 0, 0);
const website = { timeZone: 'America/New_York' };

/** A product as the page context holds it (trimmed): one variant in stock. */
const product = {
  id: 'p01',
  title: 'Linen Apron',
  fullUrl: '/shop/p/linen-apron',
  recordType: 11,
  structuredContent: {
    productType: 1,
    variants: [{ id: 'v1', sku: 'SQP011', attributes: {}, optionValues: [], priceMoney: { value: '48.00', currency: 'USD' }, salePriceMoney: { value: '0.00', currency: 'USD' }, onSale: false, unlimited: false, qtyInStock: 25 }],
  },
};
/** A product with two sizes at two prices, one on sale and one with three left. */
const sizedProduct = {
  id: 'p02',
  title: 'Field Shirt',
  fullUrl: '/shop/p/field-shirt',
  recordType: 11,
  structuredContent: {
    productType: 1,
    variantOptionOrdering: ['Size'],
    variants: [
      { id: 'v1', attributes: { Size: 'M' }, optionValues: [{ optionName: 'Size', value: 'M' }], priceMoney: { value: '68.00', currency: 'USD' }, salePriceMoney: { value: '54.00', currency: 'USD' }, onSale: true, unlimited: false, qtyInStock: 3 },
      { id: 'v2', attributes: { Size: 'L' }, optionValues: [{ optionName: 'Size', value: 'L' }], priceMoney: { value: '72.00', currency: 'USD' }, salePriceMoney: { value: '0.00', currency: 'USD' }, onSale: false, unlimited: false, qtyInStock: 10 },
    ],
  },
};
const image = {
  id: 'img1',
  recordType: 2,
  title: 'Linen Apron',
  altText: 'A linen apron on a hook',
  assetUrl: '/static/images/p01.svg',
  originalSize: '2500x3125',
  mediaFocalPoint: { x: 0.5, y: 0.4 },
  systemDataId: 'img1',
  systemDataVariants: '2500x3125,100w,300w,500w,750w,1000w,1500w,2500w',
  colorData: { topLeftAverage: 'f3efe6', topRightAverage: 'f3efe6', bottomLeftAverage: 'd8b6a4', bottomRightAverage: 'd8b6a4', centerAverage: 'd7ad99', suggestedBgColor: 'e8ddd0' },
};

export const FORMATTER_DOCS: Docs = {
  // ---- core ----
  apply: {
    summary: 'Renders a partial (`blocks/NAME.block`) or a macro with the value as its current node; `k=v` arguments become `@args`.',
    template: '{.macro greet}Hello, {name|html}!{.end}{person|apply greet}',
    data: { person: { name: 'Ada' } },
  },
  count: { summary: 'The number of elements of a list or keys of an object (0 for anything else).', template: '{tags|count} tags', data: { tags: ['linen', 'kitchen', 'gift'] } },
  cycle: {
    summary: 'Picks argument number (value − 1) modulo their count: alternate classes over a loop.',
    template: '{.repeated section sizes}<li class="{@index|cycle odd even}">{@|html}</li>{.end}',
    data: { sizes: ['S', 'M', 'L'] },
  },
  date: {
    summary: 'Formats epoch milliseconds with strftime codes in the site\'s time zone (`website.timeZone`); `%Z` is the zone\'s abbreviation.',
    template: '{publishOn|date %A, %B %e, %Y at %l:%M %p %Z}',
    data: { publishOn: MARCH_15, website },
  },
  'encode-space': { summary: 'Replaces each whitespace character with `&nbsp;`, so the text never wraps.', template: '{title|encode-space}', data: { title: 'Linen Apron' } },
  'encode-uri': { summary: "JavaScript's `encodeURI`: percent-encodes what cannot stand in a URL, keeping `/ ? & =`.", template: '<a href="{link|encode-uri}">', data: { link: '/search?q=linen wool' } },
  'encode-uri-component': { summary: "JavaScript's `encodeURIComponent`: percent-encodes for one part of a URL (`&`, `/` too).", template: '/search?q={query|encode-uri-component}', data: { query: 'linen & wool' } },
  format: {
    summary: 'Fills `{0}`, `{1}`… in the value with the arguments, each resolved as a variable.',
    template: '{message|format name count}',
    data: { message: 'Hi {0}, your cart holds {1} items.', name: 'Ada', count: 3 },
  },
  get: { summary: 'Looks up a path built from its arguments, each resolved as a variable (a dynamic key).', template: '{prices|get size}', data: { prices: { M: 68, L: 72 }, size: 'L' } },
  html: { summary: 'Escapes `&`, `<` and `>`: plain text into HTML text (in an attribute use `htmlattr`).', template: '<h1>{title|html}</h1>', data: { title: 'Salt & Pepper <Deluxe>' } },
  htmlattr: { summary: 'Escapes `&`, `<`, `>` and `"`: plain text into an attribute value.', template: '<img alt="{title|htmlattr}">', data: { title: 'The "Field" Shirt' } },
  htmltag: { summary: 'The same escaping as `htmlattr`, for text inside a tag.', template: '<div data-title="{title|htmltag}">', data: { title: 'Say "hi" <b>' } },
  iter: { summary: 'The 1-based index of the enclosing repeated section (as text).', template: '{.repeated section items}{@|iter}. {@|html} {.end}', data: { items: ['Apron', 'Mug'] } },
  json: { summary: 'The value as compact JSON, with `</` written `<\\/` so it cannot end a `<script>`.', template: '<script>var item = {item|json};</script>', data: { item: { id: 'p01', title: '</script>' } } },
  'json-pretty': { summary: 'The value as JSON indented by two spaces.', template: '<pre>{item|json-pretty|html}</pre>', data: { item: { id: 'p01', tags: ['linen'] } } },
  'find-first': {
    summary: 'The first element of a list; with a dotted path, the first whose value there is true; nothing when none is.',
    template: '{.var @p products|find-first onSale}{@p.title}',
    data: { products: [{ title: 'Apron', onSale: false }, { title: 'Mug', onSale: true }] },
  },
  'find-last': {
    summary: 'The last element of a list; with a dotted path, the last whose value there is true; nothing when none is.',
    template: '{.var @p products|find-last onSale}{@p.title}',
    data: { products: [{ title: 'Apron', onSale: true }, { title: 'Mug', onSale: true }, { title: 'Tote', onSale: false }] },
  },
  'line-breaks': { summary: 'Each line feed of the text as `<br/>` (nothing else is escaped: use `|html` first).', template: '{note|html|line-breaks}', data: { note: 'Wash cold.\nDry flat.' } },
  'key-by': { summary: 'A list of objects as an object keyed by the given path of each.', template: '{products|key-by id|json}', data: { products: [{ id: 'a1', title: 'Apron' }, { id: 'b2', title: 'Mug' }] } },
  lookup: { summary: 'Resolves the path named by the value of the argument (a variable holding a variable name).', template: '{@|lookup field}', data: { field: 'title', title: 'Linen Apron' } },
  mod: { summary: 'The value modulo the argument (default 2).', template: '{n|mod 3}', data: { n: 10 } },
  output: { summary: 'Prints its arguments joined by spaces (the value is ignored).', template: '{@|output hello world}', data: {} },
  pluralize: {
    summary: 'The singular form (default empty) when the value is 1, else the plural (default `s`).',
    template: '{count} item{count|pluralize}, {count|pluralize product products}',
    data: { count: 2 },
  },
  prop: { summary: 'The value of a fixed path under the value.', template: '{item|prop author.displayName|html}', data: { item: { author: { displayName: 'Ada Lovelace' } } } },
  raw: { summary: 'The value as JSON (`null` when missing), without escaping.', template: '{item|raw}', data: { item: { id: 'p01', price: 48 } } },
  round: { summary: 'Rounds a number to the nearest integer.', template: '{rating|round} stars', data: { rating: 4.6 } },
  safe: { summary: 'Strips HTML tags: markup into plain text (an excerpt in a meta description).', template: '{excerpt|safe}', data: { excerpt: '<p>Stonewashed <b>linen</b>.</p>' } },
  slugify: { summary: 'Lower case letters, digits and dashes: text into a URL or class name part.', template: 'category-{name|slugify}', data: { name: 'Kitchen & Table' } },
  smartypants: { summary: 'Curly quotes and apostrophes, and `--` as an em dash.', template: '{quote|smartypants}', data: { quote: '"It\'s linen -- and it lasts."' } },
  str: { summary: 'The value as text (empty for a list or an object).', template: '{n|str}', data: { n: 42 } },
  truncate: {
    summary: 'Cuts text to at most N characters (default 100) at a word break and adds `...` (or the second argument).',
    template: '{body|safe|truncate 24}',
    data: { body: '<p>Stonewashed linen with deep pockets and a long tie.</p>' },
  },
  'url-encode': { summary: 'Percent-encodes UTF-8 for a query value (space as `%20`).', template: '/search?q={query|url-encode}', data: { query: 'linen & wool' } },

  // ---- social ----
  comments: {
    summary: 'The comment thread container of an item (Disqus\'s when the site uses Disqus).',
    template: '{item|comments}',
    data: { item: { id: 'post1', publicCommentCount: 2, commentState: 1 }, websiteSettings: { commentsEnabled: true } },
  },
  'comment-link': {
    summary: 'A link to an item\'s comments with their count in words.',
    template: '{item|comment-link}',
    data: { item: { id: 'post1', fullUrl: '/blog/spring-notes', publicCommentCount: 2 } },
  },
  'comment-count': { summary: 'The number of comments in words: "No Comments", "1 Comment", "2 Comments".', template: '{item|comment-count}', data: { item: { publicCommentCount: 1 } } },
  'like-button': {
    summary: 'The simple like button of an item, when the site turns liking on.',
    template: '{item|like-button}',
    data: { item: { id: 'post1', likeCount: 12 }, websiteSettings: { simpleLikingEnabled: true } },
  },
  'social-button': {
    summary: 'The share buttons of an item, when the site turns share buttons on.',
    template: '{item|social-button}',
    data: { item: { id: 'post1', recordType: 1, fullUrl: '/blog/spring-notes', title: 'Spring notes' }, website: { shareButtonOptions: { facebook: true } } },
  },
  'social-button-inline': {
    summary: 'The share buttons as an inline `<span>`.',
    template: '{item|social-button-inline}',
    data: { item: { id: 'post1', recordType: 1, fullUrl: '/blog/spring-notes', title: 'Spring notes' }, website: { shareButtonOptions: { facebook: true } } },
  },
  'twitter-follow-button': { summary: 'A follow button for an account (its `userName`, else the last part of `profileUrl`).', template: '{account|twitter-follow-button}', data: { account: { profileUrl: 'https://twitter.com/tessera' } } },
  'activate-twitter-links': { summary: 'Links @mentions and #hashtags in text.', template: '{text|activate-twitter-links}', data: { text: 'Thanks @ada for #linen' } },
  'google-calendar-url': {
    summary: 'A link that adds an event to Google Calendar (title, dates, location).',
    template: '<a href="{event|google-calendar-url|htmlattr}">Add to calendar</a>',
    data: { event: { title: 'Spring workshop', startDate: MARCH_15, endDate: MARCH_15 + 7_200_000, location: { addressLine1: '1 Main St', addressLine2: 'Portland' } } },
  },
  timesince: { summary: '"about N units ago" in a `<span class="timesince">` carrying the date.', template: '{publishOn|timesince}', data: { publishOn: MARCH_15 - 3 * 86_400_000 } },

  // ---- content ----
  'image-meta': { summary: 'The data attributes the platform\'s image loader reads (source, size, focal point, alt text).', template: '<img {image|image-meta}>', data: { image } },
  'child-image-meta': { summary: 'The image attributes of item N (default 0) of a collection: a gallery\'s thumbnail.', template: '<img {gallery|child-image-meta}>', data: { gallery: { items: [image] } } },
  'cover-image-meta': { summary: 'The image attributes of a collection\'s cover image (`coverImage`).', template: '<img {collection|cover-image-meta}>', data: { collection: { coverImage: image } } },
  image: { summary: 'The lazy-loading `<img>` with its `<noscript>` fallback; the argument is the class.', template: '{image|image product-image}', data: { image } },
  'image-srcset': { summary: 'A ` srcset` attribute from the image\'s made sizes (`systemDataVariants`).', template: '<img src="{image.assetUrl|htmlattr}"{image|image-srcset}>', data: { image } },
  'image-color': { summary: 'The image\'s average colours as data attributes, or one region\'s colour (`topLeft`, `center`…).', template: 'background: {image|image-color center}', data: { image } },
  width: { summary: 'The width of a `WIDTHxHEIGHT` size.', template: '{image.originalSize|width}', data: { image } },
  height: { summary: 'The height of a `WIDTHxHEIGHT` size.', template: '{image.originalSize|height}', data: { image } },
  resizedHeightForWidth: { summary: 'The height of a `WIDTHxHEIGHT` image shown N pixels wide.', template: '{image.originalSize|resizedHeightForWidth 500}', data: { image } },
  resizedWidthForHeight: { summary: 'The width of a `WIDTHxHEIGHT` image shown N pixels high.', template: '{image.originalSize|resizedWidthForHeight 500}', data: { image } },
  squarespaceThumbnailForWidth: { summary: 'The platform\'s image size name (`500w`…) to ask for at least N pixels wide.', template: '{image.assetUrl}?format={@|squarespaceThumbnailForWidth 640}', data: { image } },
  squarespaceThumbnailForHeight: { summary: 'The image size name to ask for an image N pixels high.', template: '{image.originalSize|squarespaceThumbnailForHeight 400}', data: { image } },
  video: {
    summary: 'A video item\'s embed wrapper (its oEmbed HTML), with a poster overlay when `overlay` is on.',
    template: '{item|video}',
    data: { item: { id: 'v1', recordType: 8, oembed: { html: '<iframe src="https://player.example/1"></iframe>' } } },
  },
  'audio-player': {
    summary: 'The audio player markup of an audio item (its file, title and author).',
    template: '{item|audio-player}',
    data: { item: { id: 'a1', recordType: 7, title: 'Episode 1', structuredContent: { audioAssetUrl: '/audio/ep1.mp3' } } },
  },
  humanizeDuration: { summary: 'A duration in milliseconds as minutes and seconds.', template: '{durationMs|humanizeDuration}', data: { durationMs: 754_000 } },
  'item-classes': {
    summary: 'The classes the platform puts on an item: its type, categories, tags, author, position, sale and sold-out marks.',
    template: '<article class="{item|item-classes}">',
    data: { item: { id: 'post1', recordType: 1, categories: ['News'], tags: ['Linen'], starred: true } },
  },
  AbsUrl: { summary: 'The page\'s `base-url`, a slash and the value: a relative path made absolute.', template: '{item.urlId|AbsUrl}', data: { 'base-url': 'https://shop.example/shop/p', item: { urlId: 'linen-apron' } } },
  capitalize: { summary: 'Upper case.', template: '{label|capitalize}', data: { label: 'new in' } },
  'color-weight': { summary: '`light` or `dark` for a hex colour: pick a text colour that reads on it.', template: 'text-{bg|color-weight}', data: { bg: '#1d3557' } },
  'website-color': { summary: 'A colour `{hue, saturation, lightness}` (hue 0–360, the others 0–1) as CSS `hsl(…)`.', template: 'color: {accent|website-color}', data: { accent: { hue: 210, saturation: 0.5, lightness: 0.4 } } },

  // ---- i18n ----
  message: {
    summary: 'Formats a message with arguments, plurals and selects (`{0 plural one{# item} other{# items}}`); `name=path` names an argument.',
    template: '{text|message name=person.name count}',
    data: { text: 'Hi {name}, you have {1 plural one{# item} other{# items}}.', person: { name: 'Ada' }, count: 3 },
  },
  plural: { summary: 'Another name for `message`.', template: '{text|plural count}', data: { text: '{0 plural one{# review} other{# reviews}}', count: 1 } },
  datetime: { summary: 'A date in the locale\'s words: `short|medium|long|full`, `date:W`, `time:W`, or a skeleton.', template: '{publishOn|datetime medium}', data: { publishOn: MARCH_15, website } },
  'datetime-interval': { summary: 'Two dates as one range in the locale\'s words (with a skeleton such as `yMMMd`).', template: '{start, end|datetime-interval yMMMd}', data: { start: MARCH_15, end: MARCH_15 + 2 * 86_400_000, website } },
  'relative-time': { summary: 'How long ago or ahead a date is, in the locale\'s words ("3 days ago", "in 2 hours").', template: '{publishOn|relative-time}', data: { publishOn: MARCH_15 - 3 * 86_400_000 } },
  datetimefield: { summary: 'One field of a date in the locale\'s words: `year`, `month`, `day`, `weekday`… with a width.', template: '{publishOn|datetimefield weekday long}', data: { publishOn: MARCH_15, website } },
  decimal: { summary: 'A number in the locale\'s digits and grouping; options such as `maxFractionDigits:1`, `style:percent`.', template: '{visits|decimal}', data: { visits: 1234567.891 } },
  unit: { summary: 'A measurement converted and named in the locale\'s words (`in:inch out:centimeter format:long`).', template: '{length|unit in:inch out:centimeter format:long}', data: { length: 12 } },

  // ---- commerce ----
  money: { summary: 'A money object (`{value, currency}` or `{decimalValue, currencyCode}`) in the locale\'s format; options `style:`, `round:`…', template: '{price|money}', data: { price: { value: '1234.50', currency: 'USD' } } },
  'money-format': {
    summary: 'Money (a money object or cents) as text with two decimals, grouped; in the locale\'s format with `featureFlags.useCLDRMoneyFormat`.',
    template: '{cents|money-format}',
    data: { cents: 123450 },
  },
  moneyFormat: { summary: 'Another name for `money-format`.', template: '{cents|moneyFormat}', data: { cents: 4800 } },
  'money-string': { summary: 'Like `money-format`, inside the platform\'s `<span class="sqs-money-native">`.', template: '{cents|money-string}', data: { cents: 4800 } },
  'bookkeeper-money-format': { summary: 'Integer cents in the currency of the locale\'s region.', template: '{cents|bookkeeper-money-format}', data: { cents: 123450 } },
  'percentage-format': { summary: 'A percentage\'s number with two decimals (none with `trim`), at most three; the `%` is the template\'s.', template: '{rate|percentage-format}%', data: { rate: 12.5 } },
  'i18n-money-format': { summary: 'The platform\'s legacy money text for a locale (its own symbols such as `A$`).', template: '{price|i18n-money-format de-DE}', data: { price: { value: '1234.56', currency: 'EUR' } } },
  'normal-price': { summary: 'A product\'s highest regular price, in cents (format it with `money-format`).', template: '{item|normal-price|money-format}', data: { item: sizedProduct } },
  'sale-price': { summary: 'A product\'s lowest sale price, in cents (0 when nothing is on sale).', template: '{item|sale-price|money-format}', data: { item: sizedProduct } },
  'from-price': { summary: 'The lowest price a product sells at now (sale prices counted), in cents.', template: 'from {item|from-price|money-format}', data: { item: sizedProduct } },
  'product-price': {
    summary: 'A product\'s price block as the platform marks it up: the price, a range, or the sale and the original price.',
    template: '{item|product-price}',
    data: { item: product, featureFlags: { useCLDRMoneyFormat: true } },
  },
  'subscription-price': {
    summary: 'A subscription product\'s price block, from its variants\' first pricing options (a price, a sale, or "from").',
    template: '{item|subscription-price}',
    data: {
      item: {
        ...product,
        structuredContent: {
          productType: 1,
          isSubscribable: true,
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
          variants: [{ id: 'v1', priceMoney: { value: '20.00', currency: 'USD' }, salePriceMoney: { value: '0.00', currency: 'USD' }, onSale: false, unlimited: true, qtyInStock: 0, pricingOptions: [{ priceMoney: { value: '20.00', currency: 'USD' }, billingPeriod: { value: 1, unit: 'MONTH' } }] }],
        },
      },
      featureFlags: { useCLDRMoneyFormat: true },
    },
  },
  'product-status': { summary: 'The "Sold Out" or "Sale" mark of a product, when it has one.', template: '{item|product-status}', data: { item: sizedProduct } },
  'add-to-cart-btn': { summary: 'The platform\'s add-to-cart button for a product.', template: '{item|add-to-cart-btn}', data: { item: product } },
  'variants-select': { summary: 'One `<select>` per product option (Size, Colour…) with the variants\' values.', template: '{item|variants-select}', data: { item: sizedProduct } },
  'quantity-input': { summary: 'The quantity field of a product page.', template: '{item|quantity-input}', data: { item: product } },
  'product-scarcity': {
    summary: 'The "only N left" notices of a product, from its merchandising context (`productMerchandisingContext[id]`).',
    template: '{item|product-scarcity}',
    data: {
      item: sizedProduct,
      productMerchandisingContext: { p02: { scarcityEnabled: true, scarcityShownByDefault: true, scarcityText: 'Only {qtyInStock} left', scarcityTemplateViews: [{ qtyInStock: 3 }] } },
    },
  },
  'product-restock-notification': {
    summary: 'The "notify me when back in stock" form of a product, from its merchandising context.',
    template: '{item|product-restock-notification}',
    data: {
      item: product,
      productMerchandisingContext: {
        p01: { restockNotificationViews: [{ variantId: 'v1', hiddenByDefault: false }], restockNotificationMessages: { CTAText: 'Tell me when it is back', placeholderText: 'Email address', buttonText: 'Notify me' } },
      },
    },
  },
  'product-quick-view': { summary: 'The "Quick View" link of a product in a list.', template: '{item|product-quick-view}', data: { item: product } },
  'product-checkout': { summary: 'The checkout block of a product page (its form and button).', template: '{item|product-checkout}', data: { item: product } },
  'variant-descriptor': {
    summary: 'A variant\'s (or cart line\'s) option values joined by ` / `.',
    template: '{variant|variant-descriptor}',
    data: { variant: { optionValues: [{ optionName: 'Colour', value: 'Blue' }, { optionName: 'Size', value: 'L' }] } },
  },
  'cart-quantity': { summary: 'The quantity summed over the cart\'s entries, in the span the platform\'s scripts update.', template: '{shoppingCart|cart-quantity}', data: { shoppingCart: { entries: [{ quantity: 2 }, { quantity: 1 }] } } },
  'cart-subtotal': { summary: 'The cart\'s `subtotalCents` as native money (as the Java engine prints it).', template: '{shoppingCart|cart-subtotal}', data: { shoppingCart: { subtotalCents: 4800 } } },
  'cart-url': { summary: 'The cart page\'s address.', template: '<a href="{@|cart-url}">Cart</a>', data: {} },
  'summary-form-field': {
    summary: 'One answer of a form submission, labelled, as order and cart summaries show it.',
    template: '{field|summary-form-field}',
    data: { field: { type: 'text', rawTitle: 'Engraving', value: 'For Ada' } },
  },

  // ---- storefront (Tessera) ----
  island: {
    summary: `Tessera's interactive blocks, rendered on the server and taken over by the browser: ${ISLAND_NAMES.map((n) => `\`${n}\``).join(', ')}.`,
    template: '{@|island cart-pill}',
    data: { shoppingCart: { totalQuantity: 2 }, website: { baseCurrency: 'USD' } },
  },
  t: {
    summary: "Tessera's words in the site's language (`website.language`): the message catalog's `KEY`, with `{value}` the tag's value and `name=path` arguments; HTML-escaped.",
    template: '{totalItems|t list.productCount} · {@|t list.pageOf current=page total=pages}',
    data: { totalItems: 3, page: 1, pages: 2, website: { language: 'de-DE' } },
  },
};

/** A predicate's example: its block printed when it holds, the `.or` branch when not. */
const test = (tag: string, inside = '') => `${inside === '' ? '' : `{.section ${inside}}`}{.${tag}}yes{.or}no{.end}${inside === '' ? '' : '{.end}'}`;

const HAND_WRITTEN_PREDICATES: Docs = {
  // ---- core ----
  'debug?': { summary: 'Whether `debug` is set in the context (a page asked with debugging on).', template: test('debug?'), data: { debug: true } },
  'equal?': { summary: 'With one argument, whether the current node equals it; with two, whether they are equal (JSON values, missing equals null).', template: '{.section size}{.equal? "M"}Medium{.or}Other{.end}{.end}', data: { size: 'M' } },
  'notEqual?': { summary: 'The opposite of `equal?`.', template: '{.notEqual? status "sold"}Available{.or}Sold{.end}', data: { status: 'new' } },
  'greaterThan?': { summary: 'Whether the first side is greater (numbers as numbers, text as text).', template: '{.greaterThan? stock 0}In stock{.or}Sold out{.end}', data: { stock: 4 } },
  'greaterThanOrEqual?': { summary: 'Whether the first side is greater or equal.', template: '{.greaterThanOrEqual? count 10}Bulk{.or}Single{.end}', data: { count: 10 } },
  'lessThan?': { summary: 'Whether the first side is smaller.', template: '{.lessThan? stock 5}Only {stock} left{.end}', data: { stock: 3 } },
  'lessThanOrEqual?': { summary: 'Whether the first side is smaller or equal.', template: '{.lessThanOrEqual? stock 0}Sold out{.or}Available{.end}', data: { stock: 0 } },
  'even?': { summary: 'Whether the current node (or the argument) is an even integer.', template: '{.repeated section rows}{.even? @index}even {.or}odd {.end}{.end}', data: { rows: ['a', 'b', 'c'] } },
  'odd?': { summary: 'Whether the current node (or the argument) is an odd integer.', template: '{.odd? count}odd{.or}even{.end}', data: { count: 3 } },
  'nth?': { summary: 'Whether the value is a multiple of the last argument (every Nth element).', template: '{.repeated section items}{@|html}{.nth? @index 2}<br>{.end}{.end}', data: { items: ['a', 'b', 'c', 'd'] } },
  'plural?': { summary: 'Whether the current node, read as a number, is more than 1.', template: '{.section count}{@} item{.plural?}s{.end}{.end}', data: { count: 3 } },
  'singular?': { summary: 'Whether the current node, read as a number, is 1.', template: '{.section count}{.singular?}one item{.or}{@} items{.end}{.end}', data: { count: 1 } },
  'background-source-upload?': { summary: 'Whether the current node\'s `backgroundSource` is an uploaded image (1).', template: test('background-source-upload?', 'banner'), data: { banner: { backgroundSource: 1 } } },
  'background-source-instagram?': { summary: 'Whether the background comes from Instagram (2).', template: test('background-source-instagram?', 'banner'), data: { banner: { backgroundSource: 2 } } },
  'background-source-video?': { summary: 'Whether the background is a video (3).', template: test('background-source-video?', 'banner'), data: { banner: { backgroundSource: 3 } } },
  'background-source-none?': { summary: 'Whether the background is none (4).', template: test('background-source-none?', 'banner'), data: { banner: { backgroundSource: 4 } } },
  'background-source-undefined?': { summary: 'Whether the background source is undefined (-1).', template: test('background-source-undefined?', 'banner'), data: { banner: { backgroundSource: -1 } } },

  // ---- social ----
  'comments?': {
    summary: 'Whether an item shows comments: commenting is on for it (or it has comments) and the site allows comments.',
    template: test('comments?', 'item'),
    data: { item: { commentState: 1 }, websiteSettings: { commentsEnabled: true } },
  },
  'disqus?': { summary: 'Whether the site uses Disqus for comments (`disqusShortName` set in the site settings).', template: test('disqus?'), data: { websiteSettings: { disqusShortName: 'tessera' } } },

  // ---- content: records and collections ----
  'external-video?': { summary: 'Whether the item shows a video hosted elsewhere (a video post or a promoted video block).', template: test('external-video?', 'item'), data: { item: { recordType: 8 } } },
  'collection?': { summary: 'Whether the item carries its collection.', template: test('collection?', 'item'), data: { item: { collection: { id: 'blog' } } } },
  'folder?': { summary: 'Whether the item\'s collection is a folder.', template: test('folder?', 'item'), data: { item: { collection: { folder: true } } } },
  'index?': { summary: 'Whether the item\'s collection is a folder that opens as an index page.', template: test('index?', 'item'), data: { item: { collection: { folder: true, folderBehavior: 1 } } } },
  'redirect?': { summary: 'Whether a navigation folder redirects to its first page.', template: test('redirect?', 'folder'), data: { folder: { folderBehavior: 2 } } },
  'clickable?': { summary: 'Whether a navigation folder can be clicked (it opens an index or redirects).', template: test('clickable?', 'folder'), data: { folder: { folderBehavior: 1 } } },
  'collection-page?': { summary: 'Whether the item\'s collection is a plain page.', template: test('collection-page?', 'item'), data: { item: { collection: { type: 10 } } } },
  'collection-template-page?': { summary: 'Whether the item\'s collection (or the collection itself) is a template page.', template: test('collection-template-page?', 'collection'), data: { collection: { type: 7 } } },
  'collectionTypeNameEquals?': { summary: 'Whether the collection\'s `typeName` is the argument (taken as text).', template: '{.section collection}{.collectionTypeNameEquals? blog}Blog{.or}Other{.end}{.end}', data: { collection: { typeName: 'blog' } } },
  'main-image?': { summary: 'Whether the item has an image of its own.', template: test('main-image?', 'item'), data: { item: { mainImageId: 'img1' } } },
  'child-images?': { summary: 'Whether a collection\'s first item has an image (a gallery with pictures).', template: test('child-images?', 'gallery'), data: { gallery: { items: [{ mainImageId: 'img1' }] } } },
  'excerpt?': { summary: 'Whether the item has an excerpt with visible text.', template: test('excerpt?', 'item'), data: { item: { excerpt: '<p>Notes from our first weaving workshop.</p>' } } },
  'external-link?': { summary: 'Whether the item links elsewhere (`externalLink`).', template: test('external-link?', 'item'), data: { item: { externalLink: 'https://example.com' } } },
  'location?': { summary: 'Whether the item has map coordinates.', template: test('location?', 'item'), data: { item: { location: { mapLat: 45.52, mapLng: -122.68 } } } },
  'passthrough?': { summary: 'Whether the item sends its visitors on to `sourceUrl`.', template: test('passthrough?', 'item'), data: { item: { passthrough: true, sourceUrl: 'https://example.com/story' } } },
  'same-day?': { summary: 'Whether an event starts and ends on the same day (print the date once).', template: test('same-day?', 'event'), data: { event: { startDate: MARCH_15, endDate: MARCH_15 + 3_600_000 } } },
  'show-past-events?': { summary: 'Whether an events collection lists past events rather than upcoming ones.', template: test('show-past-events?', 'collection'), data: { collection: { showPastOrUpcomingEvents: 'past' } } },
  'calendar-view?': { summary: 'Whether an events collection is shown as a calendar.', template: test('calendar-view?', 'collection'), data: { collection: { calendarView: true } } },
  'serviceNameEmail?': { summary: 'Whether a social account is an e-mail address (link it with `mailto:`).', template: test('serviceNameEmail?', 'account'), data: { account: { serviceName: 'email' } } },
  'has-multiple?': { summary: 'Whether the current node holds more than one element or member.', template: test('has-multiple?', 'images'), data: { images: ['a.jpg', 'b.jpg'] } },
  'gallery-meta?': { summary: 'Whether a gallery shows navigation around its images (controls or indicators).', template: test('gallery-meta?', 'gallery'), data: { gallery: { options: { controls: true } } } },
  'current-type?': { summary: 'Whether the current slice (of a cover page or lock screen) is of the named slice type.', template: '{.section slice}{.current-type? heading}Heading{.or}Other{.end}{.end}', data: { slice: { currentType: 1 } } },

  // ---- i18n ----
  'units-metric?': { summary: 'Whether the locale measures in metric units.', template: test('units-metric?'), data: {}, locale: 'de' },

  // ---- commerce ----
  'on-sale?': { summary: 'Whether any variant of the product is on sale.', template: test('on-sale?', 'item'), data: { item: sizedProduct } },
  'sold-out?': { summary: 'Whether every variant of the product is out of stock.', template: test('sold-out?', 'item'), data: { item: { ...product, structuredContent: { ...product.structuredContent, variants: [{ ...product.structuredContent.variants[0], qtyInStock: 0 }] } } } },
  'has-variants?': { summary: 'Whether the product has more than one variant.', template: test('has-variants?', 'item'), data: { item: sizedProduct } },
  'varied-prices?': { summary: 'Whether the product\'s variants have different prices.', template: test('varied-prices?', 'item'), data: { item: sizedProduct } },
};

const words = (name: string) => name.replaceAll('-', ' ');

/** `{.text?}` and the other record types, from the engine's table of record-type codes. */
const RECORD_TYPE_DOCS: Docs = Object.fromEntries(
  Object.entries(RECORD_TYPES).map(([name, code]) => [
    `${name}?`,
    {
      summary: `Whether the item's \`recordType\` is ${code} (${words(name)})${PROMOTED_BLOCK_KINDS.includes(name as never) ? `, or it promotes a ${name} block` : ''}.`,
      template: test(`${name}?`, 'item'),
      data: { item: { recordType: code } },
    },
  ]),
);

/** `{.promotedVIDEO?}` and the other promoted block kinds. */
const PROMOTED_DOCS: Docs = Object.fromEntries(
  PROMOTED_BLOCK_KINDS.map((kind) => [
    `promoted${kind.toUpperCase()}?`,
    { summary: `Whether a post promotes a ${kind} block to its summary (\`promotedBlockType\` is \`${kind}\`).`, template: test(`promoted${kind.toUpperCase()}?`, 'item'), data: { item: { promotedBlockType: kind } } },
  ]),
);

/** One predicate per value of a gallery option, and one per on/off gallery option. */
const GALLERY_DOCS: Docs = Object.fromEntries([
  ...(
    [
      ['design', 'design', GALLERY_DESIGNS],
      ['meta-position', 'meta-position', GALLERY_META_POSITIONS],
      ['active-alignment', 'active-alignment', GALLERY_ACTIVE_ALIGNMENTS],
    ] as const
  ).flatMap(([prefix, key, values]) =>
    values.map((value) => [
      `gallery-${prefix}-${value}?`,
      { summary: `Whether the gallery's \`options["${key}"]\` is \`${value}\`.`, template: test(`gallery-${prefix}-${value}?`, 'gallery'), data: { gallery: { options: { [key]: value } } } },
    ]),
  ),
  ...GALLERY_FLAGS.map((flag) => [
    `gallery-${flag}?`,
    { summary: `Whether the gallery's \`${flag}\` option is on.`, template: test(`gallery-${flag}?`, 'gallery'), data: { gallery: { options: { [flag]: true } } } },
  ]),
]);

export const PREDICATE_DOCS: Docs = { ...HAND_WRITTEN_PREDICATES, ...RECORD_TYPE_DOCS, ...PROMOTED_DOCS, ...GALLERY_DOCS };
