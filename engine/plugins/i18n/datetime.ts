/**
 * Date formatters: `datetime` (`{t|datetime date:short time:medium}`), `datetime-interval` (`{s,e|...}`) and
 * `relative-time` (`{t|relative-time}` against now, `{s,e|relative-time}` between two instants).
 * Instants outside the supported Julian day range are reported and shown as 'Invalid date.'.
 */
import { formatDatetime, parseDatetimeSpec, type DatetimeSpec } from '../../i18n/datetime.js';
import { formatInterval, parseIntervalSpec, type IntervalSpec } from '../../i18n/datetime-interval.js';
import { checkedInstant, INVALID_DATE } from '../../i18n/datetime-value.js';
import { parseOptions } from '../../i18n/number-options.js';
import { formatRelative, parseRelativeSpec, type RelativeSpec } from '../../i18n/relative-time.js';
import { toNumber } from '../../values.js';
import type { Formatter } from '../types.js';
import { i18nEnv, prepared, words } from './env.js';


/** Run `f`, turning an Intl failure (unknown calendar, time zone) into the invalid-date text. */
function guarded(f: () => string): string {
  try {
    return f();
  } catch {
    return INVALID_DATE;
  }
}

export const datetimeFormatter: Formatter<DatetimeSpec> = {
  name: 'datetime',
  prepare(args) {
    const errors: string[] = [];
    const state = parseDatetimeSpec(parseOptions(words(args)), errors);
    return prepared(state, errors);
  },
  format(value, _args, ctx, spec) {
    const env = i18nEnv(ctx, 'datetime');
    if (env === null) return ''; // no locale data: empty text, as the platform without CLDR
    // The platform reads the value as its numeric formatters do: missing, null or a container is the epoch,
    // text is parsed from its start ("2020-02-24" is 2020 ms) and prints nothing when it starts with no digit.
    const ms = checkedInstant(toNumber(value), env);
    if (ms === null) return ''; // text without digits: empty text, which raw and json then see
    if (ms === 'invalid') return INVALID_DATE;
    return guarded(() => formatDatetime(env.locale, ms, env.timeZone, spec));
  },
};

export const datetimeIntervalFormatter: Formatter<IntervalSpec> = {
  name: 'datetime-interval',
  prepare: (args) => ({ state: parseIntervalSpec(words(args)) }),
  format(value, _args, ctx, spec, vars) {
    const env = i18nEnv(ctx, 'datetime-interval');
    if (env === null) return ''; // no locale data: empty text, as the platform without CLDR
    // Not two instants: empty text (which a later raw or json prints as ""), as on the platform.
    if (vars === null || vars.length < 2) return '';
    const s = checkedInstant(toNumber(vars[0]), env);
    const e = checkedInstant(toNumber(vars[1]), env);
    if (s === null || e === null) return '';
    if (s === 'invalid' || e === 'invalid') return INVALID_DATE;
    return guarded(() => formatInterval(env.locale, s, e, env.timeZone, spec));
  },
};

export const relativeTimeFormatter: Formatter<RelativeSpec> = {
  name: 'relative-time',
  prepare: (args) => ({ state: parseRelativeSpec(parseOptions(words(args))) }),
  format(value, _args, ctx, spec, vars) {
    const env = i18nEnv(ctx, 'relative-time');
    if (env === null) return ''; // no locale data: empty text, as the platform without CLDR
    const a = checkedInstant(toNumber(vars === null ? value : vars[0]), env);
    const b = vars === null || vars.length < 2 ? null : checkedInstant(toNumber(vars[1]), env);
    if (a === null || (vars !== null && vars.length >= 2 && b === null)) return '';
    if (a === 'invalid' || b === 'invalid') return INVALID_DATE;
    return b === null ? formatRelative(env.locale, env.now, a, spec) : formatRelative(env.locale, a, b, spec);
  },
};
