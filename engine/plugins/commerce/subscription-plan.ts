/**
 * A product's `subscriptionPlan` as the platform's price block reads it (found by differential testing against
 * the reference engine): any object with a `billingPeriod` key is a plan, however odd its fields. The period's
 * `value` and the plan's `numBillingCycles` are read as the numeric formatters read a value ("2x" is 2, `true`
 * 1), the unit is its text in lower case ("DAY" is "day", an unknown one prints as written). A period of at most
 * one unit reads "every week"; a plan with cycles runs for cycles × value units, in years when that is a whole
 * number (not 0) of years of weeks (52) or months (12).
 */
import { isObject, toNumber } from '../../values.js';
import { field, text } from '../content/scalars.js';
import type { PluginContext } from '../types.js';
import { localizedString } from './strings.js';

export interface PlatformPlan {
  /** The unit as written (`WEEK`, `MONTH`, `YEAR`; anything else prints as it is). */
  readonly unit: string;
  /** Billing every `every` units. */
  readonly every: number;
  /** Number of charges; at most 0 (or not a number) for a plan without end. */
  readonly cycles: number;
}

/** The plan, or null when the value is no plan (the price block then says the subscription is unavailable). */
export function platformPlanOf(plan: unknown): PlatformPlan | null {
  if (!isObject(plan) || !Object.hasOwn(plan, 'billingPeriod')) return null;
  const period = plan['billingPeriod'];
  return { unit: text(field(period, 'unit')), every: toNumber(field(period, 'value')), cycles: toNumber(plan['numBillingCycles']) };
}

const ADVERBS: Readonly<Record<string, string>> = { WEEK: 'Weekly', MONTH: 'Monthly', YEAR: 'Yearly' };
const PER_YEAR: Readonly<Record<string, number>> = { WEEK: 52, MONTH: 12 };

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** How long a plan with cycles runs: in years when whole, else in its own unit; null for a plan without end. */
function duration(plan: PlatformPlan): { word: string; amount: number } | null {
  if (!(plan.cycles > 0)) return null;
  const total = plan.cycles * plan.every;
  const unit = plan.unit.toUpperCase();
  const perYear = PER_YEAR[unit];
  if (perYear !== undefined && total !== 0 && total % perYear === 0) return { word: 'year', amount: total / perYear };
  return { word: plan.unit.toLowerCase(), amount: total };
}

/**
 * The localized pattern of a subscription price, keyed like `productPrice__singlePrice__nWeekly__limited__nWeeks`
 * for the platform's three units, with its English default, and the values it fills in.
 */
export function periodPattern(ctx: PluginContext, plan: PlatformPlan, from: boolean): { pattern: string; values: Record<string, string> } {
  const word = plan.unit.toLowerCase();
  const one = !(plan.every > 1);
  let english = `${from ? 'from ' : ''}{price} every ${one ? word : `{billingPeriodValue} ${word}s`}`;
  const adverb = ADVERBS[plan.unit.toUpperCase()];
  let key = adverb === undefined ? null : `productPrice__${from ? 'fromPrice' : 'singlePrice'}__${one ? '1' : 'n'}${adverb}`;
  const values: Record<string, string> = { billingPeriodValue: String(plan.every) };
  const lasts = duration(plan);
  if (lasts === null) {
    key &&= `${key}__indefinite`;
  } else {
    const single = lasts.amount === 1;
    key &&= `${key}__limited__${single ? '1' : 'n'}${capitalized(lasts.word)}${single ? '' : 's'}`;
    english += ` for {duration} ${lasts.word}${single ? '' : 's'}`;
    values['duration'] = String(lasts.amount);
  }
  return { pattern: key === null ? english : localizedString(ctx, key, english), values };
}
