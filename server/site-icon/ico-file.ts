/**
 * The ICO container (the format `/favicon.ico` has answered with since browsers first asked for it), written by
 * our code: a directory of pictures, each a 32-bit BGRA bitmap (a BITMAPINFOHEADER whose height counts the
 * colour rows and the AND-mask rows, rows bottom to top, then a 1-bit AND mask, all zero, since the alpha
 * channel says what is transparent). Uncompressed bitmaps are read by every ICO reader, old ones included.
 */

/** One picture of the file: its side in pixels (1–256) and its RGBA pixels, rows top to bottom. */
export interface IcoPicture {
  readonly side: number;
  readonly rgba: Uint8Array;
}

const HEADER = 6;
const ENTRY = 16;
const BITMAP_HEADER = 40;

/** Bytes of one picture's bitmap: header, colour rows, mask rows (each padded to 4 bytes). */
function bitmapBytes(side: number): number {
  const maskRow = Math.ceil(side / 32) * 4;
  return BITMAP_HEADER + side * side * 4 + maskRow * side;
}

export function icoFile(pictures: readonly IcoPicture[]): Buffer {
  for (const p of pictures) {
    if (!Number.isInteger(p.side) || p.side < 1 || p.side > 256) throw new RangeError(`an ICO picture is 1 to 256 pixels square, not ${p.side}`);
    if (p.rgba.length !== p.side * p.side * 4) throw new RangeError(`a ${p.side}-pixel picture has ${p.side * p.side * 4} RGBA bytes, not ${p.rgba.length}`);
  }
  const total = HEADER + ENTRY * pictures.length + pictures.reduce((n, p) => n + bitmapBytes(p.side), 0);
  const out = Buffer.alloc(total);
  out.writeUInt16LE(0, 0); // reserved
  out.writeUInt16LE(1, 2); // 1: icon
  out.writeUInt16LE(pictures.length, 4);
  let offset = HEADER + ENTRY * pictures.length;
  pictures.forEach((p, i) => {
    const entry = HEADER + ENTRY * i;
    const size = bitmapBytes(p.side);
    out.writeUInt8(p.side === 256 ? 0 : p.side, entry); // width (0 means 256)
    out.writeUInt8(p.side === 256 ? 0 : p.side, entry + 1); // height
    out.writeUInt8(0, entry + 2); // no palette
    out.writeUInt8(0, entry + 3); // reserved
    out.writeUInt16LE(1, entry + 4); // colour planes
    out.writeUInt16LE(32, entry + 6); // bits per pixel
    out.writeUInt32LE(size, entry + 8);
    out.writeUInt32LE(offset, entry + 12);
    writeBitmap(out, offset, p);
    offset += size;
  });
  return out;
}

function writeBitmap(out: Buffer, at: number, { side, rgba }: IcoPicture): void {
  out.writeUInt32LE(BITMAP_HEADER, at);
  out.writeInt32LE(side, at + 4);
  out.writeInt32LE(side * 2, at + 8); // colour rows and mask rows
  out.writeUInt16LE(1, at + 12); // planes
  out.writeUInt16LE(32, at + 14); // bits per pixel
  out.writeUInt32LE(0, at + 16); // BI_RGB, uncompressed
  out.writeUInt32LE(side * side * 4 + Math.ceil(side / 32) * 4 * side, at + 20);
  // resolution and palette fields stay 0
  let p = at + BITMAP_HEADER;
  for (let row = side - 1; row >= 0; row--) {
    for (let x = 0; x < side; x++) {
      const s = (row * side + x) * 4;
      out[p++] = rgba[s + 2]!; // blue
      out[p++] = rgba[s + 1]!; // green
      out[p++] = rgba[s]!; // red
      out[p++] = rgba[s + 3]!; // alpha
    }
  }
  // the AND mask: all zero (Buffer.alloc), transparency comes from the alpha channel
}
