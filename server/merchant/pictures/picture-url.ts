/**
 * The address of an uploaded picture: `/s/pictures/<hash>/<W>x<H>/<name>.<ext>`. It names the picture by the
 * hash of its stored bytes (so it never changes and is cached for a year), and carries the original's size and
 * format, so a product's `image_url` column alone tells the storefront everything its image fields need
 * (`originalSize`, the widths to offer in `srcset`) without another table or a read of the file.
 */
import { slugify } from '../../../commerce/store-url-id.js';

export const PICTURE_PATH = '/s/pictures';

/** The formats a picture is kept in (a GIF is kept as PNG: its first frame). */
export const PICTURE_KINDS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

export const EXTENSION: Readonly<Record<PictureKind, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
export const CONTENT_TYPE: Readonly<Record<PictureKind, string>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

export interface PictureRef {
  readonly hash: string;
  readonly width: number;
  readonly height: number;
  readonly kind: PictureKind;
}

const HASH = /^[a-f0-9]{24}$/;
const URL_SHAPE = /^\/s\/pictures\/([a-f0-9]{24})\/(\d{1,5})x(\d{1,5})\/[a-z0-9-]{1,80}\.(jpg|png|webp|avif)$/;

export const isPictureHash = (hash: string) => HASH.test(hash);

export function kindOfExtension(extension: string): PictureKind | null {
  return (PICTURE_KINDS as readonly PictureKind[]).find((k) => EXTENSION[k] === extension) ?? null;
}

/** A file name as the last segment of the address: lower-case words joined by `-`, `picture` when none is left. */
export function pictureSlug(fileName: string): string {
  const slug = slugify(fileName.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
  return slug === '' ? 'picture' : slug;
}

export function pictureUrl(ref: PictureRef, fileName: string): string {
  return `${PICTURE_PATH}/${ref.hash}/${ref.width}x${ref.height}/${pictureSlug(fileName)}.${EXTENSION[ref.kind]}`;
}

/** The picture an address names, or null when it is not the address of an uploaded picture. */
export function parsePictureUrl(url: string): PictureRef | null {
  const m = URL_SHAPE.exec(url);
  if (m === null) return null;
  const width = Number(m[2]);
  const height = Number(m[3]);
  const kind = kindOfExtension(m[4]!);
  if (kind === null || width < 1 || height < 1) return null;
  return { hash: m[1]!, width, height, kind };
}

/** Where the stored original and each resized copy live in the file storage (server/storage/file-storage.ts). */
export const originalKey = (hash: string, kind: PictureKind) => `pictures/${hash}/original.${EXTENSION[kind]}`;
/** `full`: the original's size in another format. */
export const resizedKey = (hash: string, width: number | 'full', kind: PictureKind) => `pictures/${hash}/${width}.${EXTENSION[kind]}`;
