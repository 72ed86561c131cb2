/**
 * What is wrong with the theme right now, for the dev server's overlay and terminal: the problems of each
 * template as last compiled (kept until the file compiles clean), and those of the request being answered
 * (its renders and anything thrown), told apart per request with AsyncLocalStorage, since requests interleave.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TemplateError } from '../../engine/index.js';

/** A problem at a position of a theme file (relative to the theme folder). */
export type DevProblem = TemplateError & { readonly filename: string };

const byPosition = (a: DevProblem, b: DevProblem) => a.line - b.line || a.column - b.column;
const key = (p: DevProblem) => `${p.filename}\u0000${p.line}\u0000${p.column}\u0000${p.code}\u0000${p.message}`;

export class DevProblems {
  private readonly byFile = new Map<string, readonly DevProblem[]>();
  private readonly request = new AsyncLocalStorage<DevProblem[]>();
  /** Problems printed to the terminal since the theme last changed, so a reload does not print them again. */
  private readonly told = new Set<string>();

  constructor(private readonly print: (problem: DevProblem) => void = () => {}) {}

  /** A template was compiled: its problems replace those it had (none: it compiles clean now). */
  compiled(file: string, problems: readonly DevProblem[]): void {
    if (problems.length === 0) this.byFile.delete(file);
    else this.byFile.set(file, problems);
    for (const p of problems) this.tell(p);
  }

  /** Problems of a render, counted against the request being answered (if any). */
  rendered(problems: readonly DevProblem[]): void {
    this.request.getStore()?.push(...problems);
    for (const p of problems) this.tell(p);
  }

  /**
   * What the overlay shows of the theme's files, as one string: it changes when the errors of a file do (a save
   * that leaves it the same needs no reload to show the overlay as it is).
   */
  brokenFiles(): string {
    return [...this.byFile.values()].filter((problems) => problems.some((p) => p.severity === 'error')).flatMap((problems) => problems.map(key)).sort().join('\n');
  }

  /** A file is gone: what it had is no longer a problem of the theme. */
  forget(file: string): void {
    this.byFile.delete(file);
  }

  /** The theme changed: problems will be printed again when they happen again. */
  changed(): void {
    this.told.clear();
  }

  /** Runs `fn` (the rest of a request) with its own list of render problems. */
  run(fn: () => void): void {
    this.request.run([], fn);
  }

  /**
   * What the page being answered shows, each once: this request's render errors, and every file that does not
   * compile with all its problems (a warning there often names the cause: `{.repeatd …}` is text, so its
   * `{.end}` is an error). Empty while the theme has no error.
   */
  forRequest(): DevProblem[] {
    const seen = new Set<string>();
    const broken = [...this.byFile.values()].filter((problems) => problems.some((p) => p.severity === 'error'));
    const all = [...(this.request.getStore() ?? []).filter((p) => p.severity === 'error'), ...broken.flatMap((problems) => [...problems].sort(byPosition))];
    return all.filter((p) => !seen.has(key(p)) && seen.add(key(p)));
  }

  private tell(p: DevProblem): void {
    if (this.told.has(key(p))) return;
    this.told.add(key(p));
    this.print(p);
  }
}
