/**
 * The parser of the template engine's message syntax. It is NOT ICU MessageFormat: options after the
 * formatter name are space-separated `key:value` words, an argument may name several values joined by `;`
 * (`{0;1 datetime-interval}`), and arguments are positional (`{0}`) or named (`{name}`).
 *
 *   message  := (text | '{' arg '}')*
 *   arg      := names (ws formatter (ws options)?)?
 *   names    := name (';' name)*
 *   plural   := ('plural' | 'selectordinal') (ws ('offset:' N | key ws? '{' message '}'))*
 *   select   := 'select' (ws key ws? '{' message '}')*
 *   options  := words up to the matching '}'
 *
 * Apostrophes quote as on the platform (`''` is one; `'{0}'` is literal text). Inside a plural case `#` stands
 * for the number, quoted or not. A plural key must be zero, one, two, few, many, other or
 * `=N` (spec 001 §7); other keys are collected as errors and their case is dropped.
 */
import { isValidPluralKey } from './plural.js';

export type MessagePart = string | ArgPart | PluralPart | SelectPart | PoundPart;

/** `{0}`, `{name}` or `{0 decimal style:short}`, `{0;1 datetime-interval yMMMd}`. */
export interface ArgPart {
  readonly kind: 'arg';
  readonly names: readonly string[];
  /** Formatter name, or null for the plain value. */
  readonly formatter: string | null;
  readonly options: readonly string[];
}

export interface PluralPart {
  readonly kind: 'plural';
  readonly name: string;
  readonly type: 'cardinal' | 'ordinal';
  readonly offset: number;
  /** Explicit `=N` cases, keyed by N as written without `=`. */
  readonly exact: ReadonlyMap<string, readonly MessagePart[]>;
  /** Category cases (zero, one, ..., other). */
  readonly categories: ReadonlyMap<string, readonly MessagePart[]>;
}

export interface SelectPart {
  readonly kind: 'select';
  readonly name: string;
  readonly cases: ReadonlyMap<string, readonly MessagePart[]>;
}

/** `#` inside a plural case: the plural's number minus its offset. */
export interface PoundPart {
  readonly kind: 'pound';
}

export interface ParsedMessage {
  readonly parts: readonly MessagePart[];
  /** Problems found while parsing (the parts are still usable). */
  readonly errors: readonly string[];
}

const WS = /\s/;

class Parser {
  private i = 0;
  readonly errors: string[] = [];

  constructor(private readonly src: string) {}

