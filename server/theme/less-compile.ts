/**
 * A theme's LESS compiled as the platform's compiler reads it, with the `less` package (version 4).
 *
 * Division: the platform's LESS divides wherever a `/` stands between numbers (`padding: @gutter / 2`), and
 * platform themes are written so; LESS 4 divides only inside parentheses and prints `32px / 2` otherwise, which
 * browsers drop without a word. The other way round, CSS's own slashes (`font: 12px/1.5`, `grid-row: 1 / 3`,
 * `aspect-ratio: 4 / 3`, `background: … center / cover`) must stay. So the LESS is compiled both ways and,
 * declaration by declaration (the two outputs have the same lines: only values differ), a property whose CSS
 * has a slash of its own keeps LESS 4's value and every other property takes the divided one. Where LESS 4
 * fails and the platform's way does not (a division in a function's argument: `percentage(@a / @b)`), the
 * platform's output is taken whole.
 *
 * Also: the files every compilation imported (for their tweaks), and for an unclosed `{` the place it opens
 * (LESS itself only says "Unrecognised input" at the end of the file).
 */
import { readFileSync } from 'node:fs';
import less, { type LessRenderError } from 'less';

export interface CompiledLess {
  readonly css: string;
  /** Every file imported, as absolute paths, in the order LESS read them. */
  readonly imports: readonly string[];
}

/** Properties whose CSS syntax has a slash of its own (their values are kept as LESS 4 prints them). */
const SLASH_PROPERTY = /^(-[a-z]+-)?(font|grid|grid-area|grid-row|grid-column|grid-template|aspect-ratio|border-radius|border-image|background|mask|mask-border)$/;
/** One declaration on its line, as LESS prints it. */
const DECLARATION = /^\s*([-a-zA-Z]+)\s*:/;

type Math = 'always' | 'parens-division';

/** Compiles LESS synchronously (`syncImport`: the file manager reads imports from disk as it goes). */
function render(source: string, filename: string, paths: string[], math: Math): CompiledLess | { error: LessRenderError } {
  let result: CompiledLess | { error: LessRenderError } | null = null;
  less.render(source, { filename, paths, syncImport: true, javascriptEnabled: false, math }, (error, output) => {
    result = error ? { error } : { css: output?.css ?? '', imports: output?.imports ?? [] };
  });
  if (result === null) throw new Error('less did not compile synchronously');
  return result;
}

/** LESS 4's output with the platform's divisions wherever CSS has no slash of its own (see above). */
function withPlatformDivision(modern: string, divided: string): string {
  const a = modern.split('\n');
  const b = divided.split('\n');
  if (a.length !== b.length) return modern;
  return a
    .map((line, i) => {
      if (line === b[i]) return line;
      const property = DECLARATION.exec(line)?.[1]?.toLowerCase();
      return property === undefined || property.startsWith('--') || SLASH_PROPERTY.test(property) ? line : b[i]!;
    })
    .join('\n');
}

/** Compiles `source` (read as the file `filename`, imports from `paths`) as the platform's LESS would. */
export function compileLess(source: string, filename: string, paths: string[]): CompiledLess | { error: LessRenderError } {
  const modern = render(source, filename, paths, 'parens-division');
  if ('error' in modern) {
    // LESS 4 may fail where the platform's divides (`percentage(@width / 1200px)`): then the platform's way alone
    const divided = render(source, filename, paths, 'always');
    return 'error' in divided ? { error: withUnclosedBrace(modern.error) } : divided;
  }
  // a slash left between numbers is a division LESS 4 did not do
  if (!/\d[a-z%]*\s*\/\s*[-\d.]/i.test(modern.css)) return modern;
  const divided = render(source, filename, paths, 'always');
  return 'error' in divided ? modern : { css: withPlatformDivision(modern.css, divided.css), imports: modern.imports };
}

/**
 * LESS's "Unrecognised input" at a file's end most often means a `{` never closed: then the error points at
 * that brace and says so.
 */
function withUnclosedBrace(error: LessRenderError): LessRenderError {
  if (typeof error.filename !== 'string' || !/Unrecognised input|missing closing `}`/.test(error.message)) return error;
  let text: string;
  try {
    text = readFileSync(error.filename, 'utf8');
  } catch {
    return error;
  }
  const open = unclosedBrace(text);
  if (open === null) return error;
  const before = text.slice(0, open);
  const line = before.split('\n').length;
  const column = open - before.lastIndexOf('\n') - 1;
  return { ...error, line, column, message: `${error.message.replace(/\.?$/, '')}: this { is never closed with }` };
}

/** The offset of the outermost `{` of `text` never closed (comments and strings skipped), or null. */
function unclosedBrace(text: string): number | null {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    // url(http://…) is not a comment
    if (c === 'u' && text.startsWith('url(', i)) i = text.indexOf(')', i) < 0 ? text.length : text.indexOf(')', i);
    else if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) < 0 ? text.length : text.indexOf('*/', i + 2) + 1;
    else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '{') open.push(i);
    else if (c === '}') open.pop();
  }
  return open[0] ?? null;
}
