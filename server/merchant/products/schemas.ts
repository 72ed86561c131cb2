/**
 * The JSON schemas of the merchant product APIs (server/merchant/products/routes.ts) and the body types they
 * let through. Money is integer cents, stock an integer count, weight integer grams; unknown fields are refused
 * (app.ts turns a schema error into a `{ message }`). The limits are ours: 6 options of at most 100 values and
 * 250 variants a product, as large as a real shop's matrix gets and small enough to check in one request.
 */
import { type AdditionalFieldsFormBody, additionalFieldsFormSchema } from './additional-fields-form.js';
import { PRODUCT_TYPES, type ProductTypeName } from './product-types.js';

export const MAX_OPTIONS = 6;
export const MAX_OPTION_VALUES = 100;
export const MAX_VARIANTS = 250;
export const PAGE_SIZE = 50;
/** Categories, and tags, a product: more than a store page's filter can show. */
export const MAX_LABELS = 50;
/** A price or stock no shop reaches, far inside 2^53. */
const MAX_CENTS = 100_000_000_00;
const MAX_STOCK = 1_000_000_000;

export const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const name = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
const cents = { type: 'integer', minimum: 0, maximum: MAX_CENTS } as const;
const sku = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\s]+$' } as const;
const weightGrams = { type: ['integer', 'null'], minimum: 0, maximum: 10_000_000 } as const;

export const productParams = { type: 'object', required: ['id'], properties: { id }, additionalProperties: false } as const;
export const variantParams = { type: 'object', required: ['id', 'variantId'], properties: { id, variantId: id }, additionalProperties: false } as const;

const price = {
  type: 'object',
  required: ['priceCents'],
  properties: { priceCents: cents, salePriceCents: cents, onSale: { type: 'boolean' } },
  additionalProperties: false,
} as const;

const subscriptionPlan = {
  type: 'object',
  required: ['billingPeriod'],
  properties: {
    billingPeriod: {
      type: 'object',
      required: ['value', 'unit'],
      properties: { value: { type: 'integer', minimum: 1, maximum: 52 }, unit: { type: 'string', enum: ['WEEK', 'MONTH', 'YEAR'] } },
      additionalProperties: false,
    },
    // 0: until cancelled
    numBillingCycles: { type: 'integer', minimum: 0, maximum: 1000 },
  },
  additionalProperties: false,
} as const;

const fields = {
  title: name(200),
  urlId: { type: 'string', maxLength: 200 },
  description: { type: 'string', maxLength: 100_000 },
  featured: { type: 'boolean' },
  price,
  subscriptionPlan,
  customAddButtonText: { type: ['string', 'null'], maxLength: 100 },
  // the store page's category filter and the tag links: the whole list, replacing the old one
  categories: { type: 'array', maxItems: MAX_LABELS, items: name(100) },
  tags: { type: 'array', maxItems: MAX_LABELS, items: name(100) },
  // the questions a buyer answers before adding the product (additional-fields-form.ts); null: none
  additionalFieldsForm: additionalFieldsFormSchema,
} as const;

export const createBody = {
  type: 'object',
  required: ['title', 'type'],
  properties: {
    ...fields,
    type: { type: 'string', enum: [...PRODUCT_TYPES] },
    storeId: id,
    // the first variant of a product priced by its variants
    sku,
    qtyInStock: { type: 'integer', minimum: 0, maximum: MAX_STOCK },
    unlimited: { type: 'boolean' },
    weightGrams,
  },
  additionalProperties: false,
} as const;

export const editBody = {
  type: 'object',
  minProperties: 1,
  properties: { ...fields, type: { type: 'string', enum: [...PRODUCT_TYPES] } },
  additionalProperties: false,
} as const;

export const variantsBody = {
  type: 'object',
  required: ['options', 'variants'],
  properties: {
    options: {
      type: 'array',
      maxItems: MAX_OPTIONS,
      items: {
        type: 'object',
        required: ['name', 'values'],
        properties: { name: name(100), values: { type: 'array', minItems: 1, maxItems: MAX_OPTION_VALUES, items: name(100) } },
        additionalProperties: false,
      },
    },
    variants: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_VARIANTS,
      items: {
        type: 'object',
        required: ['sku', 'attributes', 'priceCents'],
        properties: {
          id,
          sku,
          attributes: { type: 'object', maxProperties: MAX_OPTIONS, additionalProperties: { type: 'string', maxLength: 100 } },
          priceCents: cents,
          salePriceCents: cents,
          onSale: { type: 'boolean' },
          unlimited: { type: 'boolean' },
          qtyInStock: { type: 'integer', minimum: 0, maximum: MAX_STOCK },
          weightGrams,
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

export const stockBody = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  properties: {
    qtyInStock: { type: 'integer', minimum: 0, maximum: MAX_STOCK },
    delta: { type: 'integer', minimum: -MAX_STOCK, maximum: MAX_STOCK },
    unlimited: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export const orderBody = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 10_000, uniqueItems: true, items: id } },
  additionalProperties: false,
} as const;

export const listQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200 },
    type: { type: 'string', enum: [...PRODUCT_TYPES] },
    archived: { type: 'string', enum: ['false', 'true', 'all'] },
    storeId: id,
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  },
  additionalProperties: false,
} as const;

export interface PriceBody {
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
}

export interface SubscriptionPlanBody {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles?: number;
}

interface ProductFields {
  title: string;
  urlId?: string;
  description?: string;
  featured?: boolean;
  price?: PriceBody;
  subscriptionPlan?: SubscriptionPlanBody;
  customAddButtonText?: string | null;
  categories?: string[];
  tags?: string[];
  additionalFieldsForm?: AdditionalFieldsFormBody | null;
}

export interface CreateBody extends ProductFields {
  type: ProductTypeName;
  storeId?: string;
  sku?: string;
  qtyInStock?: number;
  unlimited?: boolean;
  weightGrams?: number | null;
}

export type EditBody = Partial<ProductFields> & { type?: ProductTypeName };

export interface VariantBody {
  id?: string;
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  unlimited?: boolean;
  qtyInStock?: number;
  weightGrams?: number | null;
}

export interface VariantsBody {
  options: { name: string; values: string[] }[];
  variants: VariantBody[];
}

export type StockBody = { qtyInStock: number } | { delta: number } | { unlimited: boolean };

export interface ListQuery {
  q?: string;
  type?: ProductTypeName;
  archived?: 'false' | 'true' | 'all';
  storeId?: string;
  page?: string;
}
