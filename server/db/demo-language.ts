/**
 * The demo store in another language (issue 27): `TESSERA_DEMO_LANGUAGE=de-DE` (any shipped catalog's tag)
 * seeds the demo with the website's `language` set, so every word the storefront says comes from that
 * catalog, and with the demo's own content (product names and descriptions, option names and values, page
 * titles and texts, the home page's hero, the contact form) in that language (server/db/demo-content/, one
 * file per language: German, French, Spanish, Italian, Dutch and Japanese; British English keeps the English). Ours: the platform seeds no demo. An unknown tag stops the start with a clear message.
 */
import { eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { SHIPPED_LOCALES } from '../../commerce/messages/catalogs.js';
import { canonicalLanguages } from '../language-tags.js';
import type { StoreTransaction } from './database.js';
import { collections, forms, products, variants, websites } from './schema.js';
import type { DemoContent } from './demo-content/content.js';
import { DE_DE } from './demo-content/de-DE.js';
import { ES_ES } from './demo-content/es-ES.js';
import { FR_FR } from './demo-content/fr-FR.js';
import { IT_IT } from './demo-content/it-IT.js';
import { JA_JP } from './demo-content/ja-JP.js';
import { NL_NL } from './demo-content/nl-NL.js';

/** The demo's language from `TESSERA_DEMO_LANGUAGE` (canonical), or null when unset; throws for a tag no catalog has. */
export function demoLanguage(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const raw = env['TESSERA_DEMO_LANGUAGE']?.trim() ?? '';
  if (raw === '') return null;
  const canonical = canonicalLanguages([raw]);
  const tag = canonical.ok ? canonical.languages[0] : undefined;
  if (tag === undefined || !SHIPPED_LOCALES.includes(tag)) throw new Error(`TESSERA_DEMO_LANGUAGE must be one of ${SHIPPED_LOCALES.join(', ')} (got "${raw}")`);
  return tag;
}

const CONTENT: Readonly<Record<string, DemoContent>> = { 'de-DE': DE_DE, 'fr-FR': FR_FR, 'es-ES': ES_ES, 'it-IT': IT_IT, 'nl-NL': NL_NL, 'ja-JP': JA_JP };

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Sets the seeded website's language to `language` and puts the demo's content in it, inside the seed's transaction. */
export function localizeDemo(tx: StoreTransaction, websiteId: string, language: string): void {
  const site = tx.select().from(websites).where(eq(websites.id, websiteId)).get();
  if (site === undefined) return;
  const settings = json(site.settings);
  const content = CONTENT[language];
  const base = isRecord(settings) ? settings : {};
  const homePage = isRecord(base['homePage']) ? base['homePage'] : {};
  tx.update(websites)
    .set({ settings: JSON.stringify({ ...base, language, ...(content !== undefined ? { homePage: { ...homePage, ...content.hero } } : {}) }) })
    .where(eq(websites.id, websiteId))
    .run();
  if (content === undefined) return;
  const option = (word: string) => content.options[word] ?? word;
  for (const product of tx.select().from(products).all()) {
    const words = content.products[product.urlId];
    const ordering = json(product.variantOptionOrdering ?? '');
    tx.update(products)
      .set({
        ...(words !== undefined ? { title: words[0], body: words[1] } : {}),
        ...(Array.isArray(ordering) ? { variantOptionOrdering: JSON.stringify(ordering.map((o) => (typeof o === 'string' ? option(o) : o))) } : {}),
      })
      .where(eq(products.id, product.id))
      .run();
  }
  for (const variant of tx.select().from(variants).all()) {
    const attributes = json(variant.attributes ?? '');
    if (!isRecord(attributes)) continue;
    const translated = Object.fromEntries(Object.entries(attributes).map(([name, value]) => [option(name), typeof value === 'string' ? option(value) : value]));
    tx.update(variants).set({ attributes: JSON.stringify(translated) }).where(eq(variants.id, variant.id)).run();
  }
  for (const collection of tx.select().from(collections).where(eq(collections.websiteId, websiteId)).all()) {
    const words = content.collections[collection.urlId];
    if (words === undefined) continue;
    tx.update(collections)
      .set({
        title: words.title,
        ...(collection.navigationTitle !== null ? { navigationTitle: words.title } : {}),
        ...(words.body !== undefined ? { body: words.body } : {}),
        ...(words.description !== undefined ? { description: words.description } : {}),
      })
      .where(eq(collections.id, collection.id))
      .run();
  }
  for (const form of tx.select().from(forms).where(eq(forms.websiteId, websiteId)).all()) {
    const fields = json(form.fields);
    if (!Array.isArray(fields)) continue;
    const translated = fields.map((f: unknown) => (isRecord(f) && typeof f['id'] === 'string' && content.contact.fields[f['id']] !== undefined ? { ...f, ...content.contact.fields[f['id']] } : f));
    tx.update(forms).set({ name: content.contact.name, fields: JSON.stringify(translated), submissionMessage: content.contact.submissionMessage }).where(eq(forms.id, form.id)).run();
  }
}
