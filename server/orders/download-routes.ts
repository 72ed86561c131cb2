/**
 * `GET /downloads/{token}`: a digital line's file (orders/downloads.ts), from any browser, since the link also
 * travels by e-mail. The file is sent as an attachment, never cached or indexed; a HEAD request answers the
 * same headers without counting a download. A link that gives no file answers the theme's error page saying
 * why: not valid (404), expired or used up (410).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { PageType } from '../page-context.js';
import { formatQuery, type PageQuery, sendPage } from '../routes/page-response.js';
import { visitorCart } from '../commerce/visitor-cart.js';
import type { Theme } from '../theme.js';
import { websites } from '../db/schema.js';
import { DOWNLOAD_PATH, downloadProduct, downloadRefusal, followDownload } from './downloads.js';
import { productPdf } from './product-pdf.js';

export const downloadRoutes: FastifyPluginAsync<{ store: Store; theme: Theme }> = async (app, { store, theme }) => {
  app.get<{ Params: { token: string }; Querystring: PageQuery }>(`${DOWNLOAD_PATH}:token`, { schema: { querystring: formatQuery } }, async (request, reply) => {
    const answer = followDownload(store, request.server.crumbSecret, request.params.token, Date.now(), request.method !== 'HEAD');
    if (!answer.ok) {
      const { status, heading, message } = downloadRefusal(answer);
      const parts = { pageType: PageType.ERROR, pageId: 'download', shoppingCart: visitorCart(store, request), extra: { error: { status, heading, message } } };
      return sendPage(reply, request, theme, store, 'pages/error.page', parts, status);
    }
    const product = downloadProduct(store, answer.productId);
    const shopName = store.select({ title: websites.title }).from(websites).get()?.title ?? '';
    const file = productPdf({ title: product?.title ?? answer.productName, descriptionHtml: product?.body ?? '', shopName });
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
