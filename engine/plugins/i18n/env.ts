/**
 * What every i18n formatter needs from the running template: the resolved locale (null: render nothing,
 * PARAMS `locale: none`), the time zone, "now", and an error reporter for message-level problems.
 */
import { ErrorCode } from '../../errors.js';
import { resolveLocale } from '../../i18n/locale.js';
import type { MessageEnv } from '../../i18n/message-format.js';
import type { PluginContext } from '../types.js';

/** The environment for `ctx`, or null when there is no locale data. */
export function i18nEnv(ctx: PluginContext, formatter: string): MessageEnv | null {
  const locale = resolveLocale(ctx.locale);
  if (locale === null) return null;
  return {
    locale,
    timeZone: ctx.timeZone,
    now: ctx.now,
    error: (message) => ctx.error(ErrorCode.FORMATTER_FAILED, `${formatter}: ${message}`),
  };
}