  /** Parse text and arguments until end of input or, when nested, an unmatched `}`. */
  parseMessage(inPlural: boolean, nested: boolean): MessagePart[] {
    const parts: MessagePart[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') parts.push(text);
      text = '';
    };
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (c === '}') {
        if (nested) break;
        text += c; // A stray close brace at the top level is literal text.
        this.i++;
      } else if (c === '{') {
        flush();
        const start = this.i;
        const arg = this.parseArg();
        if (arg === null) {
          // Unterminated: the rest is literal text.
          text += this.src.slice(start);
          this.i = this.src.length;
        } else parts.push(arg);
      } else if (c === '#' && inPlural) {
        flush();
        parts.push({ kind: 'pound' });
        this.i++;
      } else if (c === "'") {
        // `#` keeps its meaning inside quotes, as on the platform; braces do not.
        const pieces = this.quoted().split('#');
        text += pieces[0];
        for (let k = 1; k < pieces.length; k++) {
          if (inPlural) {
            flush();
            parts.push({ kind: 'pound' });
          } else text += '#';
          text += pieces[k];
        }
      } else {
        text += c;
        this.i++;
      }
    }
    flush();
    return parts;
  }

  /**
   * At an apostrophe, as the platform quotes message text: `''` is one apostrophe; otherwise the text up to
   * the next apostrophe (or the end) is literal braces and all, and the apostrophes vanish
   * ("it's {0}" prints "its {0}").
   */
  private quoted(): string {
    if (this.src[this.i + 1] === "'") {
      this.i += 2;
      return "'";
    }
    const close = this.src.indexOf("'", this.i + 1);
    const end = close === -1 ? this.src.length : close;
    const literal = this.src.slice(this.i + 1, end);
    this.i = close === -1 ? end : end + 1;
    return literal;
  }

  private skipWs(): void {
    while (this.i < this.src.length && WS.test(this.src[this.i]!)) this.i++;
  }

  /** A word up to whitespace or one of `stops`. */
  private word(stops: string): string {
    const start = this.i;
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (WS.test(c) || stops.includes(c)) break;
      this.i++;
    }
    return this.src.slice(start, this.i);
  }

  /** At `{`: one argument through its `}`; null if the input ends first. */
  private parseArg(): MessagePart | null {
    this.i++; // '{'
    this.skipWs();
    const names = this.word('{}').split(';').map((n) => n.trim()).filter((n) => n !== '');
    this.skipWs();
    if (this.i >= this.src.length) return null;
    if (this.src[this.i] === '}') {
      this.i++;
      return { kind: 'arg', names, formatter: null, options: [] };
    }
    const formatter = this.word('{}');
    const name = names[0] ?? '';
    if (formatter === 'plural' || formatter === 'selectordinal') {
      return this.parsePlural(name, formatter === 'plural' ? 'cardinal' : 'ordinal');
    }
    if (formatter === 'select') return this.parseSelect(name);
    // Other formatters: the options are the words up to the matching close brace.
    const start = this.i;
    let depth = 0;
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (c === '{') depth++;
      else if (c === '}') {
        if (depth === 0) break;
        depth--;
      }
      this.i++;
    }
    if (this.i >= this.src.length) return null;
    const options = this.src.slice(start, this.i).trim().split(/\s+/).filter((o) => o !== '');
    this.i++; // '}'
    return { kind: 'arg', names, formatter, options };
  }

  /** Cases `key{message}` until the argument's `}`; null if the input ends first. */
  private parseCases(inPlural: boolean, onOption: (word: string) => boolean): Map<string, MessagePart[]> | null {
    const cases = new Map<string, MessagePart[]>();
    for (;;) {
      this.skipWs();
      if (this.i >= this.src.length) return null;
      if (this.src[this.i] === '}') {
        this.i++;
        return cases;
      }
      const key = this.word('{}');
      if (key !== '' && onOption(key)) continue;
      this.skipWs();
      if (this.src[this.i] !== '{') {
        this.errors.push(`Expected '{' after the key '${key}' in a message.`);
        if (key === '') this.i++; // never loop in place
        continue;
      }
      this.i++;
      const body = this.parseMessage(inPlural, true);
      if (this.i >= this.src.length) return null;
      this.i++; // '}'
      if (!cases.has(key)) cases.set(key, body);
    }
  }

  private parsePlural(name: string, type: 'cardinal' | 'ordinal'): PluralPart | null {
    let offset = 0;
    const cases = this.parseCases(true, (w) => {
      if (!w.startsWith('offset:')) return false;
      const n = Number(w.slice(7));
      if (w.length > 7 && Number.isFinite(n)) offset = n;
      else this.errors.push(`Invalid plural offset '${w.slice(7)}': it must be a number.`);
      return true;
    });
    if (cases === null) return null;
    const exact = new Map<string, MessagePart[]>();
    const categories = new Map<string, MessagePart[]>();
    for (const [key, body] of cases) {
      if (!isValidPluralKey(key)) {
        this.errors.push(`Invalid plural key '${key}': expected zero, one, two, few, many, other or =N.`);
      } else if (key.startsWith('=')) exact.set(key.slice(1), body);
      else categories.set(key, body);
    }
    return { kind: 'plural', name, type, offset, exact, categories };
  }

  private parseSelect(name: string): SelectPart | null {
    const cases = this.parseCases(false, () => false);
    return cases === null ? null : { kind: 'select', name, cases };
  }
}

export function parseMessage(src: string): ParsedMessage {
  const p = new Parser(src);
  const parts = p.parseMessage(false, false);
  return { parts, errors: p.errors };
}
