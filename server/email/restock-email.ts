/**
 * The HTML part of the back-in-stock e-mail (kind `restock`); its subject and text are the restock feature's
 * own (server/restock/service.ts `restockEmail`), kept word for word.
 */
import { renderEmailHtml } from './render.js';

export interface RestockTarget {
  readonly productTitle: string;
  readonly productUrl: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export function restockEmailHtml(target: RestockTarget, siteTitle: string, subject: string, language: string | null): string {
  const options = Object.entries(target.attributes).map(([k, v]) => `${k}: ${v}`).join(', ');
  const name = options === '' ? target.productTitle : `${target.productTitle} (${options})`;
  return renderEmailHtml('restock', { siteTitle, subject, language }, { productTitle: target.productTitle, name, productUrl: target.productUrl });
}
