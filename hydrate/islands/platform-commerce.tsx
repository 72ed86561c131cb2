import '../shared.js';
/**
 * Working commerce for any platform theme: the markup the engine's own formatters print
 * (`{@|add-to-cart-btn}` → `.sqs-add-to-cart-button`, `{@|variants-select}` → `.product-variants[data-variants]`,
 * `{@|quantity-input}` → `.product-quantity-input`, a theme's `.sqs-cart-quantity`) is found by its class
 * names and data attributes and driven by the same add flow and button machine as our own buy box. Alerts
 * render through a small React root of their own.
 */
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { ADD_BUTTON_LABELS, type AddMode } from '../../commerce/add-to-cart.js';
import { ProductType } from '../../commerce/products.js';
import { currentPrice, isSoldOutVariant, matchingVariants, priceSummary, valueSoldOut, type VariantView, variantViews } from '../../commerce/variant-view.js';
import { moneyText } from '../../commerce/money-text.js';
import { publishSelection } from '../product-selection.js';
import { optionNames } from '../../commerce/variant-choice.js';
import { addButtonMachine } from '../add-button.js';
import { addToCart } from '../add-to-cart-flow.js';
import { bindCartCounts, ensureCartLoaded } from '../cart-store.js';
import { type AlertMessage, AlertDialog } from '../components/alert-dialog.js';
import { refusalText } from '../../commerce/messages/rule-text.js';
import { platformCommerceWords, sayIn } from '../platform-commerce-words.js';

/** The page's words (hydrate/platform-commerce-words.ts), read once the island runs. */
let words: ReturnType<typeof platformCommerceWords> = null;

/** The one alert of the page, shown by whichever button failed. */
let current: AlertMessage | null = null;
const alertListeners = new Set<() => void>();
function showAlert(alert: AlertMessage | null): void {
  current = alert;
  for (const l of [...alertListeners]) l();
}
function Alerts() {
  const alert = useSyncExternalStore(
    (l) => {
      alertListeners.add(l);
      return () => alertListeners.delete(l);
    },
    () => current,
  );
  return <AlertDialog alert={alert} onClose={() => showAlert(null)} closeLabel={sayIn(words, 'alert.ok', 'OK')} />;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The chosen value of each option: a select's value or a checked radio's. */
function chosenOptions(variants: Element | null): Record<string, string> {
  const chosen: Record<string, string> = {};
  if (variants === null) return chosen;
  for (const select of variants.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
    chosen[select.dataset['variantOptionName'] ?? ''] = select.value;
  }
  for (const group of variants.querySelectorAll<HTMLElement>('.variant-radiobtn-wrapper[data-variant-option-name]')) {
    const checked = group.querySelector<HTMLInputElement>('input:checked');
    const name = group.dataset['variantOptionName'] ?? '';
    if (checked !== null || !(name in chosen)) chosen[name] = checked?.value ?? chosen[name] ?? '';
  }
  return chosen;
}

/** A variant standing for "the product's only one", its sku left to the server (which then takes that one). */
const ONLY_VARIANT: VariantView = { sku: null, attributes: {}, priceCents: 0, salePriceCents: 0, onSale: false, stock: null };

/**
 * The variants of `{@|variants-select}`'s `data-variants` (the item's `structuredContent.variants` JSON, with
 * `priceMoney`, `qtyInStock`, `unlimited`, `attributes`). Without that block (the engine prints none for a
 * product without options: one variant, or priced on the product) the add goes without a sku and the server
 * takes the product's only variant and checks its stock.
 */
function variantsOf(block: HTMLElement | null, productType: number): VariantView[] {
  const raw = parseJson(block?.dataset['variants']);
  const item = { structuredContent: { productType, variants: Array.isArray(raw) ? raw : [] } };
  const views = variantViews(item);
  return views.length === 0 ? [ONLY_VARIANT] : views;
}

/**
 * The option names in the order the theme shows them: its selects' (and radio groups')
 * `data-variant-option-name`, which the engine prints in the product's `variantOptionOrdering`; the variants'
 * attribute names only when the block has none. "Please select the Color and Size options." names them in
 * this order.
 */
function optionOrdering(block: HTMLElement | null, variants: readonly VariantView[]): string[] {
  const names: string[] = [];
  for (const el of block?.querySelectorAll<HTMLElement>('[data-variant-option-name]') ?? []) {
    const name = el.dataset['variantOptionName'] ?? '';
    if (name !== '' && !names.includes(name)) names.push(name);
  }
  return names.length > 0 ? names : optionNames({ variants: variants.map((v) => ({ attributes: v.attributes })) });
}

function modeOf(button: HTMLElement, productType: number): AddMode {
  if (button.dataset['isSubscription'] === 'true') return 'subscription';
  if (productType === ProductType.GIFT_CARD) return 'gift-card';
  return button.closest('[data-express-checkout="true"]') !== null ? 'express' : 'cart';
}

function driveButton(button: HTMLElement): void {
  const itemId = button.dataset['itemId'] ?? '';
  const productType = Number(button.dataset['productType']);
  const selector = (cls: string) => `${cls}[data-item-id="${CSS.escape(itemId)}"]`;
  const inner = button.querySelector('.sqs-add-to-cart-button-inner') ?? button;
  const label = button.dataset['originalLabel'] ?? inner.textContent ?? '';
  const machine = addButtonMachine((phase) => {
    inner.textContent = phase === 'adding' ? sayIn(words, 'addButton.adding', ADD_BUTTON_LABELS.adding) : phase === 'added' ? sayIn(words, 'addButton.added', ADD_BUTTON_LABELS.added) : label;
    button.setAttribute('aria-disabled', phase === 'idle' ? 'false' : 'true');
  });
  const press = async () => {
    if (machine.phase !== 'idle') return;
    const variantsBlock = document.querySelector<HTMLElement>(selector('.product-variants'));
    const variants = variantsOf(variantsBlock, productType);
    const quantityInput = document.querySelector<HTMLInputElement>(`${selector('.product-quantity-input')} input`);
    machine.start();
    const outcome = await addToCart({
      itemId,
      productType,
      mode: modeOf(button, productType),
      variantOptionOrdering: optionOrdering(variantsBlock, variants),
      variants,
      chosen: chosenOptions(variantsBlock),
      quantity: quantityInput === null ? undefined : quantityInput.value,
    });
    if (outcome.ok) {
      machine.succeeded();
      return;
    }
    showAlert(refusalText(outcome, words?.refusals));
    machine.failed();
  };
  button.addEventListener('click', () => void press());
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    void press();
  });
}

