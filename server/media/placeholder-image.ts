/**
 * Placeholder pictures for the demo gallery: an SVG of a soft two-colour gradient with a caption, so the
 * gallery shows real images without binary files in the repository. Deterministic for the same input.
 */

export interface Placeholder {
  readonly width: number;
  readonly height: number;
  /** Two CSS hex colours (#rrggbb), top-left and bottom-right. */
  readonly from: string;
  readonly to: string;
  readonly caption: string;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function placeholderSvg({ width, height, from, to, caption }: Placeholder): string {
  const size = Math.round(Math.min(width, height) / 10);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" fill="#fff" fill-opacity="0.85">${escapeXml(caption)}</text>` +
    `</svg>`
  );
}
