/**
 * What one page render may cost the server (issue 24, point 7). A theme is code, and a hostile or broken one (a
 * string doubled in `.eval` and printed again and again) made 20 MB pages under the engine's own default cap
 * (20,000,000 characters), and 268 MB ones before it: each held by every slow reader until it read it all. The
 * server passes its own, lower cap to every render, and a render stopped by a budget (output or steps) is not
 * served half-written as a 200: it throws, and the app answers its error page (500, "Something went wrong").
 *
 * Why no streaming: the engine renders a page into one string, so streaming that string with backpressure would
 * hold it all the same; the cap is what bounds a request. At 4,000,000 characters a page is at most 4 MB of
 * one-byte text (12 MB of UTF-8 at worst) per request; the largest page of the default theme and the corpus
 * themes on the demo store is 139 kB. docs/limits-and-security.md "Server limits".
 */
import { ErrorCode, type RenderOptions, type TemplateError } from '../../engine/index.js';

/** The most characters one render of a page (its content, then its layout around it) may write. */
export const PAGE_MAX_OUTPUT = 4_000_000;

/** The engine's options for a page render: the server's cap. */
export const PAGE_RENDER_LIMITS: Pick<RenderOptions, 'maxOutput'> = { maxOutput: PAGE_MAX_OUTPUT };

/** A page whose render ran out of budget: a 500 for the app's error handler, which never shows its message. */
export class PageBudgetExceeded extends Error {
  readonly statusCode = 500;
  constructor(readonly problem: TemplateError) {
    super(`The page was not served: ${problem.message}`);
  }
}

/** Throws when a render's problems say it ran out of budget (its output is then cut short, never served). */
export function refuseOverBudget(errors: readonly TemplateError[]): void {
  const stopped = errors.find((e) => e.code === ErrorCode.BUDGET_EXCEEDED);
  if (stopped !== undefined) throw new PageBudgetExceeded(stopped);
}
