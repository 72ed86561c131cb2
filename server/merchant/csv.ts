/**
 * CSV as spreadsheets read it, for every merchant export (orders, form submissions) (RFC 4180: comma-separated, CRLF rows, a field quoted when it holds a comma, quote
 * or line break, quotes doubled), for the merchant's exports. A field a visitor wrote that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return gets a leading `'`: a spreadsheet would otherwise run it as a formula
 * (`=HYPERLINK(…)` in a form answer), and the merchant opening the export is not the one who wrote it.
 * The file starts with a byte-order mark, without which Excel reads UTF-8 as its local code page.
 */
import { slugify } from '../../commerce/store-url-id.js';

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: a number as written (a negative amount is no formula), a missing value empty, text quoted and defused. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A download's file name: the words of `title` joined by `-`, then the rest (`contact-form-submissions-2026-11-27.csv`). */
export function csvFileName(title: string, rest: string): string {
  const slug = slugify(title);
  return `${slug === '' ? 'export' : slug}-${rest}.csv`;
}
