/**
 * A tweak's default (platform notes styles.md §4): a value or colour tweak's variable's value as declared; a
 * font or image tweak's class body (its declarations, as a composite); a checkbox's `active` (off when absent);
 * a dropdown's `default`, one of its `options` (the first option when absent: the platform's is unknown, and a
 * dropdown always gives exactly one class).
 */
import { formatComposite } from './composite.js';
import type { Following } from './less-scan.js';
import type { TweakType } from './tweak.js';

export interface TweakDefault {
  readonly value: string;
  /** What was wrong with the declaration's default, in words (the default above is used instead). */
  readonly warning?: string;
}

export function tweakDefault(type: TweakType, declaration: Readonly<Record<string, unknown>>, options: readonly string[], following: Following): TweakDefault {
  switch (type) {
    case 'value':
    case 'color':
      return { value: following.kind === 'variable' ? following.value : '' };
    case 'font':
    case 'image':
      return { value: formatComposite(following.kind === 'class' ? following.declarations : []) };
    case 'checkbox': {
      const active = declaration['active'];
      if (active === undefined || typeof active === 'boolean') return { value: String(active === true) };
      if (active === 'true' || active === 'false') return { value: active };
      return { value: 'false', warning: `"active" is true or false, not ${JSON.stringify(active)}: the checkbox starts off.` };
    }
    case 'dropdown': {
      const given = declaration['default'];
      const first = options[0] ?? '';
      if (given === undefined) return { value: first };
      const found = options.find((o) => typeof given === 'string' && o.toLowerCase() === given.trim().toLowerCase());
      if (found !== undefined) return { value: found };
      return { value: first, warning: `"default" ${JSON.stringify(given)} is not one of its options (${options.join(', ')}): the first, ${JSON.stringify(first)}, is used.` };
    }
  }
}
