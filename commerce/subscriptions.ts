/**
 * Subscription plans (spec 001 §3 "Subscription"): a billing period {value, unit WEEK | MONTH | YEAR} and a
 * number of billing cycles, 0 meaning indefinite. A limited plan's length is shown in years when it is a
 * whole number of years (52 weeks, 12 months a year).
 */
import { isRecord } from './json.js';
export type PeriodUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionPlan {
  readonly unit: PeriodUnit;
  /** Billing every `every` units. */
  readonly every: number;
  /** Number of charges; 0 for indefinite. */
  readonly cycles: number;
}

export const PERIODS_PER_YEAR: Readonly<Record<PeriodUnit, number>> = { WEEK: 52, MONTH: 12, YEAR: 1 };


function positiveInteger(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** The plan of `subscriptionPlan` JSON, or null when it has no usable billing period. */
export function subscriptionPlanOf(plan: unknown): SubscriptionPlan | null {
  if (!isRecord(plan)) return null;
  const period = plan['billingPeriod'];
  if (!isRecord(period)) return null;
  const unit = period['unit'];
  const every = positiveInteger(period['value']);
  if ((unit !== 'WEEK' && unit !== 'MONTH' && unit !== 'YEAR') || every === null) return null;
  return { unit, every, cycles: positiveInteger(plan['numBillingCycles']) ?? 0 };
}

export interface PlanDuration {
  readonly unit: PeriodUnit;
  readonly amount: number;
}

/** How long a limited plan runs, in years when whole; null for an indefinite plan. */
export function planDuration(plan: SubscriptionPlan): PlanDuration | null {
  if (plan.cycles === 0) return null;
  const total = plan.cycles * plan.every;
  const perYear = PERIODS_PER_YEAR[plan.unit];
  if (plan.unit !== 'YEAR' && total % perYear === 0) return { unit: 'YEAR', amount: total / perYear };
  return { unit: plan.unit, amount: total };
}
