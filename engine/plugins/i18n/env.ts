/**
 * What every i18n formatter needs from the running template: the resolved locale (null: render nothing,
 * PARAMS `locale: none`), the time zone, "now", and an error reporter for message-level problems.
 */
import { ErrorCode } from '../../errors.js';
import { resolveLocale } from '../../i18n/locale.js';
import type { MessageEnv } from '../../i18n/message-format.js';
import { decimalString } from '../../i18n/number-value.js';
import type { Formatter, PluginContext, PreparedArgs } from '../types.js';

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

/** The non-empty arguments of a tag (the argument splitter keeps empty ones). */
export function words(args: readonly string[]): string[] {
  return args.filter((a) => a !== '');
}

/** The message of something thrown (Intl throws RangeError for bad options, locales and zones). */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Prepared arguments: the state, with the problems found while preparing it as one error. */
export function prepared<S>(state: S, errors: readonly string[]): PreparedArgs<S> {
  return errors.length > 0 ? { state, error: errors.join(' ') } : { state };
}

/**
 * A formatter of numbers (a JSON number or a decimal string): renders nothing without locale data or a
 * number, and reports an Intl failure as `name: message`, rendering nothing for it.
 */
export function numericFormatter<S>(
  name: string,
  prepare: (args: readonly string[]) => PreparedArgs<S>,
  run: (locale: string, value: string, state: S) => string,
): Formatter<S> {
  return {
    name,
    prepare,
    format(value, _args, ctx, state) {
      const env = i18nEnv(ctx, name);
      if (env === null) return undefined;
      const n = decimalString(value);
      if (n === null) return ''; // not a number: empty text, which raw and json then see
      try {
        return run(env.locale, n, state);
      } catch (e) {
        env.error(errorText(e));
        return undefined;
      }
    },
  };
}
