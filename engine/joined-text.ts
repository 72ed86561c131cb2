/**
 * Constant text joined at run time, once per path: fewer leaves in the page's rope.
 *
 * A page built by `+=` is a rope whose every append is a leaf, and flattening it (as writing it out does) costs
 * about 30 ns a leaf on top of copying the characters (2026-11-27: a 54 KB page in 2 leaves flattened in 2.2 µs, in
 * 71 leaves in 4.5 µs). About half the leaves of a theme page are constant text next to constant text that the
 * compiler could not join: text after one branch and text in the next, the end of a loop iteration and the start
 * of the next. Which texts meet depends on the data, but on a given page they meet the same way every time.
 *
 * So generated code holds constant text back in a local (`pk`, the pending text) instead of appending it, and
 * each constant append site joins its text to the pending one through its JoinSite, which remembers the joined
 * result for the last two pending texts it met: after the first render a join is two pointer comparisons, and
 * the pending text reaches the page as one leaf when a value (or anything else that needs the page) comes.
 * A site that keeps meeting new pending texts (a loop of constant text, a path that changes each time) stops
 * joining after MAX_MISSES, and no joined text grows past MAX_JOINED, so the memory kept is bounded by the sites.
 */

/** The longest text a join builds; past it the pending text is written as it is. */
export const MAX_JOINED = 2048;

/** Joins a site may compute before it gives up joining (its pending texts keep changing). */
export const MAX_MISSES = 32;

/**
 * No pending text yet: the empty string, which generated code never compares (it tests the length first). A
 * string and not null, so that the comparisons see only strings.
 */
const NONE = '';

/**
 * The one copy of `text` that V8 keeps for equal strings (as a property name would be). Template literals are
 * such strings already; with the joins made so too, every pending text is one, and V8 compares two of them by
 * reference (once its feedback has seen only these) instead of calling its string comparison.
 */
function internalized(text: string): string {
  return Object.keys({ [text]: 0 })[0] ?? text;
}

/** One append of constant text in generated code, with the joins it made. */
export class JoinSite {
  /**
   * The pending text met last (null: none) and its join with `text`. Generated code compares `prev` itself
   * before it calls `join`: the comparison is then a few instructions in the page's own code.
   */
  prev = NONE;
  joined = '';
  /** The pending text met before `prev`, and its join. */
  private older = NONE;
  private olderJoined = '';
  private misses = 0;

  constructor(readonly text: string) {}

  /** `pending + text` as one flat string, or null when it is not to be joined (write `pending` out instead). */
  join(pending: string): string | null {
    if (pending === this.prev) return this.joined;
    if (pending === this.older) {
      // Two paths alternating: the newest first, so that the inline comparison finds it next time.
      this.older = this.prev;
      this.prev = pending;
      const joined = this.olderJoined;
      this.olderJoined = this.joined;
      this.joined = joined;
      return joined;
    }
    return this.miss(pending);
  }

  private miss(pending: string): string | null {
    if (this.misses >= MAX_MISSES || pending.length + this.text.length > MAX_JOINED) return null;
    this.misses++;
    // A flat copy (a `+` would make one more rope node, copied again at every flattening of the page).
    const joined = internalized([pending, this.text].join(''));
    this.older = this.prev;
    this.olderJoined = this.joined;
    this.prev = pending;
    this.joined = joined;
    return joined;
  }
}
