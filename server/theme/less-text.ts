/**
 * LESS source read as text, without compiling it: which characters are code and which are comments, strings
 * or `@{name}` interpolations, so the steps that work on the text before the compiler sees it (finding
 * `@import`s, an unclosed `{`, the statement at a place) never mistake a `{` in a comment, a `;` in a string
 * or the `//` of `url(http://…)` for code.
 */

/** What a character of LESS source is part of. */
export const enum TextKind {
  Code = 0,
  Comment = 1,
  /** A quoted string, an unquoted `url(…)` argument or a `@{name}` interpolation. */
  Literal = 2,
}

/** The kind of every character of `text`. */
export function textKinds(text: string): Uint8Array {
  const kinds = new Uint8Array(text.length);
  const mark = (from: number, to: number, kind: TextKind) => kinds.fill(kind, from, Math.min(to, text.length));
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const to = end < 0 ? text.length : end;
      mark(i, to, TextKind.Comment);
      i = to - 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const to = end < 0 ? text.length : end + 2;
      mark(i, to, TextKind.Comment);
      i = to - 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      mark(i, j + 1, TextKind.Literal);
      i = j;
    } else if (c === '@' && text[i + 1] === '{') {
      const end = text.indexOf('}', i);
      const to = end < 0 ? text.length : end + 1;
      mark(i, to, TextKind.Literal);
      i = to - 1;
    } else if ((c === 'u' || c === 'U') && /^url\(\s*[^\s"')]/i.test(text.slice(i, i + 6)) && !/[\w-]/.test(text[i - 1] ?? '')) {
      // an unquoted url: `url(http://x/a.png)` holds no comment
      const end = text.indexOf(')', i);
      const to = end < 0 ? text.length : end;
      mark(i + 4, to, TextKind.Literal);
      i = to - 1;
    }
  }
  return kinds;
}

/** The offset of the outermost `{` of `text` never closed (comments and strings skipped), or null. */
export function unclosedBrace(text: string, kinds: Uint8Array = textKinds(text)): number | null {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (kinds[i] !== TextKind.Code) continue;
    if (text[i] === '{') open.push(i);
    else if (text[i] === '}') open.pop();
  }
  return open[0] ?? null;
}

/** The offset of the `}` that closes the `{` at `open`, or the text's end. */
function closingBrace(text: string, kinds: Uint8Array, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (kinds[i] !== TextKind.Code) continue;
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/**
 * The statement of `text` that holds `offset`, as `[start, end)`: a declaration or mixin call up to its `;`,
 * or, when it is a block's head (a selector, `@media …`), the whole block.
 */
export function statementAt(text: string, kinds: Uint8Array, offset: number): [number, number] {
  let start = Math.min(offset, text.length);
  while (start > 0 && !(kinds[start - 1] === TextKind.Code && /[;{}]/.test(text[start - 1]!))) start--;
  while (start < offset && /\s/.test(text[start]!)) start++;
  for (let i = offset; i < text.length; i++) {
    if (kinds[i] !== TextKind.Code) continue;
    const c = text[i];
    if (c === ';') return [start, i + 1];
    if (c === '}') return [start, i];
    if (c === '{') return [start, closingBrace(text, kinds, i) + 1];
  }
  return [start, text.length];
}

/** `text` with `[from, to)` blanked (spaces, newlines kept), so every other offset and line stays where it was. */
export function blank(text: string, from: number, to: number): string {
  return text.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, ' ') + text.slice(to);
}
