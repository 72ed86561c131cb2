/**
 * The last LESS compiles of the process, by compiler and joined input (server/theme/less-source.ts): the same
 * input compiles to the same CSS and problems, so it is compiled once. Under `tessera dev` most saves of a theme
 * leave the joined LESS of one of its compiles as it was (hnp's `lessc` build of `main.less` when
 * `grid-breaker.less` is saved; every compile when a file is saved unchanged, or when only the tweak values
 * change, for the build), and a site's stylesheets for different tweak values share their `lessc` builds.
 * A few results are kept (each holds the CSS of one compile).
 */
import { createHash } from 'node:crypto';
import type { JoinedLess } from './less-source.js';

/** How many compiles are kept per compiler. */
const KEPT = 8;

export class LessCompileMemo<T> {
  private readonly results = new Map<string, T>();

  /** `compile()`'s result for `joined`, compiled only when this input was not compiled lately. */
  get(joined: JoinedLess, compile: () => T): T {
    // everything the result is made of: the text, where each piece of it comes from, and the problems of the join
    const key = createHash('sha256')
      .update(JSON.stringify([joined.text, joined.pieces, [...joined.files], [...joined.nestedIn], joined.read, joined.cssImports, joined.problems]))
      .digest('base64');
    const kept = this.results.get(key);
    if (kept !== undefined) {
      // the most recently used last
      this.results.delete(key);
      this.results.set(key, kept);
      return kept;
    }
    const result = compile();
    if (this.results.size >= KEPT) this.results.delete(this.results.keys().next().value!);
    this.results.set(key, result);
    return result;
  }
}
