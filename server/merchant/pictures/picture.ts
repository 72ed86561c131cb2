/**
 * What happens to an uploaded picture, with `sharp`: the upload is read (JPEG, PNG, WebP, AVIF or GIF, at most
 * MAX_PICTURE_BYTES and MAX_PICTURE_SIDE pixels a side), turned upright by its EXIF orientation and written again
 * without its metadata (a phone's photo carries where it was taken), in its own format (a GIF's first frame as
 * PNG). The stored bytes are named by their hash. Resized copies are made from that original on first request,
 * one per responsive width of spec 001 §9 and per format the browser accepts (AVIF, WebP, or the original's).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_FORMATS } from '../../images.js';
import type { PictureKind, PictureRef } from './picture-url.js';

/** The platform's limit for an image upload. */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
export const MAX_PICTURE_SIZE_TEXT = '20 MB';
/** A side longer than this is refused (a decompression bomb is small on the wire and huge in memory). */
export const MAX_PICTURE_SIDE = 10_000;

/** The editor's upload messages of spec 001, verbatim; `{fileTypeMessage}` is the kind of file with its space. */
export const PICTURE_MESSAGES = {
  unsupported: (fileName: string) => `The file ${fileName} does not appear to be a supported image file.`,
  tooLarge: (fileName: string) => `The file ${fileName} is too large. The maximum allowed file size is ${MAX_PICTURE_SIZE_TEXT}.`,
};

export interface StoredPicture extends PictureRef {
  readonly bytes: Buffer;
}

const KIND_OF_FORMAT: Readonly<Record<string, PictureKind>> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'png' };

function encode(image: Sharp, kind: PictureKind): Sharp {
  switch (kind) {
    case 'jpeg':
      return image.jpeg({ quality: 88, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 8 });
    case 'webp':
      return image.webp({ quality: 84 });
    case 'avif':
      // effort 2: a 2500-pixel picture in under a second on one core; higher efforts save little at this quality
      return image.avif({ quality: 60, effort: 2 });
  }
}

/** The upload as a stored original, or null when it is not a picture we take (the caller says which message). */
export async function readUpload(bytes: Buffer): Promise<StoredPicture | null> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PICTURE_SIDE * MAX_PICTURE_SIDE }).metadata();
  } catch {
    return null;
  }
  const kind = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : undefined) : KIND_OF_FORMAT[meta.format ?? ''];
  if (kind === undefined || meta.width === undefined || meta.height === undefined) return null;
  if (meta.width > MAX_PICTURE_SIDE || meta.height > MAX_PICTURE_SIDE) return null;
  try {
    const { data, info } = await encode(sharp(bytes, { limitInputPixels: MAX_PICTURE_SIDE * MAX_PICTURE_SIDE }).rotate(), kind).toBuffer({ resolveWithObject: true });
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
    return { hash, width: info.width, height: info.height, kind, bytes: data };
  } catch {
    // a file whose header reads but whose pixels do not (cut short, corrupt)
    return null;
  }
}

/** The widths a picture is offered in: each responsive width up to its own (never enlarged). */
export function offeredWidths(width: number): number[] {
  return IMAGE_FORMATS.map((f) => Number.parseInt(f, 10)).filter((w) => w <= width);
}

/** The original resized to `width` (not enlarged), in `kind`. */
export async function resizePicture(original: Buffer, width: number, kind: PictureKind): Promise<Buffer> {
  return encode(sharp(original).resize({ width, withoutEnlargement: true }), kind).toBuffer();
}

/** The format to answer in: AVIF or WebP when the browser says it takes them, else the original's own. */
export function negotiateKind(accept: string | undefined, original: PictureKind): PictureKind {
  // listed, and not with q=0 (`image/avif;q=0` is a refusal)
  const takes = (type: string) =>
    accept !== undefined &&
    accept.split(',').some((part) => {
      const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      return name === type && !params.some((p) => /^q=0(\.0{0,3})?$/.test(p));
    });
  if (takes('image/avif')) return 'avif';
  if (takes('image/webp')) return 'webp';
  return original;
}
