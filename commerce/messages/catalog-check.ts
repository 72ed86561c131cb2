/**
 * The rules every catalog keeps against the English source (issue 27), as a list of problems a test asserts
 * empty for each shipped catalog: every key of the source and no other, every message parses as ICU
 * MessageFormat, and its placeholders (arguments, plural and select names) are the source message's.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { EN_US } from './en-US.js';

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };

// the parser's element types with a name: argument, number, date, time, select, plural, tag
const NAMED = new Set([1, 2, 3, 4, 5, 6, 8]);

function collectPlaceholders(elements: readonly Element[], into: Set<string>): Set<string> {
  for (const el of elements) {
    if (NAMED.has(el.type)) into.add(String(el.value));
    for (const option of Object.values(el.options ?? {})) collectPlaceholders(option.value, into);
    if (el.children !== undefined) collectPlaceholders(el.children, into);
  }
  return into;
}

/** The placeholder names of an ICU message, sorted; throws when it does not parse. */
export function placeholdersOf(message: string, locale: string): string[] {
  const ast = new IntlMessageFormat(message, locale).getAst() as unknown as Element[];
  return [...collectPlaceholders(ast, new Set())].sort();
}

/** What is wrong with `catalog` (tag `locale`) against the English source; empty when nothing is. */
export function catalogProblems(locale: string, catalog: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(catalog)) if (!Object.hasOwn(EN_US, key)) problems.push(`${locale}: ${key} is not a key of en-US`);
  for (const [key, source] of Object.entries(EN_US)) {
    const message = catalog[key];
    if (typeof message !== 'string') {
      problems.push(`${locale}: ${key} is missing`);
      continue;
    }
    let names: string[];
    try {
      names = placeholdersOf(message, locale);
    } catch (error) {
      problems.push(`${locale}: ${key} does not parse (${(error as Error).message})`);
      continue;
    }
    const expected = placeholdersOf(source, 'en-US');
    if (names.join() !== expected.join()) problems.push(`${locale}: ${key} has {${names.join('}, {')}} where en-US has {${expected.join('}, {')}}`);
  }
  return problems;
}
