/**
 * The orders CSV (GET /api/merchant/orders.csv): one row per line of each order, the order's own columns
 * repeated on each, as the platform's export and every spreadsheet-minded shop tool lays it out (a sum of
 * quantities or a filter by SKU works as it is). Money in major units with the currency's digits (`12.50`),
 * times in UTC ISO 8601. Cells are written by ../csv.ts (RFC 4180, formulas defused).
 */
import { currencyDigits } from '../../../commerce/currencies.js';
import { csvRow } from '../csv.js';
import { decimalString } from '../../../commerce/decimal.js';
import { customerOf, linesOf, type OrderRow, statusOf } from './queries.js';

export const CSV_HEADER = [
  'Order number',
  'Created',
  'Status',
  'Email',
  'Customer name',
  'Currency',
  'Subtotal',
  'Shipping',
  'Tax',
  'Discount',
  'Total',
  'Item',
  'SKU',
  'Options',
  'Quantity',
  'Unit price',
  'Address',
  'City',
  'Region',
  'Postal code',
  'Country',
  'Fulfilled',
  'Carrier',
  'Tracking number',
  'Cancelled',
  'Test mode',
] as const;


const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The CSV rows of one order: one per line (an order without lines still gets one row). */
export function orderCsvRows(row: OrderRow): string {
  const amount = (cents: number) => decimalString({ units: BigInt(cents), scale: currencyDigits(row.currency) });
  const customer = customerOf(row);
  const address = customer.shippingAddress;
  const lines = linesOf(row);
  const order = [row.orderNumber, iso(row.createdAt), statusOf(row), row.email, customer.name, row.currency];
  const totals = [amount(row.subtotalCents), amount(row.shippingCents), amount(row.taxCents), amount(row.discountCents), amount(row.grandTotalCents)];
  const shipping = [
    address === null ? null : [address.address1, address.address2].filter(Boolean).join(', '),
    address?.city ?? null,
    address?.region ?? null,
    address?.postalCode ?? null,
    address?.country ?? null,
    iso(row.fulfilledAt),
    row.shippingCarrier,
    row.trackingNumber,
    iso(row.cancelledAt),
    row.testMode ? 'yes' : 'no',
  ];
  const items = lines.length === 0 ? [null] : lines;
  return items
    .map((l) => {
      const item =
        l === null
          ? [null, null, null, null, null]
          : [l.productName, l.sku, Object.entries(l.attributes ?? {}).map(([k, v]) => `${k}: ${v}`).join('; '), l.quantity, amount(l.unitPriceCents)];
      return csvRow([...order, ...totals, ...item, ...shipping]);
    })
    .join('');
}
