/**
 * The built-in commerce markup, written in JSON-T and compiled once (on first use) by the engine. Each
 * template renders a view object that its formatter builds; values already holding markup (prices) are
 * printed as they are, every text from the shop is escaped here.
 */

export const PRICE_PARTS =
  '{.section from}{text}\n{.end}' +
  '{.section sale}<span class="visually-hidden v6-visually-hidden">Sale Price:</span>{sale} ' +
  '<span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">{original}</span>' +
  '\n{.end}' +
  '{.section single}{text}{.end}' +
  '{.section unavailable}{text|html}\n{.end}';

export const PRODUCT_PRICE = `<div class="product-price">\n${PRICE_PARTS}\n</div>`;

export const SUBSCRIPTION_PRICE = `<div class="subscription-price">\n${PRICE_PARTS}\n</div>`;
