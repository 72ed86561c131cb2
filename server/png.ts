/**
 * A minimal PNG encoder for 8-bit palette images (colour type 3), enough for the generated product images.
 * Palette images keep one byte per pixel, so a 2500-pixel-wide image is a third of the RGB size to build
 * and to deflate.
 */
import { constants, crc32, deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGB colour, each channel 0..255. */
export type Rgb = readonly [number, number, number];

export interface PaletteImage {
  readonly width: number;
  readonly height: number;
  /** At most 256 colours. */
  readonly palette: readonly Rgb[];
  /** Writes row `y` as palette indices into `out` (length `width`). */
  readonly row: (y: number, out: Uint8Array) => void;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  // The CRC covers the type and the data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export function encodePalettePng(image: PaletteImage): Buffer {
  const { width, height, palette } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new RangeError(`bad PNG size ${width}x${height}`);
  if (palette.length < 1 || palette.length > 256) throw new RangeError(`a PNG palette holds 1 to 256 colours, got ${palette.length}`);

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: palette
  // compression, filter method and interlace stay 0

  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach(([r, g, b], i) => {
    plte[i * 3] = r;
    plte[i * 3 + 1] = g;
    plte[i * 3 + 2] = b;
  });

  // Each scanline is a filter byte (0: none) then the indices. Palette data is best left unfiltered (the
  // PNG spec's advice). Every byte is written, so the buffer need not be zeroed first.
  const stride = width + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0;
    image.row(y, raw.subarray(y * stride + 1, (y + 1) * stride));
  }
  // Run-length matching only: the pictures are runs of one index, and Z_RLE deflates a 2500×3125 picture
  // in about 6 ms (the default strategy takes about 40 ms) into a smaller file.
  const idat = deflateSync(raw, { level: 6, strategy: constants.Z_RLE });

  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('PLTE', plte), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
