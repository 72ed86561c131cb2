/**
 * The JSON schemas of the merchant order APIs (routes.ts) and what they let through. Unknown fields are refused
 * (app.ts turns a schema error into a `{ message }`). The limits are ours: a carrier's name and a tracking number
 * as long as any carrier's, a note of 2,000 characters (a paragraph or two: what a shop writes on an order).
 */
import { id } from '../products/schemas.js';

export const ORDER_STATUSES = ['open', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAGE_SIZE = 50;
export const MAX_NOTE = 2000;

export const orderParams = { type: 'object', required: ['id'], properties: { id }, additionalProperties: false } as const;

const oneLine = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\r\\n]*$' }) as const;

export const fulfilBody = {
  type: 'object',
  properties: { carrier: oneLine(100), trackingNumber: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9 ._/-]*$' } },
  additionalProperties: false,
} as const;

export const noteBody = {
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: MAX_NOTE, pattern: '\\S' } },
  additionalProperties: false,
} as const;

const filters = {
  q: { type: 'string', maxLength: 200 },
  status: { type: 'string', enum: [...ORDER_STATUSES, 'all'] },
} as const;

export const listQuery = {
  type: 'object',
  properties: { ...filters, page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } },
  additionalProperties: false,
} as const;

export const exportQuery = { type: 'object', properties: filters, additionalProperties: false } as const;

export interface Filters {
  q?: string;
  status?: OrderStatus | 'all';
}

export interface ListQuery extends Filters {
  page?: string;
}

export interface FulfilBody {
  carrier?: string;
  trackingNumber?: string;
}
