/**
 * The platform's image loader, as much of it as themes rely on. Platform themes print images as
 * `<img {@|image-meta}>` (and `{item|image}`): `data-src`, `data-image-dimensions` and
 * `data-image-focal-point`, no `src`; on the platform a script of `{squarespace-footers}` picks a size and
 * loads each one, so without it every such image is an empty box. Tessera adds this small script to the
 * footers of a page that has such an image: each `img[data-src]` without a `src` gets the smallest of the
 * platform's widths (`?format=500w`) that covers its box at the screen's pixel density, positioned on its
 * focal point; `window.ImageLoader.load(img)` does the same for a theme script that calls it (the platform's
 * name). Images marked `data-load="false"` load too: no page should show empty boxes for want of a script.
 */

/** Whether a rendered page holds an image only a loader shows (a `data-src` and no `src`). */
export function needsImageLoader(html: string): boolean {
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) if (/\sdata-src=/i.test(tag) && !/\ssrc=/i.test(tag)) return true;
  return false;
}

const SCRIPT = `(function () {
  var widths = [100, 300, 500, 750, 1000, 1500, 2500];
  function load(img) {
    var src = img && img.getAttribute('data-src');
    if (!src) return false;
    var box = img.clientWidth || (img.parentNode && img.parentNode.clientWidth) || 1000;
    var need = box * (window.devicePixelRatio || 1);
    var width = widths[widths.length - 1];
    for (var i = 0; i < widths.length; i++) if (widths[i] >= need) { width = widths[i]; break; }
    var url = /[?&]format=/.test(src) ? src : src + (src.indexOf('?') < 0 ? '?' : '&') + 'format=' + width + 'w';
    if (img.getAttribute('src') !== url) img.setAttribute('src', url);
    var focal = (img.getAttribute('data-image-focal-point') || '').split(',');
    if (focal.length === 2 && !img.style.objectPosition) img.style.objectPosition = parseFloat(focal[0]) * 100 + '% ' + parseFloat(focal[1]) * 100 + '%';
    return true;
  }
  if (!window.ImageLoader) window.ImageLoader = { load: load };
  var images = document.querySelectorAll('img[data-src]:not([src])');
  for (var i = 0; i < images.length; i++) load(images[i]);
})();`;

/** The loader as a script element, for `{squarespace-footers}`. */
export const IMAGE_LOADER_TAG = `<script>${SCRIPT.replace(/\n\s*/g, ' ')}</script>`;
