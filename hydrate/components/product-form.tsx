/**
 * The buy box of a product page: price with its sale and sold-out marks, a select per variant option (sold-out
 * choices marked and still choosable: choosing one turns the button into its sold-out state, and the
 * back-in-stock block beside it offers the signup for that variant), the quantity, the product's
 * additional-fields form inline, and the add button. The server renders it (a real form that posts without
 * JavaScript, in the state a refused post came back with) and the island hydrates the same component.
 */
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { type AddMode, addFailureTitle } from '../../commerce/add-to-cart.js';
import { formatCompact, type IslandMessages } from '../../commerce/messages/compact.js';
import { refusalText, type RuleMessages } from '../../commerce/messages/rule-text.js';
import { moneyText } from '../../commerce/money-text.js';
import { fill } from '../../commerce/text.js';
import { chooseVariant } from '../../commerce/variant-choice.js';
import { currentPrice, matchingVariants, priceSummary, valueSoldOut } from '../../commerce/variant-view.js';
import { useAddButton } from '../add-button.js';
import { addToCart, checkAdd, isSoldOut, type VariantView } from '../add-to-cart-flow.js';
import { publishChosenVariant, publishSelection } from '../product-selection.js';
import { type AdditionalForm, checkAnswers } from '../../commerce/additional-fields.js';
import type { FieldValue } from '../../commerce/form-validation.js';
import { AdditionalFieldsInline } from './additional-fields-form.js';
import { type AlertMessage, AlertDialog } from './alert-dialog.js';
import { QuantityInput } from './quantity-input.js';
import { sitePath } from '../site-path.js';

export interface ProductOption {
  readonly name: string;
  /** The empty choice's text, 'Select Color'. */
  readonly selectText: string;
  readonly values: readonly string[];
}

export interface ProductFormProps {
  readonly itemId: string;
  readonly productType: number;
  readonly currency: string;
  readonly locale: string;
  readonly mode: AddMode;
  /** Where the form posts without JavaScript: /cart/add, /cart/subscribe or /cart/gift-card. */
  readonly action: string;
  readonly crumb: string;
  /** Its words in the site's language: the store's own labels, else the message catalog's (commerce/messages/). */
  readonly labels: {
    readonly add: string;
    readonly soldOut: string;
    readonly sale: string;
    readonly quantity: string;
    readonly adding: string;
    readonly added: string;
    /** The quantity steppers' names and the alert's button (absent: English). */
    readonly fewer?: string;
    readonly more?: string;
    readonly ok?: string;
    /** An additional field's empty select choice (absent: English). */
    readonly choose?: string;
  };
  readonly showQuantity: boolean;
  readonly options: readonly ProductOption[];
  readonly variantOptionOrdering: readonly string[];
  readonly variants: readonly VariantView[];
  /** The scarcity notice with `{qtyInStock}`, when the merchant turned it on. */
  readonly scarcityText: string | null;
  /** The product's additional-fields form: its fields in the buy box, answered with the add. */
  readonly additionalForm?: AdditionalForm | null;
  /** The state a plain post came back in (a sold-out choice, refused answers): the box starts from it. */
  readonly initial?: BuyBoxState | null;
  /** The price's words in the site's language (commerce/messages/). */
  readonly messages: IslandMessages<PriceMessage>;
  /** A refused add's words where the site's language words them differently from the spec's English. */
  readonly refusals?: RuleMessages;
}

/** The catalog's messages the price says. */
export const PRICE_MESSAGES = ['product.priceFrom', 'product.salePrice', 'product.originalPrice'] as const;
type PriceMessage = (typeof PRICE_MESSAGES)[number];

/** What the shopper had chosen and typed, and the answers refused (their messages by field id). */
export interface BuyBoxState {
  readonly chosen?: Readonly<Record<string, string>>;
  readonly quantity?: string;
  readonly answers?: Readonly<Record<string, FieldValue>>;
  readonly errors?: Readonly<Record<string, string>>;
}

type Chosen = Record<string, string>;

