/** The floating cart pill's texts (spec 000 §9), shared by the server's markup and the island. */

/** Counts above this show as `100+`. */
export const PILL_COUNT_LIMIT = 100;

/** The count as the pill prints it: `100+` above 100. */
export function pillCountText(count: number): string {
  return count > PILL_COUNT_LIMIT ? `${PILL_COUNT_LIMIT}+` : String(count);
}

/** What a screen reader hears: 'More than 100 items in cart', 'One item in cart', '{n} items in cart'. */
export function pillSpokenLabel(count: number): string {
  if (count > PILL_COUNT_LIMIT) return 'More than 100 items in cart';
  if (count === 1) return 'One item in cart';
  return `${count} items in cart`;
}