/** The currency of `data-variants` (each variant's `priceMoney.currency`), USD when it says none. */
function currencyOf(block: HTMLElement): string {
  const raw = parseJson(block.dataset['variants']);
  const first = Array.isArray(raw) ? (raw[0] as { priceMoney?: { currency?: unknown } } | undefined) : undefined;
  const code = first?.priceMoney?.currency;
  return typeof code === 'string' && code !== '' ? code : 'USD';
}

function priceText(shown: readonly VariantView[], currency: string, locale: string): string | null {
  const price = priceSummary(shown);
  if (price === null) return null;
  const money = (cents: number) => moneyText(cents, currency, locale);
  if (price.kind === 'from') return sayIn(words, 'product.priceFrom', `from ${money(price.cents)}`, { price: money(price.cents) });
  if (price.kind === 'sale') return `${money(price.cents)} ${money(price.originalCents)}`;
  return money(price.cents);
}

/**
 * Choosing options in the platform's selects: the product's `.product-price` (the nearest one around the
 * block) shows the chosen variant's price, choices sold out with the others chosen are disabled, and the
 * islands beside it (the instalment pill) hear the new price.
 */
function driveVariants(block: HTMLElement, locale: string): void {
  const itemId = block.dataset['itemId'] ?? '';
  const variants = variantsOf(block, NaN);
  const currency = currencyOf(block);
  let scope: Element | null = block.parentElement;
  while (scope !== null && scope.querySelector('.product-price') === null) scope = scope.parentElement;
  const priceElement = scope?.querySelector<HTMLElement>('.product-price') ?? null;
  const update = () => {
    const chosen = chosenOptions(block);
    for (const select of block.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
      const name = select.dataset['variantOptionName'] ?? '';
      for (const option of select.options) {
        if (option.value !== '') option.disabled = option.value !== select.value && valueSoldOut(variants, chosen, name, option.value);
      }
    }
    const shown = matchingVariants(variants, chosen);
    if (shown.length === 0) return;
    const text = priceText(shown, currency, locale);
    if (priceElement !== null && text !== null && Object.values(chosen).some((v) => v !== '')) priceElement.textContent = text;
    publishSelection(itemId, Math.min(...shown.map(currentPrice)), shown.every(isSoldOutVariant));
  };
  block.addEventListener('change', update);
  update();
}

export default (root: HTMLElement) => {
  words = platformCommerceWords();
  for (const button of root.querySelectorAll<HTMLElement>('.sqs-add-to-cart-button[data-item-id]')) driveButton(button);
  const locale = document.documentElement.lang || 'en-US';
  for (const block of root.querySelectorAll<HTMLElement>('.product-variants[data-item-id][data-variants]')) driveVariants(block, locale);
  const container = document.createElement('div');
  container.className = 'tessera-alerts';
  document.body.append(container);
  createRoot(container).render(<Alerts />);
  bindCartCounts();
  void ensureCartLoaded();
};
