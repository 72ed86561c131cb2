/**
 * The floating cart pill's count (spec 000 §9), shared by the server's markup and the island; what it says
 * is the message catalogs' (`cartPill.*`, commerce/messages/).
 */

/** Counts above this show as `100+`. */
export const PILL_COUNT_LIMIT = 100;

/** The count as the pill prints it: `100+` above 100. */
export function pillCountText(count: number): string {
  return count > PILL_COUNT_LIMIT ? `${PILL_COUNT_LIMIT}+` : String(count);
}
