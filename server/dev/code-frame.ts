/**
 * A code frame: the source line of a problem with a caret under its column, and optionally the lines around
 * it, as compilers print them. Used by `tessera check` and by the dev server's terminal output and overlay.
 */
import type { TemplateError } from '../../engine/index.js';

/** The most characters of a source line a frame shows; a longer line is cut around the column. */
const FRAME_WIDTH = 100;

export interface FrameLine {
  readonly number: number;
  readonly text: string;
  /** Set on the problem's line: the caret's offset into `text`. */
  readonly caret?: number;
}

/** The lines of a frame: `context` lines either side of `line` (1-based), the problem's line with its caret. */
export function frameLines(source: string, line: number, column: number, context = 0): FrameLine[] {
  const lines = source.split(/\r?\n/);
  if (lines[line - 1] === undefined) return [];
  const out: FrameLine[] = [];
  for (let n = Math.max(1, line - context); n <= Math.min(lines.length, line + context); n++) {
    let text = lines[n - 1]!;
    let at = column - 1;
    // a long line (minified markup) is shown around the column, cut with an ellipsis on either side
    if (text.length > FRAME_WIDTH) {
      const start = Math.max(0, Math.min(at - FRAME_WIDTH / 2, text.length - FRAME_WIDTH));
      const end = start + FRAME_WIDTH;
      text = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
      at = at - start + (start > 0 ? 1 : 0);
    }
    out.push(n === line ? { number: n, text, caret: Math.max(0, at) } : { number: n, text });
  }
  return out;
}

/** The frame as text: `12 | source line` and a caret line under the problem (tabs kept so the caret lines up). */
export function codeFrame(source: string, line: number, column: number, context = 0): string {
  const lines = frameLines(source, line, column, context);
  const width = String(lines[lines.length - 1]?.number ?? line).length;
  const out: string[] = [];
  for (const l of lines) {
    out.push(`${String(l.number).padStart(width)} | ${l.text}`);
    if (l.caret !== undefined) out.push(`${' '.repeat(width)} | ${l.text.slice(0, l.caret).replace(/[^\t]/g, ' ')}^`);
  }
  return out.join('\n');
}

/** A problem as `tessera check` and the dev server print it: `file:line:col: severity: message [CODE]`, then its frame. */
export function describeWithFrame(e: TemplateError, file: string, source: string | null): string {
  const head = `${file}:${e.line}:${e.column}: ${e.severity}: ${e.message} [${e.code}]`;
  const frame = source === null ? '' : codeFrame(source, e.line, e.column);
  return frame === '' ? head : `${head}\n${frame}`;
}
