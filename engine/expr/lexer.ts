/**
 * The `.eval` lexer: expression source → tokens. Runs once per expression, at template compile time.
 *
 * Tokens: numbers (decimal, hex), strings, constants, variable references (dot-separated segments), function
 * names (a plain word immediately followed by `(`), operators, parentheses and separators (`;` or `,`).
 */

/** Token kinds. */
export type T = 'num' | 'str' | 'const' | 'ref' | 'func' | 'op' | '(' | ')' | 'sep';

/** Operator spellings. Unary and binary `+`/`-` share a spelling; the parser decides which one it is. */
export type OpSym =
  | '+' | '-' | '!' | '~'
  | '**' | '*' | '/' | '%'
  | '<<' | '>>'
  | '<' | '>' | '<=' | '>='
  | '==' | '!=' | '===' | '!=='
  | '&' | '^' | '|' | '&&' | '||'
  | '=';

export type Token =
  | { readonly t: 'num'; readonly value: number }
  | { readonly t: 'str'; readonly value: string }
  | { readonly t: 'const'; readonly value: number | boolean | null; readonly name: string }
  | { readonly t: 'ref'; readonly path: readonly string[] }
  | { readonly t: 'func'; readonly name: string }
  | { readonly t: 'op'; readonly op: OpSym }
  | { readonly t: '(' }
  | { readonly t: ')' }
  /** `;` ends a statement, `,` applies the operators pending since the last `(`. */
  | { readonly t: 'sep'; readonly semi: boolean };

export type LexResult = { tokens: Token[]; error: null } | { tokens: null; error: string };

export const tooManyTokens = (n: number): string => `Expression exceeds the maximum number of allowed tokens: ${n}`;

const CONSTANTS: ReadonlyMap<string, number | boolean | null> = new Map<string, number | boolean | null>([
  ['null', null],
  ['true', true],
  ['false', false],
  ['PI', Math.PI],
  ['E', Math.E],
  ['Infinity', Infinity],
  ['NaN', NaN],
]);

