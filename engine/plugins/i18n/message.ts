/**
 * `message` (alias `plural`): `{msg|message a b name=path key:path}` formats the message text held by the
 * value with the arguments resolved at this point of the template. Every argument has a position (`{0}`,
 * `{1}`...); a `name=path` or `name:path` argument can also be referred to by name (`{name}`).
 */
import { formatMessage, type MessageArgs } from '../../i18n/message-format.js';
import { MESSAGE_FORMATTERS } from '../../i18n/message-formatters.js';
import { toText } from '../../values.js';
import type { Formatter } from '../types.js';
import { errorText, i18nEnv } from './env.js';

interface ArgSpec {
  readonly name: string | null;
  readonly path: string;
}

/** Every argument has its position, an empty one too (two spaces leave one between them), as on the platform. */
function parseArgs(args: readonly string[]): ArgSpec[] {
  const all = args.length > 0 && args[args.length - 1] === '' ? args.slice(0, -1) : args;
  return all.map((a) => {
      const m = /^([A-Za-z_][\w-]*)[=:](.+)$/.exec(a);
      return m === null ? { name: null, path: a } : { name: m[1]!, path: m[2]! };
    });
}

function messageFormatter(name: string): Formatter<ArgSpec[]> {
  return {
    name,
    prepare: (args) => ({ state: parseArgs(args) }),
    format(value, _args, ctx, specs) {
      const env = i18nEnv(ctx, name);
      if (env === null) return ''; // no locale data: empty text, as the platform without CLDR
      if (Array.isArray(value)) return ''; // a list is no message text (not its items joined)
      const positional: unknown[] = [];
      const named = new Map<string, unknown>();
      for (const s of specs) {
        const v = s.path === '' ? undefined : ctx.resolve(s.path);
        positional.push(v);
        if (s.name !== null) named.set(s.name, v);
      }
      const margs: MessageArgs = { positional, named };
      try {
        return formatMessage(toText(value), margs, env, MESSAGE_FORMATTERS);
      } catch (e) {
        // Intl rejecting an option a message asked for (an unknown calendar, a bad currency...).
        env.error(errorText(e));
        return undefined;
      }
    },
  };
}

export const MESSAGE_FORMATTERS_PLUGINS: Formatter<any>[] = [messageFormatter('message'), messageFormatter('plural')];
