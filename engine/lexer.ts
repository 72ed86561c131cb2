/**
 * The lexer: template source → a flat list of raw tokens (text, tags, comments) with their offsets.
 *
 * A tag is found by scanning to the next `{`, then to the next `}`; a `{` met on the way moves the start
 * (so `{{foo}` is a literal `{` then the tag `{foo}`). What a tag means is the parser's job: the lexer only
 * separates text from candidate tags and recognises the two comment forms, which may contain braces.
 *
 * A tag starting `{^` is the platform's preprocessor scope, run before a template is stored; in a template
 * rendered as it is, the platform's tokenizer drops it from the output (the Java suite's `preprocessor-4`,
 * outside preprocessor mode), so it is dropped here too. The TypeScript reference prints it as text.
 */

export const TokenKind = { Text: 'text', Tag: 'tag', Comment: 'comment', MultiComment: 'multi-comment' } as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

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

const HASH = 35; // #
const CARET = 94; // ^

/** Receives the pieces of a source in order, as offsets: nothing is sliced or allocated by the scan itself. */
export interface TokenSink {
  /** Literal text src[start, end). */
  text(start: number, end: number): void;
  /** A candidate tag: `{` at `start`, `}` at `end - 1`. */
  tag(start: number, end: number): void;
  /** A comment whose body is src[bodyStart, bodyEnd); `{` at `start`. */
  comment(start: number, bodyStart: number, bodyEnd: number, multiLine: boolean, unterminated: boolean): void;
}

export function scan(src: string, sink: TokenSink): void {
  const n = src.length;
  let textStart = 0; // start of pending literal text
  // Each `{` is found by indexOf exactly once: `open` is the current one, `next` the one after it.
  let open = src.indexOf('{');
  while (open >= 0) {
    // A multi-line comment starts only where a tag could start: `{{## …` is a brace, then whatever the rest
    // scans as (the platform reads `{{## a\n{b} ##}` as text around the tag `{b}`).
    if (src.charCodeAt(open + 1) === HASH && src.charCodeAt(open + 2) === HASH) {
      // A multi-line comment starts before this tag could close: it wins, and may contain braces.
      if (open > textStart) sink.text(textStart, open);
      const endMark = src.indexOf('##}', open + 3);
      if (endMark < 0) {
        sink.comment(open, open + 3, n, true, true);
        return;
      }
      sink.comment(open, open + 3, endMark, true, false);
      textStart = endMark + 3;
      open = src.indexOf('{', textStart);
      continue;
    }
    const close = src.indexOf('}', open + 1);
    if (close < 0) break; // no closing brace: the rest is text
    // A later `{` before the closing brace restarts the tag there.
    let next = src.indexOf('{', open + 1);
    while (next >= 0 && next < close) {
      open = next;
      next = src.indexOf('{', open + 1);
    }
    if (open > textStart) sink.text(textStart, open);
    const first = src.charCodeAt(open + 1);
    if (first === HASH) sink.comment(open, open + 2, close, false, false);
    else if (first !== CARET) sink.tag(open, close + 1);
    textStart = close + 1;
    open = next;
  }
  if (textStart < n) sink.text(textStart, n);
}

/** The scan as a list of tokens (for tests and tools; the assembler consumes the scan directly). */
export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  scan(src, {
    text: (start, end) => tokens.push({ kind: TokenKind.Text, text: src.slice(start, end), start, end }),
    tag: (start, end) => tokens.push({ kind: TokenKind.Tag, text: src.slice(start + 1, end - 1), start, end }),
    comment(start, bodyStart, bodyEnd, multiLine, unterminated) {
      const token: Token = {
        kind: multiLine ? TokenKind.MultiComment : TokenKind.Comment,
        text: src.slice(bodyStart, bodyEnd),
        start,
        end: unterminated ? bodyEnd : bodyEnd + (multiLine ? 3 : 1),
      };
      if (unterminated) token.unterminated = true;
      tokens.push(token);
    },
  });
  return tokens;
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
