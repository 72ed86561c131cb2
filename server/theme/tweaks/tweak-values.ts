/**
 * Checking a value an owner gives a tweak (the owner API, `tessera dev --tweak`, a preset) against the tweak,
 * and writing it as the platform's string: a checkbox on or off (`true`/`false`, `"true"`/`"false"`), one of a
 * dropdown's options (its label, any case), a CSS colour (not see-through where the tweak disables
 * transparency), a number within the slider's `min`/`max` in the default's unit (`20` or `"20px"` for a `20px`
 * default; another unit is refused), a font or image tweak's properties (an object or the composite string,
 * properties of its kind only). Values go into the LESS the site compiles, so a value that could end a
 * declaration or start a comment or a variable (`;`, braces, `@`, `//`, backslashes, unbalanced quotes) is refused.
 */
import { suggest } from '../../../engine/errors.js';
import { formatComposite, parseComposite } from './composite.js';
import { isCssColor, isSeeThrough } from './css-colors.js';
import type { Tweak } from './tweak.js';

export type CheckedValue = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly message: string };

/** The properties a font or image tweak may set beyond those its class declares. */
export const TWEAK_PROPERTIES = {
  font: ['font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'line-height', 'letter-spacing', 'text-transform', 'text-decoration'],
  image: ['background-image', 'background-position', 'background-repeat', 'background-size', 'background-attachment', 'background-color'],
} as const;

const NUMBER_WITH_UNIT = /^([+-]?(?:\d+\.?\d*|\.\d+))([a-z%]*)$/i;
const MAX_VALUE_LENGTH = 500;

/**
 * Whether `text` can stand as one CSS value in LESS: no `;`, braces, `@`, backslash, backtick, `~`, line break
 * or comment (`//` only inside `url(…)`), quotes and parentheses balanced.
 */
export function isSafeCssValue(text: string): boolean {
  if (text === '' || text.length > MAX_VALUE_LENGTH || /[;{}@\\`~\n\r]/.test(text) || text.includes('/*')) return false;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
    else if (c === '/' && text[i + 1] === '/' && !/url\([^)]*$/i.test(text.slice(0, i))) return false;
  }
  return quote === null && depth === 0;
}

/** A given value as a message quotes it (JSON, at most 80 characters). */
function shown(input: unknown): string {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** A value for `tweak`, as the string the site keeps, or what is wrong with it in words. */
export function checkTweakValue(tweak: Tweak, input: unknown): CheckedValue {
  const refuse = (what: string): CheckedValue => ({ ok: false, message: `"${tweak.name}" ${what} (got ${shown(input)}).` });
  switch (tweak.type) {
    case 'checkbox':
      if (typeof input === 'boolean') return { ok: true, value: String(input) };
      if (typeof input === 'string' && /^(true|false)$/i.test(input.trim())) return { ok: true, value: input.trim().toLowerCase() };
      return refuse('is a checkbox: true or false');
    case 'dropdown': {
      const label = typeof input === 'string' || typeof input === 'number' ? String(input).trim().toLowerCase() : null;
      const option = tweak.options?.find((o) => o.toLowerCase() === label);
      return option !== undefined ? { ok: true, value: option } : refuse(`must be one of: ${tweak.options?.join(', ')}`);
    }
    case 'color': {
      const text = typeof input === 'string' ? input.trim() : '';
      if (!isCssColor(text)) return refuse('must be a CSS colour (#1b1b1b, rgba(34, 34, 34, 0.5), a colour name)');
      if (tweak.declaration['disableTransparency'] === true && isSeeThrough(text)) return refuse('must be an opaque colour: the tweak disables transparency');
      return { ok: true, value: text };
    }
    case 'value':
      return checkNumber(tweak, input, refuse);
    case 'font':
    case 'image':
      return checkProperties(tweak, input, refuse);
  }
}

function checkNumber(tweak: Tweak, input: unknown, refuse: (what: string) => CheckedValue): CheckedValue {
  const fallback = NUMBER_WITH_UNIT.exec(tweak.default);
  if (fallback === null) {
    // a default that is no number (`auto`, an expression): any single CSS value
    const text = typeof input === 'string' ? input.trim() : typeof input === 'number' && Number.isFinite(input) ? String(input) : '';
    return isSafeCssValue(text) ? { ok: true, value: text } : refuse('must be a CSS value');
  }
  const unit = fallback[2]!.toLowerCase();
  const range = tweak.min !== undefined && tweak.max !== undefined ? ` from ${tweak.min} to ${tweak.max}` : tweak.min !== undefined ? ` of at least ${tweak.min}` : tweak.max !== undefined ? ` of at most ${tweak.max}` : '';
  const wanted = `must be a number${range}${unit === '' ? ' without a unit' : ` in ${unit}`}`;
  const given = typeof input === 'number' ? [String(input), String(input), ''] : typeof input === 'string' ? NUMBER_WITH_UNIT.exec(input.trim()) : null;
  if (given === null || !Number.isFinite(Number(given[1]))) return refuse(wanted);
  const givenUnit = given[2]!.toLowerCase();
  if (givenUnit !== '' && givenUnit !== unit) return refuse(wanted);
  const n = Number(given[1]);
  if ((tweak.min !== undefined && n < tweak.min) || (tweak.max !== undefined && n > tweak.max)) return refuse(wanted);
  return { ok: true, value: `${n}${unit}` };
}

function checkProperties(tweak: Tweak, input: unknown, refuse: (what: string) => CheckedValue): CheckedValue {
  const kind = tweak.type === 'font' ? 'font' : 'image';
  const allowed = new Set<string>([...(tweak.properties ?? []).map(([p]) => p), ...TWEAK_PROPERTIES[kind]]);
  const example = kind === 'font' ? '{ "font-family": "Georgia, serif", "font-size": "18px" }' : '{ "background-image": "url(/assets/hero.jpg)" }';
  let entries: [string, unknown][] | null;
  if (typeof input === 'string') entries = parseComposite(input);
  else if (typeof input === 'object' && input !== null && !Array.isArray(input)) entries = Object.entries(input).map(([p, v]) => [p.trim().toLowerCase(), v]);
  else entries = null;
  if (entries === null) return refuse(`is a ${kind} tweak: an object of CSS properties (${example}) or "{font-family:…;font-size:…}"`);
  const out: [string, string][] = [];
  for (const [property, raw] of entries) {
    if (!allowed.has(property)) {
      const near = suggest(property, allowed);
      return refuse(`has no property "${property}"${near === null ? '' : ` (did you mean "${near}"?)`}: it takes ${[...allowed].join(', ')}`);
    }
    const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (!isSafeCssValue(value)) return refuse(`needs a single CSS value for ${property}`);
    out.push([property, value]);
  }
  return { ok: true, value: formatComposite(out) };
}

export interface CheckedValues {
  /** The values that passed, by tweak name, as the site keeps them. */
  readonly values: Record<string, string>;
  /** What was wrong with the others, one sentence each (an unknown name: "Did you mean …?"). */
  readonly problems: string[];
}

/** Checks several values by tweak name against a theme's tweaks. */
export function checkTweakValues(tweaks: readonly Tweak[], input: Readonly<Record<string, unknown>>): CheckedValues {
  const byName = new Map(tweaks.map((t) => [t.name, t]));
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    const tweak = byName.get(name);
    if (tweak === undefined) {
      const near = suggest(name, byName.keys());
      problems.push(`The theme has no tweak "${name}"${near === null ? (byName.size === 0 ? ' (it declares none).' : '.') : `: did you mean "${near}"?`}`);
      continue;
    }
    const checked = checkTweakValue(tweak, value);
    if (checked.ok) Object.defineProperty(values, name, { value: checked.value, enumerable: true, writable: true, configurable: true });
    else problems.push(checked.message);
  }
  return { values, problems };
}
