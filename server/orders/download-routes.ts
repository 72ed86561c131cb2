/**
 * `GET /downloads/{token}`: a digital line's file (orders/downloads.ts), from any browser, since the link also
 * travels by e-mail. The file is sent as an attachment, never cached or indexed; a HEAD request answers the
 * same headers without counting a download. A link that gives no file answers the theme's error page saying
 * why: not valid (404), expired or used up (410). The file is the merchant's own when the product has one
 * (server/merchant/digital-files/), else a PDF made from the product's description.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { PageType } from '../page-context.js';
import { formatQuery, type PageQuery, sendPage } from '../routes/page-response.js';
import { pageCart } from '../commerce/visitor-cart.js';
import type { Theme } from '../theme.js';
import type { Reads } from '../db/reads.js';
import { DOWNLOAD_PATH, downloadRefusal } from './downloads.js';
import { productPdf } from './product-pdf.js';
import type { FileStorage } from '../storage/file-storage.js';

/** The PDF a digital product without a file of its own is delivered as, made from its description now (either database). */
async function pdfOf({ db, t }: Reads, productId: string, productName: string): Promise<Buffer> {
  const [[product], [site]] = await Promise.all([
    db.select({ title: t.products.title, body: t.products.body }).from(t.products).where(eq(t.products.id, productId)),
    db.select({ title: t.websites.title }).from(t.websites).limit(1),
  ]);
  return productPdf({ title: product?.title ?? productName, descriptionHtml: product?.body ?? '', shopName: site?.title ?? '' });
}

export const downloadRoutes: FastifyPluginAsync<{ store: Store; theme: Theme; files: FileStorage }> = async (app, { store, theme, files }) => {
  app.get<{ Params: { token: string }; Querystring: PageQuery }>(`${DOWNLOAD_PATH}:token`, { schema: { querystring: formatQuery } }, async (request, reply) => {
    const answer = await app.stores.downloads.follow(request.server.crumbSecret, request.params.token, Date.now(), request.method !== 'HEAD');
    const errorPage = async (error: { status: number; heading: string; message: string }) =>
      sendPage(reply, request, theme, store, 'pages/error.page', { pageType: PageType.ERROR, pageId: 'download', shoppingCart: await pageCart(store, request), extra: { error } }, error.status);
    if (!answer.ok) return errorPage(downloadRefusal(answer));
    const file = answer.download.key === undefined ? await pdfOf(app.reads, answer.productId, answer.productName) : await files.get(answer.download.key);
    // the merchant's file gone from the storage: the shop's fault, said plainly, never a stack trace
    if (file === null) return errorPage({ status: 404, heading: 'Download not found', message: 'This file is no longer available. Ask the shop to send it again.' });
    return reply
      .type(answer.download.contentType)
      .header('content-disposition', `attachment; filename="${answer.download.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(file);
  });
};
