/** The demo's content in Japanese (TESSERA_DEMO_LANGUAGE=ja-JP, server/db/demo-language.ts). */
import type { DemoContent } from './content.js';

export const JA_JP: DemoContent = {
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
