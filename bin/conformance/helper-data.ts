/**
 * The reference's helper-data fixtures (`plugins/resources/*.json`): inputs of the commerce helper functions
 * with the expected results, checked against our `commerce/products.ts`. Each file holds named sections;
 * the expectation is in the name (`-true`, `-false`), in a matching `-expected` section, or in our table.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  hasVariants,
  hasVariedPrices,
  multipleQuantityAllowedForServices,
  totalStock,
  UNLIMITED_STOCK,
  variantOptions,
} from '../../commerce/products.js';
import { ANY_HEADER, parseSections } from './fixture.js';

const byTruthSuffix = (fn: (input: unknown) => boolean) => (name: string, input: unknown) =>
  name.endsWith('-true') ? fn(input) === true : name.endsWith('-false') ? fn(input) === false : null;

/** Stock expectations by case name (the file names them but carries no numbers). */
const TOTAL_STOCK: Record<string, number> = {
  'getTotalStock-unlimited-physical': UNLIMITED_STOCK,
  'getTotalStock-digital': UNLIMITED_STOCK,
  'getTotalStock-six-service': 6,
  'getTotalStock-0-physical': 0,
  'getTotalStock-0-physical-2': 0,
  'getTotalStock-unknown': 0,
};

type Check = (name: string, input: unknown, all: Map<string, unknown>) => boolean | null;

const CHECKS: Record<string, Check> = {
  'get-item-variant-options.json': (name, input, all) =>
    name.endsWith('-expected') ? null : isDeepStrictEqual(variantOptions(input), all.get(`${name}-expected`)),
  'get-total-stock-remaining.json': (name, input) => (name in TOTAL_STOCK ? totalStock(input) === TOTAL_STOCK[name] : false),
  'has-variants.json': byTruthSuffix(hasVariants),
  'has-varied-prices.json': byTruthSuffix(hasVariedPrices),
  'is-multi-quantity-allowed-for-services.json': byTruthSuffix(multipleQuantityAllowedForServices),
};

/** Null when the file is not a known helper-data file; else the names of the cases that do not hold. */
export function checkHelperData(fileName: string, text: string): string[] | null {
  const check = CHECKS[fileName];
  if (check === undefined) return null;
  const all = new Map<string, unknown>();
  const failed: string[] = [];
  for (const [name, json] of Object.entries(parseSections(text, ANY_HEADER))) {
    try {
      all.set(name, JSON.parse(json));
    } catch {
      failed.push(`${name} (not JSON)`);
    }
  }
  let checked = 0;
  for (const [name, input] of all) {
    const ok = check(name, input, all);
    if (ok === null) continue;
    checked++;
    if (!ok) failed.push(name);
  }
  if (checked === 0) failed.push('(no cases)');
  return failed;
}