const LPAREN: Token = { t: '(' };
const RPAREN: Token = { t: ')' };
const SEMI: Token = { t: 'sep', semi: true };
const COMMA: Token = { t: 'sep', semi: false };
const OPS = new Map<OpSym, Token>();
function opToken(op: OpSym): Token {
  let tok = OPS.get(op);
  if (tok === undefined) OPS.set(op, (tok = { t: 'op', op }));
  return tok;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isWordChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 95 /* _ */ || c === 45; /* - */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** Code points a string literal may not carry: they are replaced by a space. */
function sanitize(cp: number): number {
  return (cp >= 0 && cp <= 8) || (cp >= 0x0e && cp <= 0x1f) || cp > 0x10ffff ? 32 : cp;
}

class LexError {
  constructor(readonly message: string) {}
}

/** Split `src` into tokens. `maxTokens` (when given) stops lexing with an error as soon as it is exceeded. */
export function tokenize(src: string, maxTokens?: number): LexResult {
  const tokens: Token[] = [];
  const n = src.length;
  let i = 0;

  const push = (tok: Token): void => {
    tokens.push(tok);
    if (maxTokens !== undefined && tokens.length > maxTokens) throw new LexError(tooManyTokens(maxTokens));
  };

  /** Decimal or hex number starting at `i` (a digit). */
  const number = (): Token => {
    const start = i;
    if (src.charCodeAt(i) === 48 && (src.charCodeAt(i + 1) | 0x20) === 120 /* x */) {
      i += 2;
      const digits = i;
      while (i < n && hexValue(src.charCodeAt(i)) >= 0) i++;
      if (i === digits) throw new LexError('Expected digits after start of hex number');
      // Number() on a hex literal rounds correctly however long it is.
      return { t: 'num', value: Number('0x' + src.slice(digits, i)) };
    }
    while (i < n && isDigit(src.charCodeAt(i))) i++;
    if (src.charCodeAt(i) === 46 /* . */) {
      i++;
      while (i < n && isDigit(src.charCodeAt(i))) i++;
      if (src.charCodeAt(i) === 46) throw new LexError('Duplicate decimal point in number');
    }
    if ((src.charCodeAt(i) | 0x20) === 101 /* e */) {
      i++;
      const s = src.charCodeAt(i);
      if (s === 43 || s === 45) i++;
      if (!isDigit(src.charCodeAt(i))) throw new LexError('Expected a digit after exponent in decimal number');
      while (i < n && isDigit(src.charCodeAt(i))) i++;
      if (src.charCodeAt(i) === 46) throw new LexError('Unexpected decimal point in exponent');
    }
    return { t: 'num', value: Number(src.slice(start, i)) };
  };

  /** `count` hex digits at `i`, or -1. */
  const hexDigits = (count: number): number => {
    if (i + count > n) return -1;
    let v = 0;
    for (let k = 0; k < count; k++) {
      const h = hexValue(src.charCodeAt(i + k));
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    i += count;
    return v;
  };

  /** String literal starting at `i` (the quote). */
  const string = (): Token => {
    const quote = src.charCodeAt(i++);
    let out = '';
    let run = i; // start of the current run of plain characters
    for (;;) {
      if (i >= n) throw new LexError('Unterminated string');
      const c = src.charCodeAt(i);
      if (c === quote) {
        out += src.slice(run, i);
        i++;
        return { t: 'str', value: out };
      }
      if (c === 10) throw new LexError('Illegal bare line feed character in string literal');
      if (c === 13) throw new LexError('Illegal bare carriage return character in string literal');
      if (c === 92 /* \ */) {
        out += src.slice(run, i);
        i++;
        if (i >= n) throw new LexError('Unterminated string');
        const e = src.charCodeAt(i++);
        let cp: number;
        switch (e) {
          case 110 /* n */: cp = 10; break;
          case 116 /* t */: cp = 9; break;
          case 102 /* f */: cp = 12; break;
          case 114 /* r */: cp = 13; break;
          case 120 /* x */:
            cp = hexDigits(2);
            if (cp < 0) throw new LexError('Invalid 2-char hex escape found');
            break;
          case 117 /* u */:
            cp = hexDigits(4);
            if (cp < 0) throw new LexError('Invalid unicode escape found');
            break;
          case 85 /* U */:
            cp = hexDigits(8);
            if (cp < 0) throw new LexError('Invalid unicode escape found');
            break;
          default:
            // Any other escaped character stands for itself (a whole code point, surrogate pairs included).
            cp = src.codePointAt(i - 1)!;
            if (cp > 0xffff) i++;
        }
        out += String.fromCodePoint(sanitize(cp));
        run = i;
        continue;
      }
      if ((c <= 8 || (c >= 0x0e && c <= 0x1f))) {
        out += src.slice(run, i) + ' ';
        run = ++i;
        continue;
      }
      i++;
    }
  };

  /** One path segment at `i`, or null when none starts there. `first`: digits are not a segment start. */
  const segment = (first: boolean): string | null => {
    const c = src.charCodeAt(i);
    const start = i;
    if (c === 64 /* @ */) {
      i++;
      if (isLetter(src.charCodeAt(i))) while (i < n && isWordChar(src.charCodeAt(i))) i++;
      return src.slice(start, i);
    }
    if (c === 36 /* $ */) {
      if (!isLetter(src.charCodeAt(i + 1))) return null;
      i++;
    } else if (!isLetter(c)) {
      if (first || !isDigit(c)) return null;
      while (i < n && isDigit(src.charCodeAt(i))) i++;
      return src.slice(start, i);
    }
    while (i < n && isWordChar(src.charCodeAt(i))) i++;
    return src.slice(start, i);
  };

  const segmentStartsAt = (j: number): boolean => {
    const c = src.charCodeAt(j);
    return c === 64 || isLetter(c) || isDigit(c) || (c === 36 && isLetter(src.charCodeAt(j + 1)));
  };

  /** Variable reference, constant or function name starting at `i`. */
  const reference = (): Token => {
    const path: string[] = [segment(true)!];
    while (src.charCodeAt(i) === 46 /* . */ && segmentStartsAt(i + 1)) {
      i++;
      path.push(segment(false)!);
    }
    if (path.length === 1) {
      const word = path[0]!;
      const c = word.charCodeAt(0);
      if (c !== 64 && c !== 36) {
        // A constant stays a constant before `(` (`PI()` is PI and an empty group), as on the platform.
        const k = CONSTANTS.get(word);
        if (k !== undefined || CONSTANTS.has(word)) return { t: 'const', value: k ?? null, name: word };
      }
      // A single name before `(` is a function name, whitespace between them or not (`y (1)` calls y), a local
      // variable's too (`@(1)`, `@a (1)` are invalid functions), as on the platform; a dotted path is not.
      let j = i;
      while (j < n && isSpace(src.charCodeAt(j))) j++;
      if (src.charCodeAt(j) === 40 /* ( */) return { t: 'func', name: word };
    }
    return { t: 'ref', path: Object.freeze(path) };
  };

  const unexpected = (): never => {
    const cp = src.codePointAt(i)!;
    throw new LexError(`Unexpected character found: ${String.fromCodePoint(cp)}`);
  };

  try {
    while (i < n) {
      const c = src.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (isDigit(c)) {
        push(number());
        continue;
      }
      if (isLetter(c) || c === 64) {
        push(reference());
        continue;
      }
      const c1 = src.charCodeAt(i + 1);
      const c2 = src.charCodeAt(i + 2);
      let op: OpSym | null = null;
      let len = 1;
      switch (c) {
        case 36 /* $ */:
          if (!isLetter(c1)) unexpected();
          push(reference());
          continue;
        case 34 /* " */:
        case 39 /* ' */:
          push(string());
          continue;
        case 40:
          i++;
          push(LPAREN);
          continue;
        case 41:
          i++;
          push(RPAREN);
          continue;
        case 44 /* , */:
        case 59 /* ; */:
          i++;
          push(c === 59 ? SEMI : COMMA);
          continue;
        case 43: op = '+'; break;
        case 45: op = '-'; break;
        case 126: op = '~'; break;
        case 47: op = '/'; break;
        case 37: op = '%'; break;
        case 94: op = '^'; break;
        case 42 /* * */:
          if (c1 === 42) [op, len] = ['**', 2];
          else op = '*';
          break;
        case 33 /* ! */:
          if (c1 === 61) [op, len] = c2 === 61 ? ['!==', 3] : ['!=', 2];
          else op = '!';
          break;
        case 61 /* = */:
          if (c1 === 61) [op, len] = c2 === 61 ? ['===', 3] : ['==', 2];
          else op = '=';
          break;
        case 60 /* < */:
          if (c1 === 60) [op, len] = ['<<', 2];
          else if (c1 === 61) [op, len] = ['<=', 2];
          else op = '<';
          break;
        case 62 /* > */:
          if (c1 === 62) [op, len] = ['>>', 2];
          else if (c1 === 61) [op, len] = ['>=', 2];
          else op = '>';
          break;
        case 38 /* & */:
          if (c1 === 38) [op, len] = ['&&', 2];
          else op = '&';
          break;
        case 124 /* | */:
          if (c1 === 124) [op, len] = ['||', 2];
          else op = '|';
          break;
        default:
          unexpected();
      }
      i += len;
      push(opToken(op!));
    }
  } catch (e) {
    if (e instanceof LexError) return { tokens: null, error: e.message };
    throw e;
  }
  return { tokens, error: null };
}