function Price({ shown, currency, locale, messages }: { shown: readonly VariantView[]; currency: string; locale: string; messages: ProductFormProps['messages'] }) {
  const money = (cents: number) => moneyText(cents, currency, locale);
  const say = (key: PriceMessage, price = '') => formatCompact(messages.text[key], messages.locale, { price });
  const price = priceSummary(shown);
  if (price === null) return <div className="product-price" />;
  if (price.kind === 'from') return <div className="product-price">{say('product.priceFrom', money(price.cents))}</div>;
  if (price.kind === 'sale') {
    return (
      <div className="product-price">
        <span className="visually-hidden">{say('product.salePrice')}</span>
        {`${money(price.cents)} `}
        <span className="visually-hidden">{say('product.originalPrice')}</span>
        <s className="original-price">{money(price.originalCents)}</s>
      </div>
    );
  }
  return <div className="product-price">{money(price.cents)}</div>;
}

/** Shows the product image that belongs to the chosen variant and hides the one shown before. */
function showVariantImage(itemId: string, imageId: string | null | undefined): void {
  if (imageId === null || imageId === undefined) return;
  const images = document.querySelectorAll<HTMLElement>(`[data-product-images="${CSS.escape(itemId)}"] [data-image-id]`);
  if (![...images].some((img) => img.dataset['imageId'] === imageId)) return;
  for (const img of images) img.hidden = img.dataset['imageId'] !== imageId;
  // the gallery shows the image whose thumbnail (a radio, so it works without JavaScript) is checked
  const thumbs = document.querySelectorAll<HTMLInputElement>(`[data-product-gallery="${CSS.escape(itemId)}"] input[data-gallery-image]`);
  for (const thumb of thumbs) if (thumb.dataset['galleryImage'] === imageId) thumb.checked = true;
}

/**
 * Every label the button can show, stacked in one grid cell with only the current one visible: the button
 * keeps the width of its longest label and no text moves when the label changes (no layout shift). Laid out
 * by the theme's classes (commerce.css), not `style` attributes, which the content policy does not apply.
 */
function ButtonLabels({ current, all }: { current: string; all: readonly string[] }) {
  return (
    <span className="add-to-cart-labels">
      {[...new Set(all)].map((text) => (
        <span key={text} className={text === current ? 'add-to-cart-label add-to-cart-label--current' : 'add-to-cart-label'} aria-hidden={text === current ? undefined : true}>
          {text}
        </span>
      ))}
    </span>
  );
}

