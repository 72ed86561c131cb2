/**
 * A theme's LESS compiled as the platform compiles it: one source (server/theme/less-source.ts: the sheets in
 * order, imports inlined, the tweak LESS last) compiled once with `@squarespace/less-ts`, the TypeScript port
 * of the platform's own compiler (Squarespace's `less-compiler`, the LESS 1.3.3 dialect: `@gutter / 2` divides,
 * `(~".a-@{x}") { … }`, `e(%("%d/%d", @a, @b))`, `>=`/`=<`/`!=` in guards, a mixin defined twice applies both
 * bodies). docs/themes.md "LESS as the platform compiles it" has the measurement that chose it.
 *
 * On the platform one error fails the whole compile. Here a problem never costs more than its own part, so a
 * page keeps every stylesheet that compiles:
 * - a file the compiler cannot read (a parse error, LESS 1.4's `:extend`, a `{` never closed) is left out,
 *   and the rest compiled again without it;
 * - an error while evaluating (an undefined variable or mixin, a function given the wrong argument) leaves out
 *   the statement it is in (a declaration, a mixin call (every call of a mixin that does not exist), or the
 *   block a selector or `@media` heads) and the rest is compiled again.
 * Each is a problem (`LESS_ERROR`) at its file, line and column, saying what was left out. The same steps run
 * the `lessc` of a theme's own build (server/theme/lessc-build.ts), through `LessDialect`.
 */
import { LessCompiler, LessStream, STYLESHEET } from '@squarespace/less-ts';
import { LessCompileMemo } from './less-compile-memo.js';
import { mixinCalls, runtimeErrorOffset } from './less-error-place.js';
import { type JoinedLess, type JoinOptions, joinLess, placeOf } from './less-source.js';
import { blank, statementAt, textKinds, TextKind } from './less-text.js';
import { type ThemeProblem, themeProblem } from './theme-problem.js';

export interface CompiledLess {
  /** The CSS (empty when nothing compiled). */
  readonly css: string;
  /** CSS `@import` rules the sheets keep, to stand first in the stylesheet. */
  readonly cssImports: readonly string[];
  /** The theme's files the compile read, as paths in `styles/`, in reading order. */
  readonly read: readonly string[];
  readonly problems: readonly ThemeProblem[];
}

/** An error met while evaluating: its place in the text when known, and the mixin it names when it is one. */
export interface LessFailure {
  readonly offset: number | null;
  readonly message: string;
  readonly mixin?: string;
}

/** One try at compiling the joined text: CSS (with the errors met on the way), or the place it cannot be read. */
export type LessAttempt = { readonly css: string; readonly failures: readonly LessFailure[] } | { readonly unreadable: { readonly offset: number; readonly reason: string } };

/** A LESS compiler as the steps above drive it. */
export interface LessDialect {
  /** What the failure of one file means on the platform, for the problems' messages. */
  readonly consequence: string;
  attempt(text: string, kinds: Uint8Array): LessAttempt;
}

/** The compiler, as the platform runs it (indent 2; its defaults otherwise). */
const compiler = new LessCompiler({ indentSize: 2 });

