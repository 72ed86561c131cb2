/**
 * Tessera's default site icon, drawn by our code: a tessera, the mosaic tile the project is named after, as four
 * rounded tiles on a 32-unit square. One list of shapes feeds both pictures made from it: the SVG
 * (`/favicon.svg`, which browsers that read SVG icons pick) and the ICO's pixels (`/favicon.ico`, for every other
 * client), so the two always agree.
 */

/** A rounded tile in the mark's 32-unit square: left, top, size (square) and corner radius, and its colour. */
export interface IconTile {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly radius: number;
  /** `#rrggbb`. */
  readonly color: string;
}

/** The mark's side in its own units (the SVG's viewBox, the ICO's largest picture in pixels). */
export const MARK_UNITS = 32;

/** The four tiles: the theme's deep green and its warm companions, 2 units apart, inset 1 unit. */
export const ICON_TILES: readonly IconTile[] = [
  { x: 1, y: 1, size: 14, radius: 3, color: '#1f5a4a' },
  { x: 17, y: 1, size: 14, radius: 3, color: '#c8963e' },
  { x: 1, y: 17, size: 14, radius: 3, color: '#a8321f' },
  { x: 17, y: 17, size: 14, radius: 3, color: '#4f8a72' },
];

/** The mark as a standalone SVG document (no text, no external reference). */
export function iconSvg(tiles: readonly IconTile[] = ICON_TILES): string {
  const rects = tiles.map((t) => `<rect x="${t.x}" y="${t.y}" width="${t.size}" height="${t.size}" rx="${t.radius}" fill="${t.color}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MARK_UNITS} ${MARK_UNITS}" width="${MARK_UNITS}" height="${MARK_UNITS}">${rects}</svg>`;
}

/** Whether the point (px, py), in the mark's units, lies on the tile (rounded corners honoured). */
function inside(t: IconTile, px: number, py: number): boolean {
  if (px < t.x || py < t.y || px > t.x + t.size || py > t.y + t.size) return false;
  const cx = Math.min(Math.max(px, t.x + t.radius), t.x + t.size - t.radius);
  const cy = Math.min(Math.max(py, t.y + t.radius), t.y + t.size - t.radius);
  return (px - cx) ** 2 + (py - cy) ** 2 <= t.radius ** 2;
}

const SAMPLES = 4;

/**
 * The mark as `side`×`side` RGBA pixels (rows top to bottom, 4 bytes a pixel, alpha not premultiplied), each
 * pixel's coverage sampled 4×4 times so the edges are smooth at 16 pixels too.
 */
export function iconPixels(side: number, tiles: readonly IconTile[] = ICON_TILES): Uint8Array {
  const out = new Uint8Array(side * side * 4);
  const scale = MARK_UNITS / side;
  const rgb = tiles.map((t) => [1, 3, 5].map((i) => parseInt(t.color.slice(i, i + 2), 16)));
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const hits = new Array<number>(tiles.length).fill(0);
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = (x + (sx + 0.5) / SAMPLES) * scale;
          const py = (y + (sy + 0.5) / SAMPLES) * scale;
          const hit = tiles.findIndex((t) => inside(t, px, py));
          if (hit >= 0) hits[hit]! += 1;
        }
      }
      const covered = hits.reduce((a, b) => a + b, 0);
      if (covered === 0) continue;
      const at = (y * side + x) * 4;
      for (let c = 0; c < 3; c++) out[at + c] = Math.round(hits.reduce((sum, n, i) => sum + n * rgb[i]![c]!, 0) / covered);
      out[at + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
    }
  }
  return out;
}