export function ProductForm(props: ProductFormProps) {
  const { itemId, variants, options, labels, currency, locale } = props;
  const initial = props.initial ?? {};
  const [chosen, setChosen] = useState<Chosen>(() => Object.fromEntries(options.map((o) => [o.name, initial.chosen?.[o.name] ?? ''])));
  const [quantity, setQuantity] = useState(initial.quantity ?? '1');
  const [answers, setAnswers] = useState<Record<string, FieldValue>>(() => ({ ...initial.answers }));
  const [refused, setRefused] = useState<{ errors: Readonly<Record<string, string>>; round: number }>({ errors: initial.errors ?? {}, round: 0 });
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const button = useAddButton();

  const choice = useMemo(() => {
    const c = chooseVariant({ variants, variantOptionOrdering: props.variantOptionOrdering, productType: props.productType }, chosen);
    return c.ok ? c.variant : null;
  }, [variants, chosen, props.variantOptionOrdering, props.productType]);
  const candidates = matchingVariants(variants, chosen);
  const soldOut = choice !== null ? isSoldOut(choice) : variants.every(isSoldOut);
  // every variant sold out: the page shows the restock form in place of the add button
  const productSoldOut = variants.length > 0 && variants.every(isSoldOut);
  const onSale = choice !== null ? choice.onSale : variants.some((v) => v.onSale);

  useEffect(() => {
    const shown = choice !== null ? [choice] : candidates;
    if (shown.length > 0) publishSelection(itemId, Math.min(...shown.map(currentPrice)), shown.every(isSoldOut));
    publishChosenVariant(itemId, choice?.id ?? null);
    // the picture follows the shopper's choice: nothing chosen yet keeps the product's main image
    if (Object.values(chosen).some((value) => value !== '')) showVariantImage(itemId, (choice ?? candidates.find((v) => v.imageId))?.imageId);
  }, [itemId, choice, chosen]); // eslint-disable-line react-hooks/exhaustive-deps

  const request = (additionalFields?: string) => ({
    itemId,
    productType: props.productType,
    mode: props.mode,
    variantOptionOrdering: props.variantOptionOrdering,
    variants,
    chosen,
    quantity: props.showQuantity ? quantity : undefined,
    ...(additionalFields !== undefined ? { additionalFields } : {}),
  });

  async function add(additionalFields?: string) {
    button.start();
    const outcome = await addToCart(request(additionalFields));
    if (outcome.ok) {
      button.succeeded();
      return;
    }
    setAlert(refusalText(outcome, props.refusals));
    button.failed();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // clicks while adding (and until the button is idle again) add nothing more
    if (button.phase !== 'idle') return;
    const form = props.additionalForm ?? null;
    if (form === null) return void add();
    // the choice is checked before the answers: a missing size is said first, as without a form
    const checked = checkAdd(request());
    if ('message' in checked) {
      setAlert(refusalText({ title: addFailureTitle(props.mode), ...checked }, props.refusals));
      return;
    }
    const check = checkAnswers(form, answers);
    if (!check.ok) {
      setRefused((r) => ({ errors: check.errors, round: r.round + 1 }));
      return;
    }
    setRefused((r) => ({ errors: {}, round: r.round }));
    void add(check.answers);
  }

  const label = button.phase === 'adding' ? labels.adding : button.phase === 'added' ? labels.added : soldOut ? labels.soldOut : labels.add;
  const scarce = choice !== null && choice.stock !== null && choice.stock > 0 && props.scarcityText !== null;
  const id = `product-${itemId}`;
  return (
    <form className="product-form" method="post" action={sitePath(props.action)} noValidate onSubmit={submit} data-item-id={itemId}>
      <input type="hidden" name="crumb" value={props.crumb} />
      <input type="hidden" name="itemId" value={itemId} />
      <div className="product-marks">
        {onSale && !soldOut ? <span className="product-mark sale">{labels.sale}</span> : null}
        {soldOut ? <span className="product-mark sold-out">{labels.soldOut}</span> : null}
      </div>
      <Price shown={choice !== null ? [choice] : candidates.length > 0 ? candidates : variants} currency={currency} locale={locale} messages={props.messages} />
      {options.map((o) => (
        <div className="product-option" key={o.name}>
          <label htmlFor={`${id}-${o.name}`}>{o.name}</label>
          <select
            id={`${id}-${o.name}`}
            name={`option:${o.name}`}
            value={chosen[o.name] ?? ''}
            onChange={(e) => setChosen({ ...chosen, [o.name]: e.target.value })}
          >
            <option value="">{o.selectText}</option>
            {/* a sold-out value stays choosable: the shopper who wants it can ask to hear when it is back */}
            {o.values.map((value) => (
              <option key={value} value={value}>
                {valueSoldOut(variants, chosen, o.name, value) ? `${value} (${labels.soldOut})` : value}
              </option>
            ))}
          </select>
        </div>
      ))}
      {props.showQuantity && !productSoldOut ? (
        <div className="product-quantity">
          <label htmlFor={`${id}-quantity`}>{labels.quantity}</label>
          <QuantityInput id={`${id}-quantity`} subject="item" {...(labels.fewer !== undefined && labels.more !== undefined ? { names: { fewer: labels.fewer, more: labels.more } } : {})} value={quantity} onChange={setQuantity} />
        </div>
      ) : null}
      {props.additionalForm && !productSoldOut ? (
        <AdditionalFieldsInline
          form={props.additionalForm}
          values={answers}
          errors={refused.errors}
          refusal={refused.round}
          onChange={(fieldId, value) => setAnswers((old) => ({ ...old, [fieldId]: value }))}
          {...(labels.choose !== undefined ? { chooseLabel: labels.choose } : {})}
        />
      ) : null}
      {scarce ? <p className="product-scarcity">{fill(props.scarcityText ?? '', { qtyInStock: String(choice.stock) })}</p> : null}
      {productSoldOut ? null : (
        <button type="submit" className="add-to-cart-button" aria-disabled={soldOut || button.phase !== 'idle' ? true : undefined} aria-live="polite">
          <ButtonLabels current={label} all={[labels.add, labels.soldOut, labels.adding, labels.added]} />
        </button>
      )}
      <AlertDialog alert={alert} onClose={() => setAlert(null)} closeLabel={labels.ok} />
    </form>
  );
}
