/**
 * The JSON of a theme's `.conf` files (`template.conf`, `collections/*.conf`, `pages/*.page.conf`,
 * `blocks/*.block.conf`), read as the platform reads it. The platform's reader is Java's Jackson (the official
 * dev server, platform notes dev-tools.md §1); the notes do not say how it is configured, so Tessera takes
 * Jackson's defaults, and what a theme author would expect where they refuse something:
 *
 * - strict JSON otherwise: no comments, no trailing commas, keys and strings in double quotes — each an error
 *   at its line and column, since the platform may refuse the file. The file is still read as meant when the
 *   only slips are comments or trailing commas (they are left out), so the pages keep their layouts while the
 *   author fixes it; anything else wrong leaves the file unread;
 * - a byte-order mark at the start is skipped (Jackson skips it);
 * - text after the first complete value is ignored with a warning (Jackson's default reads one value and
 *   stops there);
 * - a key written twice: the last wins, as in both readers.
 */
import { type ThemeProblem, themeProblem } from './theme-problem.js';

/** Reads the JSON of `filename` (`text`): its value (undefined when unreadable) and what is wrong with it. */
export function parseJsonFile(filename: string, text: string): { value: unknown; problems: ThemeProblem[] } {
  // a BOM is one character: positions after it stay right when counted in the text with it
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = ' '.repeat(start) + text.slice(start);
  try {
    return { value: JSON.parse(body), problems: [] };
  } catch (e) {
    const { offset, message } = jsonError(body, e);
    const problems = [themeProblem(filename, text, offset, 'INVALID_JSON', `${filename} is not valid JSON: ${message}.`)];
    // one value, then more text: the platform's reader stops after the value
    if (/after JSON/.test(e instanceof Error ? e.message : '') && wholeValue(body.slice(0, offset))) {
      return { value: JSON.parse(body.slice(0, offset)), problems: [themeProblem(filename, text, offset, 'TRAILING_TEXT', `${filename} has text after its JSON value; it is ignored.`, 'warning')] };
    }
    const relaxed = withoutCommentsAndTrailingCommas(body);
    if (relaxed !== body) {
      try {
        return { value: JSON.parse(relaxed), problems: [{ ...problems[0]!, message: `${problems[0]!.message} Tessera reads the file without it, the platform may refuse it.` }] };
      } catch {
        // wrong in other ways too: unread
      }
    }
    return { value: undefined, problems };
  }
}

function wholeValue(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** `text` with `//` and `/* *\/` comments and commas before `]` or `}` blanked out (outside strings). */
function withoutCommentsAndTrailingCommas(text: string): string {
  const out = text.split('');
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      for (; i < text.length && text[i] !== '\n'; i++) out[i] = ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) if (text[i] !== '\n') out[i] = ' ';
    } else {
      if (c === ',') {
        let j = i + 1;
        // the next thing that is not space or a comment closes the list: the comma is a slip
        for (;;) {
          while (j < text.length && /\s/.test(text[j]!)) j++;
          if (text.startsWith('//', j)) j = text.indexOf('\n', j) < 0 ? text.length : text.indexOf('\n', j);
          else if (text.startsWith('/*', j)) j = text.indexOf('*/', j + 2) < 0 ? text.length : text.indexOf('*/', j + 2) + 2;
          else break;
        }
        if (text[j] === ']' || text[j] === '}') out[i] = ' ';
      }
      i++;
    }
  }
  return out.join('');
}

/** Where `text`, which `JSON.parse` refused with `error`, stops being JSON, and why in words. */
export function jsonError(text: string, error: unknown): { offset: number; message: string } {
  const raw = error instanceof Error ? error.message : String(error);
  const at = /at position (\d+)/.exec(raw);
  const offset = at === null ? jsonErrorOffset(text) : Number(at[1]);
  const message = raw
    .replace(/( in JSON)? at position \d+.*$/s, '')
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
    .replace(/^JSON\.parse: /, '');
  // the commonest slips in hand-written JSON
  const before = text.slice(0, offset).trimEnd();
  const comma = (text[offset] === ']' || text[offset] === '}') && before.endsWith(',');
  const comment = text.startsWith('//', offset) || text.startsWith('/*', offset);
  const hint = comma ? ` (a comma before ${text[offset]}: JSON allows none after the last element)` : comment ? ' (a comment: JSON has none)' : '';
  return { offset, message: message + hint };
}

/** Whether `prefix` is wrong JSON whatever follows it (not just cut short). */
function wrongWhateverFollows(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    if (/Unexpected end of JSON input/.test(message)) return false;
    const at = /at position (\d+)/.exec(message);
    // an error at the very end only says more text was expected
    return at === null || Number(at[1]) < prefix.trimEnd().length;
  }
}

/**
 * The offset of the character where `text` stops being JSON (the text's end when it is only cut short). V8
 * names the offset for most errors (`… at position 42`) but not for an unexpected token (`[1,]`, a trailing
 * comma), so it is found as the shortest start of the text that is already wrong (not merely unfinished):
 * every longer start is wrong too.
 */
function jsonErrorOffset(text: string): number {
  if (text.trim() === '' || !wrongWhateverFollows(text)) return text.trimEnd().length;
  let low = 1;
  let high = text.length;
  // the shortest wrong prefix ends with the offending character
  while (low < high) {
    const mid = (low + high) >> 1;
    if (wrongWhateverFollows(text.slice(0, mid))) high = mid;
    else low = mid + 1;
  }
  return low - 1;
}
