/**
 * The lexer: template source → a flat list of raw tokens (text, tags, comments) with their offsets.
 *
 * A tag is found by scanning to the next `{`, then to the next `}`; a `{` met on the way moves the start
 * (so `{{foo}` is a literal `{` then the tag `{foo}`). What a tag means is the parser's job: the lexer only
 * separates text from candidate tags and recognises the two comment forms, which may contain braces.
 */

export const enum TokenKind {
  Text,
  Tag,
  Comment,
  MultiComment,
}

export interface Token {
  kind: TokenKind;
  /** Text: the literal text; Tag: the content between the braces; comments: their body. */
  text: string;
  /** Offset of the token's first character (the `{` for tags and comments). */
  start: number;
  /** Offset just past the token. */
  end: number;
  /** MultiComment only: true when the input ended before `##}`. */
  unterminated?: boolean;
}

const OPEN = 123; // {
const CLOSE = 125; // }
const HASH = 35; // #

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  const n = src.length;
  let textStart = 0; // start of pending literal text
  let i = 0;
  while (i < n) {
    let open = src.indexOf('{', i);
    if (open < 0) break;
    // Scan for the closing brace; a later `{` restarts the tag there.
    let k = open + 1;
    let close = -1;
    while (k < n && !isMultiCommentStart(src, open)) {
      const c = src.charCodeAt(k);
      if (c === CLOSE) {
        close = k;
        break;
      }
      if (c === OPEN) open = k;
      k++;
    }
    if (isMultiCommentStart(src, open)) {
      if (open > textStart) tokens.push(text(src, textStart, open));
      const endMark = src.indexOf('##}', open + 3);
      if (endMark < 0) {
        tokens.push({ kind: TokenKind.MultiComment, text: src.slice(open + 3), start: open, end: n, unterminated: true });
        return tokens;
      }
      tokens.push({ kind: TokenKind.MultiComment, text: src.slice(open + 3, endMark), start: open, end: endMark + 3 });
      i = textStart = endMark + 3;
      continue;
    }
    if (close < 0) break; // no closing brace: the rest is text
    if (open > textStart) tokens.push(text(src, textStart, open));
    if (src.charCodeAt(open + 1) === HASH) {
      tokens.push({ kind: TokenKind.Comment, text: src.slice(open + 2, close), start: open, end: close + 1 });
    } else {
      tokens.push({ kind: TokenKind.Tag, text: src.slice(open + 1, close), start: open, end: close + 1 });
    }
    i = textStart = close + 1;
  }
  if (textStart < n) tokens.push(text(src, textStart, n));
  return tokens;
}

function isMultiCommentStart(src: string, at: number): boolean {
  return src.charCodeAt(at + 1) === HASH && src.charCodeAt(at + 2) === HASH;
}

function text(src: string, start: number, end: number): Token {
  return { kind: TokenKind.Text, text: src.slice(start, end), start, end };
}

/** Maps offsets to 1-based line and column; built only when a position is needed. */
export class LineMap {
  private starts: number[] | null = null;
  constructor(private readonly src: string) {}

  position(offset: number): { line: number; column: number } {
    const starts = (this.starts ??= lineStarts(this.src));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }
}

function lineStarts(src: string): number[] {
  const starts = [0];
  for (let i = 0; i < src.length; i++) if (src.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
