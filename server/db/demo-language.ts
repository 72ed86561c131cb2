/**
 * The demo store in another language (issue 27): `TESSERA_DEMO_LANGUAGE=de-DE` (any shipped catalog's tag)
 * seeds the demo with the website's `language` set, so every word the storefront says comes from that
 * catalog, and with the demo's own content (product names and descriptions, option names and values, page
 * titles and texts, the home page's hero, the contact form) in that language where this file has it:
 * German and Japanese today; the other shipped languages keep the English content (their pages still speak
 * the language). Ours: the platform seeds no demo. An unknown tag stops the start with a clear message.
 */
import { eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { SHIPPED_LOCALES } from '../../commerce/messages/catalogs.js';
import { canonicalLanguages } from '../language-tags.js';
import type { StoreTransaction } from './database.js';
import { collections, forms, products, variants, websites } from './schema.js';

/** The demo's language from `TESSERA_DEMO_LANGUAGE` (canonical), or null when unset; throws for a tag no catalog has. */
export function demoLanguage(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const raw = env['TESSERA_DEMO_LANGUAGE']?.trim() ?? '';
  if (raw === '') return null;
  const canonical = canonicalLanguages([raw]);
  const tag = canonical.ok ? canonical.languages[0] : undefined;
  if (tag === undefined || !SHIPPED_LOCALES.includes(tag)) throw new Error(`TESSERA_DEMO_LANGUAGE must be one of ${SHIPPED_LOCALES.join(', ')} (got "${raw}")`);
  return tag;
}

interface DemoContent {
  readonly hero: { readonly heroTitle: string; readonly heroText: string; readonly heroButtonText: string };
  /** By URL id: the title and the description (HTML). */
  readonly products: Readonly<Record<string, readonly [title: string, body: string]>>;
  /** Option names and values of the variants, English → this language. */
  readonly options: Readonly<Record<string, string>>;
  /** By URL id: the title (and navigation title), the page's text and the description, where they have one. */
  readonly collections: Readonly<Record<string, { readonly title: string; readonly body?: string; readonly description?: string }>>;
  /** The contact form: field titles, placeholders, description by field id, and the message after sending. */
  readonly contact: { readonly name: string; readonly fields: Readonly<Record<string, { title: string; placeholder?: string; description?: string }>>; readonly submissionMessage: string };
}

const DE_DE: DemoContent = {
  hero: {
    heroTitle: 'Für jeden Tag gemacht',
    heroText: 'Leinen, Baumwolle, Wolle und Emaille aus kleinen Werkstätten: Dinge für Küche, Tisch und Reise, gemacht, um zu halten, und leicht zu flicken.',
    heroButtonText: 'Zur Kollektion',
  },
  products: {
    'linen-apron': ['Leinenschürze', '<p>Stonewashed-Leinen mit tiefen Taschen.</p>'],
    'field-shirt': ['Feldhemd', '<p>Schwerer Baumwollköper, drei Farben, vier Größen.</p>'],
    'enamel-mug': ['Emaillebecher', '<p>Im Angebot, solange der Vorrat reicht.</p>'],
    'canvas-tote': ['Canvas-Tasche', '<p>Gerade ausverkauft: Hinterlasse deine E-Mail-Adresse, und wir sagen dir, wenn sie wieder da ist.</p>'],
    'wool-blanket': ['Wolldecke', '<p>Dicht gewebte Lammwolle, groß genug für zwei.</p>'],
    'coffee-subscription': ['Kaffee-Abo', '<p>Frisch gerösteter Kaffee, regelmäßig geliefert.</p>'],
    monogram: ['Servietten mit Monogramm', '<p>Leinenservietten, mit deinen Initialen bestickt.</p>'],
    'gift-card': ['Geschenkgutschein', '<p>Für alles im Shop.</p>'],
    'field-guide': ['Feldführer (PDF)', '<p>Ein Leitfaden zum Herunterladen.</p>'],
    'pattern-pack': ['Schnittmuster-Paket', '<p>Digitale Schnittmuster, im Angebot.</p>'],
    'repair-service': ['Reparaturservice', '<p>Wir flicken, was du bei uns gekauft hast.</p>'],
    'workshop-seat': ['Workshop-Platz', '<p>Ein Platz in unserem nächsten Webworkshop.</p>'],
    'candle-set': ['Kerzenset', '<p>Drei Bienenwachskerzen in einer Schachtel.</p>'],
    'makers-circle-pass': ['Mitgliedschaft im Makers Circle', '<p>Ein Jahr im Mitgliederbereich des Makers Circle.</p>'],
  },
  options: { Color: 'Farbe', Size: 'Größe', Olive: 'Oliv', Navy: 'Marine', Sand: 'Sand', Scent: 'Duft', Value: 'Wert' },
  collections: {
    shop: { title: 'Shop' },
    about: { title: 'Über uns' },
    blog: { title: 'Journal', description: 'Notizen aus dem Atelier.' },
    events: { title: 'Termine', description: 'Workshops, Messen und Märkte.' },
    gallery: { title: 'Galerie' },
    lookbook: { title: 'Lookbook' },
    album: { title: 'Atelierklänge' },
    videos: { title: 'Videos' },
    contact: { title: 'Kontakt', body: '<p>Schreib uns zu Bestellungen, Workshops oder allem anderen. Wir antworten innerhalb von zwei Werktagen.</p>' },
    trade: { title: 'Händlerpreise', body: '<p>Großhandelspreise für Läden und Ateliers: 40 % Rabatt auf den Listenpreis ab zehn Stück.</p>' },
    members: { title: 'Makers Circle', body: '<p>Schnittmuster und Aufnahmen für Mitglieder des Makers Circle.</p>' },
  },
  contact: {
    name: 'Kontakt',
    fields: {
      name: { title: 'Name', placeholder: 'Dein Name' },
      email: { title: 'E-Mail', placeholder: 'du@example.com' },
      message: { title: 'Nachricht', description: 'Fragen, Bestellungen, Workshop-Buchungen.' },
    },
    submissionMessage: 'Danke! Wir melden uns bald.',
  },
};

const JA_JP: DemoContent = {
  hero: {
    heroTitle: '毎日使うために',
    heroText: '小さな工房のリネン、コットン、ウール、ホーロー。キッチンと食卓と旅のための、長く使えて直しやすい道具です。',
    heroButtonText: 'コレクションを見る',
  },
  products: {
    'linen-apron': ['リネンエプロン', '<p>ストーンウォッシュのリネン。深いポケット付き。</p>'],
    'field-shirt': ['フィールドシャツ', '<p>厚手のコットンツイル。3色、4サイズ。</p>'],
    'enamel-mug': ['ホーローマグ', '<p>在庫限りのセール価格です。</p>'],
    'canvas-tote': ['キャンバストート', '<p>ただいま売り切れです。メールアドレスをご登録いただければ、再入荷時にお知らせします。</p>'],
    'wool-blanket': ['ウールブランケット', '<p>密に織ったラムウール。二人で使える大きさです。</p>'],
    'coffee-subscription': ['コーヒー定期便', '<p>焙煎したてのコーヒーを定期的にお届けします。</p>'],
    monogram: ['モノグラム入りナプキン', '<p>イニシャルを刺繍したリネンナプキン。</p>'],
    'gift-card': ['ギフトカード', '<p>ショップのすべての商品にお使いいただけます。</p>'],
    'field-guide': ['フィールドガイド（PDF）', '<p>ダウンロードできるガイドです。</p>'],
    'pattern-pack': ['型紙パック', '<p>デジタルの型紙。セール中です。</p>'],
    'repair-service': ['修理サービス', '<p>当店でお買い上げの品を修理します。</p>'],
    'workshop-seat': ['ワークショップ参加枠', '<p>次回の織物ワークショップの参加枠です。</p>'],
    'candle-set': ['キャンドルセット', '<p>蜜蝋キャンドル3本入り。</p>'],
    'makers-circle-pass': ['メーカーズサークル会員', '<p>メーカーズサークル会員エリアを1年間ご利用いただけます。</p>'],
  },
  options: { Color: 'カラー', Size: 'サイズ', Olive: 'オリーブ', Navy: 'ネイビー', Sand: 'サンド', Scent: '香り', Value: '金額' },
  collections: {
    shop: { title: 'ショップ' },
    about: { title: '私たちについて' },
    blog: { title: 'ジャーナル', description: '工房だより。' },
    events: { title: 'イベント', description: 'ワークショップ、フェア、マーケット。' },
    gallery: { title: 'ギャラリー' },
    lookbook: { title: 'ルックブック' },
    album: { title: '工房の音' },
    videos: { title: '動画' },
    contact: { title: 'お問い合わせ', body: '<p>ご注文、ワークショップ、その他なんでもお気軽にどうぞ。2営業日以内にお返事します。</p>' },
    trade: { title: '卸価格', body: '<p>ショップや工房向けの卸価格: 10点以上のご注文で定価の40%引き。</p>' },
    members: { title: 'メーカーズサークル', body: '<p>メーカーズサークル会員のための型紙と録音。</p>' },
  },
  contact: {
    name: 'お問い合わせ',
    fields: {
      name: { title: 'お名前', placeholder: '山田 花子' },
      email: { title: 'メールアドレス', placeholder: 'you@example.com' },
      message: { title: 'メッセージ', description: 'ご質問、ご注文、ワークショップのご予約など。' },
    },
    submissionMessage: 'ありがとうございます。追ってご連絡します。',
  },
};

const CONTENT: Readonly<Record<string, DemoContent>> = { 'de-DE': DE_DE, 'ja-JP': JA_JP };

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
