/**
 * Digital delivery: each digital line of an order carries its download when the order is placed (the file's
 * name and type, how many downloads it allows and how many were taken, when it ends), stored on the order.
 * Its link is `/downloads/{token}`, the token naming the order and the line, signed with the server's secret
 * (server/security/signed-token.ts), so links cannot be guessed or made; the link is the same on the
 * confirmation and in the order e-mail. Taking a download counts it in one immediate transaction, so the limit
 * holds however many requests arrive at once.
 */
import { eq } from 'drizzle-orm';
import { parseJson } from '../commerce/catalog.js';
import type { Store } from '../db/database.js';
import { orders } from '../db/schema.js';
import { signToken, verifyToken } from '../security/signed-token.js';
import type { DigitalFile } from '../merchant/digital-files/digital-file.js';

/** How long a link works after the order, and how many times (per line). Our choice; docs/storefront.md says so. */
export const DOWNLOAD_HOURS = 24;
export const DOWNLOAD_LIMIT = 5;
const HOUR_MS = 3_600_000;

export const DOWNLOAD_PATH = '/downloads/';
const PURPOSE = 'download';

/** A line's download, as stored on the order. */
export interface LineDownload {
  readonly fileName: string;
  readonly contentType: string;
  readonly limit: number;
  /** Downloads taken so far. */
  readonly count: number;
  /** Epoch ms after which the link no longer works. */
  readonly expiresAt: number;
  /** The merchant's file in the file storage (server/merchant/digital-files/); absent: the PDF of the product. */
  readonly key?: string;
}

/** The download a digital line gets when bought at `now`: the product's file, else a PDF of the product. */
export function lineDownload(productUrlId: string, now: number, file: DigitalFile | null = null): LineDownload {
  const made = { limit: DOWNLOAD_LIMIT, count: 0, expiresAt: now + DOWNLOAD_HOURS * HOUR_MS };
  if (file !== null) return { fileName: file.fileName, contentType: file.contentType, key: file.key, ...made };
  return { fileName: `${productUrlId}.pdf`, contentType: 'application/pdf', ...made };
}

/** The link of line `lineIndex` of an order: a site path, the same wherever it is shown. */
export function downloadPath(secret: string, orderId: string, lineIndex: number): string {
  return `${DOWNLOAD_PATH}${signToken(secret, PURPOSE, [orderId, String(lineIndex)])}`;
}

export type DownloadState = 'available' | 'expired' | 'exhausted';

export function downloadState(download: LineDownload, now: number): DownloadState {
  if (now >= download.expiresAt) return 'expired';
  return download.count >= download.limit ? 'exhausted' : 'available';
}

/** What a link leads to: the file's line and its product, or why not. */
export type DownloadAnswer =
  | { readonly ok: true; readonly download: LineDownload; readonly productId: string; readonly productName: string }
  | { readonly ok: false; readonly reason: 'invalid' }
  | { readonly ok: false; readonly reason: 'expired' | 'exhausted'; readonly download: LineDownload };

/** The page a link that gives no file answers, per reason: its status, heading and words. */
export function downloadRefusal(answer: Exclude<DownloadAnswer, { ok: true }>): { status: number; heading: string; message: string } {
  switch (answer.reason) {
    case 'expired':
      return { status: 410, heading: 'Download expired', message: `This download link has expired: links work for ${DOWNLOAD_HOURS} hours after the order. Ask the shop for a new one.` };
    case 'exhausted':
      return { status: 410, heading: 'Download used up', message: `This download link has been used ${answer.download.limit} times, as many as it allows. Ask the shop for a new one.` };
    default:
      return { status: 404, heading: 'Download not found', message: 'This download link is not valid. Open it from your order confirmation or its e-mail, whole and unchanged.' };
  }
}

type Line = { itemId?: unknown; productName?: unknown; download?: LineDownload };

/** The order and line a link's token names, or null for a token not signed by this server (or not shaped so). */
export function downloadTarget(secret: string, token: string): { readonly orderId: string; readonly index: number } | null {
  const fields = verifyToken(secret, PURPOSE, token);
  if (fields === null || fields.length !== 2 || !/^\d{1,4}$/.test(fields[1]!)) return null;
  return { orderId: fields[0]!, index: Number(fields[1]) };
}

/**
 * The rule of following a link, on an order's `items` JSON (null: no such order) at `now`: the answer, and the
 * items to write back when `take` counted a download (either store writes them in the transaction it read them in).
 */
export function takeDownload(itemsJson: string | null, index: number, now: number, take: boolean): { readonly answer: DownloadAnswer; readonly items?: string } {
  const lines = parseJson<Line[]>(itemsJson, []);
  const line = lines[index];
  const download = line?.download;
  if (line === undefined || download === undefined) return { answer: { ok: false, reason: 'invalid' } };
  const state = downloadState(download, now);
  if (state !== 'available') return { answer: { ok: false, reason: state, download } };
  const taken = take ? { ...download, count: download.count + 1 } : download;
  const answer: DownloadAnswer = { ok: true, download: taken, productId: String(line.itemId), productName: String(line.productName) };
  if (!take) return { answer };
  lines[index] = { ...line, download: taken };
  return { answer, items: JSON.stringify(lines) };
}

/**
 * Follows a link's token at `now` (SQLite, one immediate transaction): `take` counts the download (a GET),
 * otherwise it only looks (a HEAD). An unsigned token, an unknown order or a line without a download is `invalid`.
 */
export function followDownload(store: Store, secret: string, token: string, now: number, take: boolean): DownloadAnswer {
  const target = downloadTarget(secret, token);
  if (target === null) return { ok: false, reason: 'invalid' };
  return store.transaction((tx): DownloadAnswer => {
    const row = tx.select({ items: orders.items }).from(orders).where(eq(orders.id, target.orderId)).get();
    const { answer, items } = takeDownload(row?.items ?? null, target.index, now, take);
    if (items !== undefined) tx.update(orders).set({ items }).where(eq(orders.id, target.orderId)).run();
    return answer;
  }, { behavior: 'immediate' });
}
