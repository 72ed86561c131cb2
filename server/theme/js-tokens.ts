/**
 * A small scanner of JavaScript source: its significant tokens (names, punctuation, string literals with
 * their values), with comments, template literals and regular expressions passed over, so that a word
 * `import` or `require` in a comment, a string or a regular expression is never read as code. Enough to
 * tell what a theme's script asks of a module system (script-build-need.ts); not a parser.
 *
 * Whether a `/` starts a regular expression or divides is decided by the token before it, as JavaScript's
 * grammar does in practice: after a value (a name, a number, a string, `)` or `]`) it divides, elsewhere it
 * starts an expression.
 */

export type JsToken =
  | { readonly kind: 'name'; readonly text: string; readonly offset: number }
  | { readonly kind: 'punct'; readonly text: string; readonly offset: number }
  | { readonly kind: 'string'; readonly text: string; readonly offset: number };

/** Words after which a `/` starts a regular expression although they are names. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
const NAME_START = /[A-Za-z_$\u0080-\uffff]/;
const NAME_CHAR = /[\w$\u0080-\uffff]/;

/** The significant tokens of `source`, in order (numbers are names here: `1e3`). */
export function jsTokens(source: string): JsToken[] {
  const tokens: JsToken[] = [];
  /** Open template literals' brace depths: a `}` at that depth goes back into the template's text. */
  const templates: number[] = [];
  let braces = 0;
  let i = 0;
  const n = source.length;

  const valueEnds = () => {
    const last = tokens[tokens.length - 1];
    if (last === undefined) return false;
    if (last.kind === 'string') return true;
    if (last.kind === 'name') return !BEFORE_EXPRESSION.has(last.text);
    return last.text === ')' || last.text === ']' || last.text === '}';
  };

  /** Skips a template literal's text from `i` (after the backtick or a `}`): to its end, or into `${`. */
  const templateText = () => {
    while (i < n) {
      const c = source[i]!;
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        tokens.push({ kind: 'string', text: '', offset: i - 1 });
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        templates.push(braces);
        braces++;
        return;
      } else i++;
    }
  };

  while (i < n) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0' || c === '\ufeff') {
      i++;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < n && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      const start = i++;
      let value = '';
      while (i < n && source[i] !== c && source[i] !== '\n') {
        if (source[i] === '\\') {
          value += source[i + 1] ?? '';
          i += 2;
        } else value += source[i++];
      }
      i++;
      tokens.push({ kind: 'string', text: value, offset: start });
    } else if (c === '`') {
      i++;
      templateText();
    } else if (c === '/' && !valueEnds()) {
      // a regular expression: to its closing / (not inside a [class]), then its flags
      let inClass = false;
      i++;
      while (i < n && source[i] !== '\n') {
        const r = source[i]!;
        if (r === '\\') i += 2;
        else {
          i++;
          if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          else if (r === '/' && !inClass) break;
        }
      }
      while (i < n && NAME_CHAR.test(source[i]!)) i++;
      tokens.push({ kind: 'string', text: '', offset: i - 1 });
    } else if (NAME_START.test(c) || (c >= '0' && c <= '9')) {
      const start = i;
      while (i < n && (NAME_CHAR.test(source[i]!) || (source[i] === '.' && /\d/.test(source[start]!)))) i++;
      tokens.push({ kind: 'name', text: source.slice(start, i), offset: start });
    } else {
      if (c === '{') braces++;
      else if (c === '}') {
        braces--;
        if (templates.length > 0 && templates[templates.length - 1] === braces) {
          templates.pop();
          i++;
          templateText();
          continue;
        }
      }
      tokens.push({ kind: 'punct', text: c, offset: i });
      i++;
    }
  }
  return tokens;
}
