/**
 * Placeholder pictures for the demo gallery: an SVG scene in two colours (a diagonal gradient, a soft light,
 * rolling layers of land or cloth, a sun or a spool of light), so the gallery shows real images without binary
 * files in the repository. No words: the gallery prints the caption itself (a label inside the picture was
 * covered by it, or cut by a slideshow's crop). Deterministic for the same input; the composition varies with
 * the caption.
 */
import { createHash } from 'node:crypto';

export interface Placeholder {
  readonly width: number;
  readonly height: number;
  /** Two CSS hex colours (#rrggbb), top-left and bottom-right. */
  readonly from: string;
  readonly to: string;
  /** What the picture shows; it seeds the composition and is never printed in it. */
  readonly caption: string;
}

/** `#rrggbb` mixed towards another by `t`. */
function mix(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(((pa >> shift) & 255) + (((pb >> shift) & 255) - ((pa >> shift) & 255)) * t);
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

export function placeholderSvg({ width, height, from, to, caption }: Placeholder): string {
  const h = createHash('sha256').update(caption).digest();
  // rolling layers across the lower part, each a little darker
  const layers = [0, 1, 2]
    .map((i) => {
      const base = height * (0.58 + i * 0.13);
      const lift = height * (0.06 + (h[i]! / 255) * 0.08);
      const c1 = width * (0.2 + (h[i + 3]! / 255) * 0.3);
      const c2 = width * (0.55 + (h[i + 6]! / 255) * 0.3);
      return `<path d="M0 ${base.toFixed(0)} C${c1.toFixed(0)} ${(base - lift).toFixed(0)} ${c2.toFixed(0)} ${(base + lift).toFixed(0)} ${width} ${(base - lift / 2).toFixed(0)} V${height} H0 Z" fill="${mix(from, to, 0.35 + i * 0.2)}" fill-opacity="0.85"/>`;
    })
    .join('');
  const sunX = width * (0.58 + (h[9]! / 255) * 0.25);
  const sunY = height * (0.25 + (h[10]! / 255) * 0.12);
  const sunR = Math.min(width, height) * (0.1 + (h[11]! / 255) * 0.06);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="light" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#light)"/>` +
    `<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${sunR.toFixed(0)}" fill="${mix(from, '#ffffff', 0.55)}" fill-opacity="0.75"/>` +
    layers +
    `<rect width="100%" height="100%" fill="url(#shade)"/>` +
    `</svg>`
  );
}
