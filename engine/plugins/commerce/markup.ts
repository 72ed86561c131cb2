/**
 * The built-in commerce markup, written in JSON-T and compiled once (on first use) by the engine. Each
 * template renders a view object that its formatter builds; values already holding markup (prices) are
 * printed as they are, every text from the shop is escaped here.
 *
 * The blank lines and indentation before (and after) each block are the platform templates' own: the fixtures
 * compare trimmed output, but a page rendered by the platform carries them, so ours does too (found by
 * rendering the fixtures' data through the reference engine, bin/conformance/differential.ts).
 */

/** The platform's leading line breaks of a block. */
const lines = (n: number) => '\n'.repeat(n);

export const PRICE_PARTS =
  '{.section from}{text}\n{.end}' +
  '{.section sale}<span class="visually-hidden v6-visually-hidden">Sale Price:</span>{sale} ' +
  '<span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">{original}</span>' +
  '\n{.end}' +
  '{.section single}{text}{.end}' +
  '{.section unavailable}{text|html}\n{.end}';

export const PRODUCT_PRICE = `${lines(3)}<div class="product-price">\n${PRICE_PARTS}\n</div>`;

export const SUBSCRIPTION_PRICE = `${lines(3)}<div class="subscription-price">\n${PRICE_PARTS}\n</div>`;

export const PRODUCT_STATUS =
  '{.section soldOut}<div class="product-mark sold-out">{@|html}</div>{.end}' +
  '{.section sale}<div class="product-mark sale">{@|html}</div>{.end}';

export const ADD_TO_CART_BUTTON = `${lines(13)}<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">
  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary {.if form}use-form{.end}" role="button" tabindex="0" data-dynamic-strings data-collection-id="{collectionId|htmlattr}" data-item-id="{id|htmlattr}" data-product-type="{productType|htmlattr}" data-use-custom-label="{useCustomLabel|htmlattr}"{.section subscription} data-is-subscription="{text|htmlattr}"{.end} data-original-label="{label|htmlattr}" {.if form}data-form="{form|htmlattr}"{.end}{.section optionId}data-subscription-option-id="{text|htmlattr}"{.end}>
    <div class="sqs-add-to-cart-button-inner">{label|html}</div>
  </div>
</div>`;

export const VARIANTS_SELECT = `\n  \n  \n  \n  \n\n  <div class="product-variants" data-item-id="{id|htmlattr}" data-variants="{variants|htmlattr}"{.section subscription} data-is-subscribable="true" data-subscription-plan="{plan|htmlattr}"{.end} data-animation-role="content">
{.repeated section options}    <div class="variant-option">
    <div class="variant-option-title">{title|html}: </div>
    <div class="variant-select-wrapper">
      <select aria-label="{ariaLabel}" data-variant-option-name="{name|htmlattr}">
        <option value="">{selectText|html}</option>
        {.repeated section values}<option value="{@|htmlattr}">{@|html}</option>{.end}
      </select>
    </div>
    <div class="variant-radiobtn-wrapper" data-variant-option-name="{name|htmlattr}">
{.repeated section values}      <input type="radio" class="variant-radiobtn" value="{@|htmlattr}" name="variant-option-{name|htmlattr}" id="variant-option-{name|htmlattr}-{@|htmlattr}"/>
      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-{name|htmlattr}-{@|htmlattr}">{@|html}</label>
{.end}    </div>
    </div>
{.end}  </div>
`;

export const QUANTITY_INPUT = `${lines(3)}<div class="product-quantity-input" data-item-id="{id|htmlattr}" data-animation-role="content">
  <div class="quantity-label">{label|html}:</div>
  <input aria-label="{label|htmlattr}" size="4" max="9999" min="1" value="1" type="number" step="1"></input>
</div>`;

export const PRODUCT_SCARCITY = `\n  {.repeated section views}<div class="product-scarcity"{.if attributes} data-variant-attributes="{attributes|htmlattr}"{.end}{.if hidden} hidden{.end}>
    {text|html}
  </div>
{.alternates with}
  {.end}`;

/** Six line breaks, then each view with a line break before and after it. */
export const RESTOCK_NOTIFICATION = `${lines(6)}{.repeated section views}
<div class="product-restock-notification" data-product-id="{productId|htmlattr}" data-variant-id="{variantId|htmlattr}"{.if hidden} hidden{.end}>
  <span class="product-restock-cta">{cta|html}</span>
  <form class="product-restock-form" action="#">
    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="{placeholder|htmlattr}">
    <input class="sqs-editable-button" type="submit" value="{button|htmlattr}">
  </form>
{.if mailingList}  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"{.if optIn} checked{.end}>{mailingListDescription|html}</label>{.end}
{.if captcha}  <div class="captcha-container"></div>{.end}
</div>
{.end}`;

export const QUICK_VIEW_BUTTON =
  '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="{id|htmlattr}" data-group="{group|htmlattr}">{label|html}</span>';

/**
 * The whole buy box of a product, rendered on the item itself. No scarcity message: the platform's buy box
 * leaves it out even when the product's merchandising enables it (found against the reference); a theme
 * shows it with its own `{@|product-scarcity}`.
 */
export const PRODUCT_CHECKOUT = '{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}';

export const SUMMARY_FORM_FIELD = `<div style="font-size:11px; margin-top:3px">
  <span style="font-weight:bold;">{title|html}:</span> {.if block}<div style="padding-left:5px;">
{.repeated section lines}  <div>{.if label}<span style="font-weight:bold;">{label|html}:</span> {.end}{text|html}</div>
{.end}</div>{.or}{text|html}{.if list}
{.end}{.end}
</div>`;
