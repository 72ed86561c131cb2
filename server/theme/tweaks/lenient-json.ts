/**
 * The JSON of a tweak comment as the platform reads it: JSON, and also the JavaScript object syntax
 * Squarespace's own "Five" family writes and ran (`//tweak:{type:'dropdown',title:'Nav Style',}`): keys without
 * quotes, strings in single quotes, a comma after the last element, `+1` and `.5`. Anything else is a problem at
 * its offset, in words, so the reader can warn at the tweak's line and column.
 */

export type LenientJsonResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly offset: number; readonly message: string };

class Failure {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

const IDENTIFIER = /[A-Za-z_$][\w$-]*/y;
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** Reads `text` as one lenient JSON value (whitespace around it allowed, nothing else). */
export function parseLenientJson(text: string): LenientJsonResult {
  let at = 0;
  const fail = (message: string, offset = at): never => {
    throw new Failure(offset, message);
  };
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const describe = () => (at >= text.length ? 'the end of the text' : `'${text[at]}'`);

  const string = (): string => {
    const quote = text[at]!;
    const start = at++;
    let out = '';
    while (at < text.length && text[at] !== quote) {
      const c = text[at]!;
      if (c === '\n') fail('A string must end on the line it starts', start);
      if (c !== '\\') {
        out += c;
        at++;
        continue;
      }
      const next = text[at + 1] ?? '';
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
        out += String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16));
        at += 6;
      } else {
        out += ESCAPES[next] ?? next;
        at += 2;
      }
    }
    if (at >= text.length) fail(`A string opened here is never closed with ${quote}`, start);
    at++;
    return out;
  };

  const value = (): unknown => {
    space();
    const c = text[at];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"' || c === "'") return string();
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number !== null) {
      at += number[0].length;
      return Number(number[0]);
    }
    IDENTIFIER.lastIndex = at;
    const word = IDENTIFIER.exec(text)?.[0];
    if (word === 'true' || word === 'false' || word === 'null') {
      at += word.length;
      return word === 'true' ? true : word === 'false' ? false : null;
    }
    if (word !== undefined) return fail(`A value is expected here, not the bare word '${word}' (quote it: '${word}')`);
    return fail(`A value is expected here, not ${describe()}`);
  };

  const object = (): Record<string, unknown> => {
    at++;
    const out: Record<string, unknown> = {};
    for (;;) {
      space();
      if (text[at] === '}') {
        at++;
        return out;
      }
      let key: string;
      if (text[at] === '"' || text[at] === "'") key = string();
      else {
        IDENTIFIER.lastIndex = at;
        const word = IDENTIFIER.exec(text)?.[0];
        if (word === undefined) return fail(`A key or } is expected here, not ${describe()}`);
        key = word;
        at += word.length;
      }
      space();
      if (text[at] !== ':') return fail(`A ':' is expected after the key '${key}', not ${describe()}`);
      at++;
      Object.defineProperty(out, key, { value: value(), enumerable: true, writable: true, configurable: true });
      space();
      if (text[at] === ',') at++;
      else if (text[at] !== '}') return fail(`A ',' or } is expected here, not ${describe()}`);
    }
  };

  const array = (): unknown[] => {
    at++;
    const out: unknown[] = [];
    for (;;) {
      space();
      if (text[at] === ']') {
        at++;
        return out;
      }
      out.push(value());
      space();
      if (text[at] === ',') at++;
      else if (text[at] !== ']') return fail(`A ',' or ] is expected here, not ${describe()}`);
    }
  };

  try {
    const result = value();
    space();
    if (at < text.length) fail(`Nothing may follow the value, but here is ${describe()}`);
    return { ok: true, value: result };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, offset: e.offset, message: e.message };
    throw e;
  }
}
