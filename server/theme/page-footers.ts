/**
 * `{squarespace-footers}`: what ends a page's body. On a platform theme, the platform's two calls (platform
 * notes tags.md §4, runtime.md §1): `ImageLoader.bootstrap()` (guarded by a presence check, as there) loads
 * every image waiting for the loader, then `Squarespace.afterBodyLoad(Y)` starts what the platform starts in
 * page content (runtime/lifecycle.ts). Theme scripts placed before the footers have run by then, with `Y`
 * there since the headers. Then, on any theme, the island loader on pages with islands, and the visitor tracker
 * on pages that record visits (server/tracker/). Tessera's default theme gets no runtime, so a page of it without
 * islands has no script but the deferred tracker.
 */

/** The platform's footer calls, as its pages carry them. */
export const PLATFORM_FOOTERS =
  '<script data-sqs-type="imageloader-bootstraper">(function(){if(window.ImageLoader){window.ImageLoader.bootstrap();}})();</script>' +
  '<script>if(window.Squarespace&&window.Y){Squarespace.afterBodyLoad(Y);}</script>';

/** The footers of a page: the platform's calls (platform themes with the runtime built), the island loader, the tracker. */
export function pageFooters(platform: boolean, islandLoader: string, tracker = ''): string {
  return (platform ? PLATFORM_FOOTERS : '') + islandLoader + tracker;
}
