/**
 * The HTML part of the back-in-stock e-mail (kind `restock`); its subject and text are the restock feature's
 * own (server/restock/service.ts `restockEmail`), in the same words and language (`email.restock.*`).
 */
import { translator } from '../../commerce/messages/translate.js';
import { renderEmailHtml } from './render.js';

export interface RestockTarget {
  readonly productTitle: string;
  readonly productUrl: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** The product as the e-mail names it: `Field Shirt (Color: Olive, Size: L)`. */
export function restockName(target: RestockTarget): string {
  const options = Object.entries(target.attributes).map(([k, v]) => `${k}: ${v}`).join(', ');
  return options === '' ? target.productTitle : `${target.productTitle} (${options})`;
}

export function restockEmailHtml(target: RestockTarget, siteTitle: string, subject: string, language: string): string {
  const t = translator(language);
  const words = { heading: subject, intro: t('email.restock.intro', { name: restockName(target), site: siteTitle }), seeIt: t('email.restock.seeIt'), why: t('email.restock.why') };
  return renderEmailHtml('restock', { siteTitle, subject, language }, { words, productUrl: target.productUrl });
}