/** A parse error's place: where the compiler stopped reading (its message names only the last statement read). */
function parseErrorOffset(text: string): number {
  const stream = new LessStream(compiler.context(), text);
  try {
    stream.parse(STYLESHEET);
  } catch {
    // the stream knows how far it got
  }
  let at = Math.min(text.length, Math.max(stream.index, stream.furthest));
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** What a parse error means, in words, from the compiler's message and the text where it stopped. */
function parseErrorReason(error: unknown, text: string, at: number): string {
  const raw = error instanceof Error ? error.message : String(error);
  const around = text.slice(Math.max(0, at - 80), at + 80);
  if (/inline JavaScript/i.test(raw)) return "JavaScript in backticks is not run by the platform's LESS";
  if (/@import\s*\(/.test(around)) return "@import with options ((inline), (less)…) is LESS 1.4's, which the platform's compiler (LESS 1.3.3) cannot read";
  const head = text.slice(Math.max(text.lastIndexOf(';', at), text.lastIndexOf('}', at), text.lastIndexOf('{', at - 1)) + 1, at + 200).split('{')[0]!;
  if (!/^\s*[.#][\w-]+\s*\(/.test(head) && /[\w\])]\s+when\s*\(/.test(head)) return "a guard on a selector (.a when (…) { }) is LESS 1.5's, which the platform's compiler (LESS 1.3.3) cannot read";
  if (/\(\s*\{/.test(around) || /@[\w-]+\s*\(\s*\)\s*;/.test(around)) return "a ruleset passed to a mixin (.m({ … })) is LESS 1.7's, which the platform's compiler (LESS 1.3.3) cannot read";
  const last = raw.split('\n').filter((l) => l.trim() !== '').pop() ?? '';
  const reason = last.replace(/^SyntaxError:\s*/, '').replace(/^[A-Z_]+\s+/, '').replace(/\.$/, '');
  return `The platform's LESS compiler cannot read this: ${reason === '' ? 'unable to complete parse' : reason.charAt(0).toLowerCase() + reason.slice(1)}`;
}

/** The platform's compiler (`@squarespace/less-ts`). */
export const PLATFORM_LESS: LessDialect = {
  consequence: 'on the platform the whole stylesheet would fail to compile',
  attempt(text, kinds) {
    // less-ts reads `.b:extend(.a)` as a selector; the platform's compiler refuses it (LESS 1.4)
    for (const m of text.matchAll(/:extend\(/g)) {
      if (kinds[m.index] === TextKind.Code) return { unreadable: { offset: m.index, reason: ":extend is LESS 1.4's, which the platform's compiler (LESS 1.3.3) refuses" } };
    }
    let result: ReturnType<LessCompiler['compile']>;
    try {
      result = compiler.compile(text);
    } catch (error) {
      const offset = parseErrorOffset(text);
      return { unreadable: { offset, reason: parseErrorReason(error, text, offset) } };
    }
    const failures = result.errors.map((event): LessFailure => {
      const message = event.errors.map((e) => e.message).join('; ') || 'The LESS could not be evaluated';
      const mixin = /mixin using selector (.+)$/i.exec(message)?.[1];
      return { offset: runtimeErrorOffset(text, kinds, event, compiler), message, ...(mixin === undefined ? {} : { mixin }) };
    });
    return { css: result.css, failures };
  },
};

/** The files of `joined` that `file` holds inside a block of its own (left out with it). */
function withNested(joined: JoinedLess, file: string): Set<string> {
  const out = new Set([file]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of joined.nestedIn) {
      if (out.has(parent) && !out.has(child)) {
        out.add(child);
        grew = true;
      }
    }
  }
  return out;
}

/** The last compiles of each dialect (server/theme/less-compile-memo.ts). */
const memos = new WeakMap<LessDialect, LessCompileMemo<CompiledLess>>();

/** Compiles joined LESS with `dialect`, leaving out what fails (see the header); never throws. */
export function compileJoined(joined: JoinedLess, dialect: LessDialect): CompiledLess {
  let memo = memos.get(dialect);
  if (memo === undefined) memos.set(dialect, (memo = new LessCompileMemo()));
  return memo.get(joined, () => compileJoinedNow(joined, dialect));
}

function compileJoinedNow(joined: JoinedLess, dialect: LessDialect): CompiledLess {
  const problems: ThemeProblem[] = [...joined.problems];
  const reported = new Set<string>();
  const report = (offset: number, message: string) => {
    const place = placeOf(joined, offset);
    const file = place?.file ?? 'styles';
    const problem = themeProblem(file, joined.files.get(file) ?? '', place?.offset ?? 0, 'LESS_ERROR', message);
    const key = `${problem.filename}:${problem.line}:${problem.column}`;
    if (!reported.has(key)) problems.push(problem);
    reported.add(key);
  };
  const done = (css: string): CompiledLess => ({ css, cssImports: joined.cssImports, read: joined.read, problems });
  let text = joined.text;
  const leftOut = new Set<string>();
  /** Leaves a file out (blanked where it stands, so every other offset stays); false when it already was. */
  const leaveOut = (file: string): boolean => {
    if (leftOut.has(file)) return false;
    const files = withNested(joined, file);
    for (const f of files) leftOut.add(f);
    for (const piece of joined.pieces) if (files.has(piece.file)) text = blank(text, piece.at, piece.at + piece.length);
    return true;
  };

  for (let round = 0; round < 100; round++) {
    const kinds = textKinds(text);
    const attempt = dialect.attempt(text, kinds);
    if ('unreadable' in attempt) {
      const { offset, reason } = attempt.unreadable;
      const file = placeOf(joined, offset)?.file ?? '';
      report(offset, `${reason}, so ${file} is left out of the stylesheet (${dialect.consequence}).`);
      if (leaveOut(file)) continue;
      // the place is in a file already left out (it cannot be): the statement there goes, else nothing compiles
      const [from, to] = statementAt(text, kinds, offset);
      if (text.slice(from, to).trim() === '') return done('');
      text = blank(text, from, to);
      continue;
    }
    if (attempt.failures.length === 0) return done(attempt.css);
    // each error's statement is left out and the whole compiled again (one error can hide another)
    let changed = false;
    const cut = (from: number, to: number) => {
      if (text.slice(from, to).trim() === '') return;
      text = blank(text, from, to);
      changed = true;
    };
    for (const failure of attempt.failures) {
      const message = failure.message.replace(/\.$/, '');
      // already left out with an earlier error of this round (another call of the same missing mixin)
      if (failure.offset !== null && /\s/.test(text[failure.offset] ?? '')) continue;
      if (failure.offset === null) {
        report(joined.pieces.find((p) => p.file.startsWith('styles/'))?.at ?? 0, `${message} (the compiler gives no place for it; ${dialect.consequence}).`);
        continue;
      }
      // a mixin that does not exist fails wherever it is called: every call is left out at once
      const calls = failure.mixin === undefined ? [] : mixinCalls(text, kinds, failure.mixin);
      const places = calls.includes(failure.offset) ? calls : [failure.offset];
      const [from, to] = statementAt(text, kinds, failure.offset);
      const what = places.length > 1 ? `its ${places.length} calls are left out` : text.slice(from, to).includes('{') ? 'the block it heads is left out' : 'this statement is left out';
      report(failure.offset, `${message}: ${what} of the stylesheet (${dialect.consequence}).`);
      for (const at of places) cut(...statementAt(text, kinds, at));
    }
    if (!changed) return done(attempt.css);
  }
  return done('');
}

/** Compiles a theme's stylesheets as the platform does (see the header); never throws. */
export function compileThemeLess(options: JoinOptions): CompiledLess {
  return compileJoined(joinLess(options), PLATFORM_LESS);
}
