/**
 * A problem found while loading a theme (its `template.conf`, a collection `.conf`, a `<squarespace:…>` tag, a
 * stylesheet): where it is, as `file:line:column` relative to the theme folder, and what is wrong, in the
 * engine's shape so the server's log, `tessera check` and the dev overlay print every problem alike.
 */
import type { TemplateError } from '../../engine/index.js';

export type ThemeProblem = TemplateError & { readonly filename: string };

/** The 1-based line and column of `offset` in `text` (lines end at `\n`, as the engine counts them). */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** The offset of a 1-based line and column in `text`. */
export function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + column - 1);
}

export function themeProblem(filename: string, text: string, offset: number, code: string, message: string, severity: 'error' | 'warning' = 'error'): ThemeProblem {
  return { filename, ...positionAt(text, offset), code, message, severity };
}

/** `file:line:col: severity CODE: message`, the one-line form the server logs. */
export function describeProblem(e: TemplateError): string {
  return `${e.filename ?? 'template'}:${e.line}:${e.column}: ${e.severity} ${e.code}: ${e.message}`;
}
