/**
 * The product editor's form state and the variant matrix: up to two options, each a name and comma-separated
 * values, make one row per combination (Size × Colour). Rows already there keep their id, SKU, price and stock
 * when the options change; new rows take the first row's price and a SKU made from the product's. A value
 * given twice is refused with the editor's message (spec 001 §5 'This {tagType} already exists').
 */
import { EDITOR_MESSAGES } from '../messages.js';
import { priceText } from '../money.js';
import type { Product, ProductTypeName } from './product-types.js';
import { type Questions, questionsOf } from './buyer-questions.js';

export const MAX_ADMIN_OPTIONS = 2;

export interface Row {
  /** React's key: the variant's id, else its combination. */
  readonly key: string;
  readonly id?: string;
  readonly attributes: Record<string, string>;
  readonly sku: string;
  readonly price: string;
  readonly stock: string;
  readonly unlimited: boolean;
}

export interface Draft {
  readonly title: string;
  readonly description: string;
  readonly type: ProductTypeName;
  readonly planUnit: 'WEEK' | 'MONTH' | 'YEAR';
  /** A product priced on itself (digital, membership). */
  readonly price: string;
  readonly options: readonly { readonly name: string; readonly values: string }[];
  readonly rows: readonly Row[];
  readonly categories: readonly string[];
  readonly tags: readonly string[];
  /** The questions for the buyer (buyer-questions.tsx). */
  readonly questions: Questions;
}

const blankOptions = () => Array.from({ length: MAX_ADMIN_OPTIONS }, () => ({ name: '', values: '' }));

export function emptyDraft(): Draft {
  return { title: '', description: '', type: 'physical', planUnit: 'MONTH', price: '', options: blankOptions(), rows: [{ key: 'new', attributes: {}, sku: '', price: '', stock: '0', unlimited: false }], categories: [], tags: [], questions: { formName: '', questions: [] } };
}

export function draftOf(product: Product, currency: string): Draft {
  const options = [...product.options.map((o) => ({ name: o.name, values: o.values.join(', ') })), ...blankOptions()].slice(0, Math.max(MAX_ADMIN_OPTIONS, product.options.length));
  const plan = product.subscriptionPlan as { billingPeriod?: { unit?: Draft['planUnit'] } } | null;
  return {
    title: product.title,
    description: product.description,
    type: product.type,
    planUnit: plan?.billingPeriod?.unit ?? 'MONTH',
    price: product.price === null ? '' : priceText(product.price.priceCents, currency),
    options,
    categories: product.categories ?? [],
    tags: product.tags ?? [],
    questions: questionsOf(product.additionalFieldsForm ?? null),
    rows: product.variants.map((v) => ({
      key: v.id,
      id: v.id,
      attributes: v.attributes,
      sku: v.sku,
      price: priceText(v.priceCents, currency),
      stock: String(v.qtyInStock),
      unlimited: v.unlimited,
    })),
  };
}

const valuesOf = (text: string) => text.split(',').map((v) => v.trim()).filter((v) => v !== '');

/** Why these options cannot make a matrix (a name without values, values without a name, one given twice), or null. */
export function optionProblem(options: Draft['options']): string | null {
  const names = new Set<string>();
  for (const option of options) {
    const name = option.name.trim();
    const values = valuesOf(option.values);
    if (name === '' && values.length === 0) continue;
    if (name === '') return 'Give the option a name, such as Size.';
    if (values.length === 0) return `Give ${name} at least one value.`;
    if (names.has(name.toLowerCase())) return EDITOR_MESSAGES.alreadyExists('option');
    names.add(name.toLowerCase());
    if (new Set(values.map((v) => v.toLowerCase())).size !== values.length) return EDITOR_MESSAGES.alreadyExists('option value');
  }
  return null;
}

/** The rows of the draft's options: every combination, in the options' order. */
export function matrixOf(draft: Draft): Row[] {
  const options = draft.options.map((o) => ({ name: o.name.trim(), values: valuesOf(o.values) })).filter((o) => o.name !== '' && o.values.length > 0);
  let combinations: Record<string, string>[] = [{}];
  for (const option of options) combinations = combinations.flatMap((c) => option.values.map((value) => ({ ...c, [option.name]: value })));
  const same = (a: Record<string, string>, b: Record<string, string>) => {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => b[k]?.toLowerCase() === a[k]!.toLowerCase());
  };
  const first = draft.rows[0];
  const base = (first?.sku.replace(/-\d+$/, '') || draft.title.replace(/[^A-Za-z0-9]+/g, '').slice(0, 8).toUpperCase()) || 'SKU';
  // a product without options so far: its one variant becomes the first combination (it keeps its id)
  const plain = first !== undefined && Object.keys(first.attributes).length === 0 ? first : undefined;
  const used = new Set<string>();
  return combinations.map((attributes, i) => {
    const kept = draft.rows.find((r) => !used.has(r.key) && same(r.attributes, attributes)) ?? (i === 0 ? plain : undefined);
    if (kept !== undefined) {
      used.add(kept.key);
      return { ...kept, attributes };
    }
    return { key: JSON.stringify(attributes), attributes, sku: combinations.length === 1 ? first?.sku || base : `${base}-${i + 1}`, price: first?.price ?? '', stock: '0', unlimited: false };
  });
}
