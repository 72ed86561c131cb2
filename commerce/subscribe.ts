/**
 * Whether an item can be bought as a subscription (spec 001 §3 "Subscription", §5: "Subscription is available
 * only for physical and service products"), with messages for the refusals (ours: the spec gives the rule,
 * not the words), and the plan in words for checkout and order pages.
 */
import { isSubscribable, isSubscriptionAvailable, productContent } from './products.js';
import { type PeriodUnit, planDuration, type SubscriptionPlan, subscriptionPlanOf } from './subscriptions.js';

export const SUBSCRIBE_MESSAGES = {
  notSubscribable: 'This product is not available as a subscription.',
  wrongType: 'Subscriptions are available only for physical and service products.',
} as const;

export type SubscribeCheck = { ok: true; plan: SubscriptionPlan } | { ok: false; message: string };

/** The item's plan when it can be subscribed to; the type rule is checked first, as it is the stricter one. */
export function subscriptionOf(item: unknown): SubscribeCheck {
  if (!isSubscriptionAvailable(item)) return { ok: false, message: SUBSCRIBE_MESSAGES.wrongType };
  if (!isSubscribable(item)) return { ok: false, message: SUBSCRIBE_MESSAGES.notSubscribable };
  const plan = subscriptionPlanOf(productContent(item)['subscriptionPlan']);
  // a subscribable product without a usable billing period cannot be billed, so it is not offered
  return plan === null ? { ok: false, message: SUBSCRIBE_MESSAGES.notSubscribable } : { ok: true, plan };
}

const UNIT_WORDS: Readonly<Record<PeriodUnit, readonly [string, string]>> = {
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

const count = (n: number, unit: PeriodUnit) => `${n} ${UNIT_WORDS[unit][n === 1 ? 0 : 1]}`;

/** 'Every 2 weeks, until cancelled', 'Every month for 1 year', 'Every week for 10 weeks'. */
export function planLabel(plan: SubscriptionPlan): string {
  const every = plan.every === 1 ? `Every ${UNIT_WORDS[plan.unit][0]}` : `Every ${count(plan.every, plan.unit)}`;
  const duration = planDuration(plan);
  return duration === null ? `${every}, until cancelled` : `${every} for ${count(duration.amount, duration.unit)}`;
}
