/**
 * The differences from the reference we chose (docs/engine.md, "Behaviour we chose" and "Formatters and predicates:
 * what we decided"), recognised on a shrunk case of the real, edits and values arms, each by its own root
 * cause: the formatter differential's list (bin/conformance/differential.ts `KNOWN_DIFFERENCES`: the reference's
 * stubs, the Java fixtures, the spec, CLDR generation, named reference bugs), the grammar and chains arms' lists
 * (`meetsChosenBehaviour`, escaping markup), docs/engine.md's `{length}` of a list (told by renaming `length`: the
 * difference must go) and missing prices (`PRICE_MISSING`), and one the harness itself makes: `timesince`
 * rendered without CLDR (the reference prints "Invalid date." without it). Each test pins an example of every
 * cause it meets.
 */
import { knownReason } from '../../bin/conformance/differential.js';
import { chainsAllowed } from './chains.js';
import { checkOurs, compareCase, type CaseExtras } from './compare.js';
import type { FuzzCase } from './generator.js';
import { meetsChosenBehaviour } from './grammar.js';

type Case = FuzzCase & CaseExtras;

/**
 * Whether a case's difference is the reference reading a list's JavaScript `length`: the template reads
 * `length`, and the two agree once `length` is renamed to a name nothing has.
 */
function readsListLength(c: Case): boolean {
  if (!/\blength\b/.test(c.template)) return false;
  return compareCase({ ...c, template: c.template.replace(/\blength\b/g, 'nolength') }).same;
}

export const CHOSEN = 'behaviour we chose (grammar.ts meetsChosenBehaviour: date of unreadable text, prices below 1, .eval #, {^…}, cycle then raw)';

/** Why a shrunk difference is one we chose, or null when it is a finding. */
export function deliberateReason(c: Case, ours: string, reference: string): string | null {
  const formatter = /\|\s*([A-Za-z][\w-]*)/.exec(c.template)?.[1] ?? '';
  const data = (typeof c.data === 'object' && c.data !== null && !Array.isArray(c.data) ? c.data : {}) as Record<string, unknown>;
  // the differential's "Invalid date." rule holds for instants out of range, not for a page's unknown time
  // zone: a difference that goes with the zone is a finding
  const website = data['website'];
  if (typeof website === 'object' && website !== null && 'timeZone' in website) {
    const { timeZone: _, ...rest } = website as Record<string, unknown>;
    if (compareCase({ ...c, data: { ...data, website: rest } }).same) return null;
  }
  const known = knownReason({ c: { formatter, template: c.template, data, locale: typeof c.locale === 'string' ? c.locale : 'en-US' }, ours, reference });
  if (known !== null) return `formatter differential: ${known}`;
  if (meetsChosenBehaviour(c)) return CHOSEN;
  if (!chainsAllowed(c)) return 'platform markup escapes what it writes (docs/engine.md; chains.ts escapesMarkup)';
  if (readsListLength(c)) {
    return 'docs/engine.md: {length} of a list prints nothing (the reference reads the list\'s JavaScript length)';
  }
  // docs/engine.md "Prices": with locale data a price block without its amount is no block and a PRICE_MISSING problem
  if (typeof c.locale === 'string' && ours === '' && checkOurs(c).errors.some((e) => e.startsWith('PRICE_MISSING'))) {
    return 'docs/engine.md: a price without its amount (locale data) prints no block and reports PRICE_MISSING, not 0.00';
  }
  // a message's `{0 unit …}` argument: the reference only stubs unit (the differential's list, for any key)
  if (/\|\s*message/.test(c.template) && /\{\d+ unit\b/.test(JSON.stringify(c.data))) {
    return 'formatter differential: the reference only stubs unit, in a message argument too';
  }
  if (c.locale === null && formatter === 'timesince' && reference === 'Invalid date.') return 'timesince without locale data: the reference prints "Invalid date." without CLDR (grammar.ts EXCLUDED_FORMATTERS)';
  return null;
}
