/**
 * A digital product's file (issue 26: "digital with its file"): the merchant uploads it once, it is kept in the
 * file storage (server/storage/file-storage.ts) under a key named by its content's hash, and the product row
 * holds where it is and what it is (`products.digital_file`, JSON). A buyer's download link
 * (server/orders/downloads.ts) then sends these bytes, under the name the merchant's file had; a digital product
 * without one still gets the PDF made from its description.
 */
import { createHash } from 'node:crypto';
import { parseJson } from '../../commerce/catalog.js';
import { isRecord } from '../../../commerce/json.js';
import { slugify } from '../../../commerce/store-url-id.js';

/** The largest file a digital product takes: a course or an album, kept in memory once while it is stored. */
export const MAX_DIGITAL_BYTES = 100 * 1024 * 1024;
export const MAX_DIGITAL_SIZE_TEXT = '100 MB';

export interface DigitalFile {
  /** Where the bytes are in the file storage. */
  readonly key: string;
  /** The name the buyer's browser saves it under (the merchant's, made safe for a header). */
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: number;
}

export const DIGITAL_FILE_MESSAGES = {
  // spec 001's upload message, verbatim
  tooLarge: (fileName: string) => `The file ${fileName} is too large. The maximum allowed file size is ${MAX_DIGITAL_SIZE_TEXT}.`,
  empty: (fileName: string) => `The file ${fileName} is empty.`,
  notDigital: 'Only a digital product has a file to download.',
} as const;

const TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;

/** The file as stored: a key by its hash, its name as a safe slug with its extension, its declared type or octet-stream. */
export function digitalFileOf(bytes: Buffer, fileName: string, declaredType: string | undefined): DigitalFile {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const extension = EXTENSION.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';
  const name = `${slugify(fileName.replace(EXTENSION, '')) || 'download'}.${extension}`;
  const type = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  return { key: `downloads/${hash}/${name}`, fileName: name, contentType: TYPE.test(type) ? type : 'application/octet-stream', bytes: bytes.length };
}

/** The stored column read back, or null (none, or unreadable). */
export function parseDigitalFile(json: string | null): DigitalFile | null {
  const value = parseJson<unknown>(json, null);
  if (!isRecord(value)) return null;
  const { key, fileName, contentType, bytes } = value;
  return typeof key === 'string' && typeof fileName === 'string' && typeof contentType === 'string' && typeof bytes === 'number' ? { key, fileName, contentType, bytes } : null;
}
