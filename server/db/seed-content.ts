/**
 * The demo site's content beside the shop: an About page, a Contact page with a form, a blog, events, two
 * galleries, an album of generated tones, videos, a password-protected page and a members-only page.
 *
 * Dates are relative to the seeding time (whole days from today's UTC midnight), so a fresh demo always has
 * upcoming and past events and a scheduled post that is not out yet.
 */
import { eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { COLLECTION_TYPES } from '../../engine/plugins/content/record-collection.js';
import { RECORD_TYPES } from '../../engine/plugins/content/record-types.js';
import { AUDIO_PATH, DEMO_IMAGES, DEMO_TRACKS, IMAGE_PATH } from '../media/demo-media.js';
import type { Store, StoreTransaction } from './database.js';
import { collections, forms, records, websites } from './schema.js';

type NewRecord = Omit<typeof records.$inferInsert, 'id' | 'collectionId' | 'ordering'>;

/** The paywall product (type 5) of the demo shop that the member area's denied page sells (server/db/seed.ts). */
export const MEMBER_PASS_ITEM_ID = 'p14';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export const CONTACT_FORM_ID = 'contact-form';
/** The demo's page password (docs/storefront.md); the page is `/trade`. */
export const DEMO_PAGE_PASSWORD = 'linen-and-thread';

interface CollectionSeed {
  readonly id: string;
  readonly urlId: string;
  readonly title: string;
  readonly navigationTitle?: string;
  readonly type: number;
  readonly description?: string;
  readonly body?: string;
  readonly settings?: Record<string, unknown>;
  readonly records?: (today: number) => NewRecord[];
}

const text = (r: Omit<NewRecord, 'recordType'>): NewRecord => ({ recordType: RECORD_TYPES.text, ...r });

const POSTS = (today: number): NewRecord[] => [
  text({
    urlId: 'first-workshop-notes',
    title: 'Notes from our first weaving workshop',
    authorName: 'Ada Weaver',
    excerpt: '<p>Twelve people, six looms and a lot of tea: what we learnt teaching our first weaving class.</p>',
    body: '<p>Twelve people, six looms and a lot of tea. We taught plain weave in the morning and twill after lunch.</p><p>Next time we will start with wider warps: narrow ones tangle.</p>',
    categories: JSON.stringify(['Workshop']),
    tags: JSON.stringify(['weaving', 'teaching']),
    publishOn: today - 2 * DAY,
    commentState: 1,
    // no comment is seeded, so no post counts any (a count with nothing under it is a broken promise)
    publicCommentCount: 0,
    likeCount: 12,
    starred: true,
  }),
  text({
    urlId: 'caring-for-linen',
    title: 'Caring for linen',
    authorName: 'Tomás Reyes',
    excerpt: '<p>Wash cool, dry in the shade, never iron it bone dry.</p>',
    body: '<p>Linen gets better with every wash. Wash it cool, dry it in the shade and iron it while still damp.</p>',
    categories: JSON.stringify(['Care']),
    tags: JSON.stringify(['linen', 'how-to']),
    publishOn: today - 9 * DAY,
    commentState: 1,
    publicCommentCount: 0,
    likeCount: 4,
  }),
  text({
    urlId: 'new-indigo-dye',
    title: 'A new indigo dye bath',
    authorName: 'Ada Weaver',
    excerpt: '<p>We switched to a fermentation vat. The blues are deeper and the studio smells of bran.</p>',
    body: '<p>We switched to a fermentation vat this season. The blues are deeper, the process slower, and the studio smells faintly of wheat bran.</p>',
    categories: JSON.stringify(['Workshop', 'News']),
    tags: JSON.stringify(['indigo', 'dyeing']),
    publishOn: today - 20 * DAY,
    commentState: 0,
    publicCommentCount: 0,
    likeCount: 7,
  }),
  text({
    urlId: 'we-moved',
    title: 'We moved to Mill Street',
    authorName: 'Tomás Reyes',
    excerpt: '<p>The shop and the studio are now under one roof.</p>',
    body: '<p>The shop and the studio are now under one roof, at 14 Mill Street. Come and see the looms.</p>',
    categories: JSON.stringify(['News']),
    tags: JSON.stringify(['studio']),
    publishOn: today - 40 * DAY,
    commentState: 2,
    publicCommentCount: 0,
    likeCount: 21,
  }),
  text({
    urlId: 'mending-basics',
    title: 'Mending basics: darning a sock',
    authorName: 'Ada Weaver',
    excerpt: '<p>A darning mushroom, wool and twenty minutes.</p>',
    body: '<p>All you need is a darning mushroom, matching wool and twenty quiet minutes.</p>',
    categories: JSON.stringify(['Care']),
    tags: JSON.stringify(['mending', 'how-to']),
    publishOn: today - 55 * DAY,
    commentState: 1,
    publicCommentCount: 0,
    likeCount: 2,
  }),
  // Scheduled: published in the future, so hidden until then.
  text({
    urlId: 'new-collection',
    title: 'Coming soon: the new collection',
    authorName: 'Tomás Reyes',
    excerpt: '<p>Heavier wool, darker colours.</p>',
    body: '<p>Heavier wool, darker colours.</p>',
    categories: JSON.stringify(['News']),
    tags: JSON.stringify(['wool']),
    publishOn: today + 30 * DAY,
  }),
];

const EVENTS = (today: number): NewRecord[] => {
  const event = (urlId: string, title: string, startDay: number, startHour: number, hours: number, location: Record<string, unknown>, body: string): NewRecord => ({
    recordType: RECORD_TYPES.event,
    urlId,
    title,
    body,
    excerpt: '',
    publishOn: today - 60 * DAY,
    startDate: today + startDay * DAY + startHour * HOUR,
    endDate: today + startDay * DAY + (startHour + hours) * HOUR,
    data: JSON.stringify({ location }),
  });
  const studio = { addressTitle: 'Tessera Studio', addressLine1: '14 Mill Street', addressLine2: 'Hudson, NY 12534', addressCountry: 'United States', mapLat: 42.2529, mapLng: -73.7909 };
  return [
    event('apron-sewing-workshop', 'Apron sewing workshop', 14, 14, 6, studio, '<p>A day of sewing an apron from start to finish. Materials included.</p>'),
    event(
      'craft-fair',
      'Riverside craft fair',
      45,
      13,
      54,
      { addressTitle: 'Riverside Park', addressLine1: 'Front Street', addressLine2: 'Hudson, NY 12534', addressCountry: 'United States', mapLat: 42.2543, mapLng: -73.7984 },
      '<p>Three days of makers, music and food by the river. Find us at stall 12.</p>',
    ),
    event('studio-market', 'Studio market', -30, 15, 5, studio, '<p>Our studio market with hot cider and half-price seconds.</p>'),
  ];
};

/** Widths the platform would have generated for a 1200 px wide image (spec 001 §9 responsive widths). */
const VARIANTS = (w: number, h: number) => `${w}x${h},${[100, 300, 500, 750, 1000].filter((x) => x <= w).map((x) => `${x}w`).join(',')}`;

const images = (files: readonly string[], today: number): NewRecord[] =>
  files.map((file) => {
    const spec = DEMO_IMAGES[file]!;
    return {
      recordType: RECORD_TYPES.image,
      urlId: file.replace(/\.svg$/, ''),
      title: spec.caption,
      body: `<p>${spec.caption}, photographed in the studio.</p>`,
      excerpt: '',
      publishOn: today - 10 * DAY,
      assetUrl: `${IMAGE_PATH}${file}`,
      data: JSON.stringify({
        filename: file,
        systemDataId: `img-${file.replace(/\.svg$/, '')}`,
        originalSize: `${spec.width}x${spec.height}`,
        systemDataVariants: VARIANTS(spec.width, spec.height),
        mediaFocalPoint: { x: 0.5, y: 0.5 },
        altText: spec.caption,
      }),
    };
  });

const TRACKS = (today: number): NewRecord[] =>
  Object.entries(DEMO_TRACKS).map(([file, track]) => ({
    recordType: RECORD_TYPES.audio,
    urlId: file.replace(/\.wav$/, ''),
    title: track.title,
    body: `<p>A pure tone at ${track.frequency} Hz.</p>`,
    excerpt: '',
    authorName: 'Tessera Studio',
    publishOn: today - 5 * DAY,
    assetUrl: `${AUDIO_PATH}${file}`,
    data: JSON.stringify({ filename: file, structuredContent: { audioAssetUrl: `${AUDIO_PATH}${file}`, durationMs: track.durationMs } }),
  }));

const VIDEOS = (today: number): NewRecord[] => [
  {
    recordType: RECORD_TYPES.video,
    urlId: 'loom-in-motion',
    title: 'A loom in motion',
    body: '<p>Two minutes at the loom: warp, weft and the beater, up close.</p>',
    excerpt: '<p>Two minutes at the loom.</p>',
    authorName: 'Ada Weaver',
    publishOn: today - 3 * DAY,
    tags: JSON.stringify(['weaving']),
    data: JSON.stringify({
      oembed: {
        providerName: 'Vimeo',
        html: '<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" title="A loom in motion" allow="fullscreen; picture-in-picture" loading="lazy"></iframe>',
      },
    }),
  },
];

/** The Contact form's items in the stored form definition (commerce/form-validation.ts `FormField`). */
const CONTACT_FIELDS = [
  { id: 'name', kind: 'text', title: 'Name', required: true, placeholder: 'Your name' },
  { id: 'email', kind: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
  { id: 'message', kind: 'textarea', title: 'Message', required: true, maxLength: 2000, description: 'Questions, orders, workshop bookings.' },
];

const COLLECTIONS: CollectionSeed[] = [
  {
    id: 'about',
    urlId: 'about',
    title: 'About',
    type: COLLECTION_TYPES.page,
    body: '<h2>Made by hand in Hudson</h2><p>Tessera Supply Co. is a small studio of two weavers and a sewing machine. We make aprons, blankets and shirts from linen and wool, and we teach what we know.</p>',
  },
  {
    id: 'blog',
    urlId: 'blog',
    title: 'Journal',
    type: COLLECTION_TYPES.generic,
    description: 'Notes from the studio.',
    settings: { typeName: 'blog', postsPerPage: 2 },
    records: POSTS,
  },
  {
    id: 'events',
    urlId: 'events',
    title: 'Events',
    type: COLLECTION_TYPES.generic,
    description: 'Workshops, fairs and markets.',
    settings: { typeName: 'events' },
    records: EVENTS,
  },
  {
    id: 'gallery',
    urlId: 'gallery',
    title: 'Gallery',
    type: COLLECTION_TYPES['slide-gallery'],
    settings: { gallery: { design: 'grid', 'aspect-ratio': 'standard', 'thumbnails-per-row': 3, padding: 12, 'show-meta': true, 'meta-position': 'bottom-left' } },
    records: (today) => images(['workshop.svg', 'linen.svg', 'indigo.svg', 'market.svg', 'studio.svg'], today),
  },
  {
    id: 'lookbook',
    urlId: 'lookbook',
    title: 'Lookbook',
    type: COLLECTION_TYPES['slide-gallery'],
    settings: { gallery: { design: 'slideshow', 'aspect-ratio': 'three-four-vertical', 'thumbnail-strip-height': 60, 'meta-position': 'top', 'active-alignment': 'center' } },
    records: (today) => images(['loom.svg', 'thread.svg', 'festival-poster.svg'], today),
  },
  { id: 'album', urlId: 'album', title: 'Studio Sounds', navigationTitle: 'Album', type: COLLECTION_TYPES['slide-album'], description: 'Three tones from the studio.', records: TRACKS },
  { id: 'videos', urlId: 'videos', title: 'Videos', type: COLLECTION_TYPES['slide-video'], records: VIDEOS },
  {
    id: 'contact',
    urlId: 'contact',
    title: 'Contact',
    type: COLLECTION_TYPES.page,
    body: '<p>Write to us about orders, workshops or anything else. We answer within two working days.</p>',
    settings: { formId: CONTACT_FORM_ID },
  },
  {
    id: 'trade',
    urlId: 'trade',
    title: 'Trade Prices',
    type: COLLECTION_TYPES.page,
    body: '<p>Wholesale prices for shops and studios: 40% off list price for orders of ten pieces or more.</p>',
    settings: { password: DEMO_PAGE_PASSWORD },
  },
  {
    id: 'members',
    urlId: 'members',
    title: 'Makers Circle',
    type: COLLECTION_TYPES.page,
    body: '<p>Patterns and recordings for members of the Makers Circle.</p>',
    settings: { memberAreaId: 'makers-circle', memberJoinUrl: '/contact', memberPassItemId: MEMBER_PASS_ITEM_ID, memberAccessDays: 365 },
  },
];

/** Adds the demo content to the website `websiteId` inside the caller's transaction. */
export function seedDemoContent(tx: StoreTransaction, websiteId: string, now: number = Date.now()): void {
  const today = Math.floor(now / DAY) * DAY;
  // Likes need the site's simple-liking switch (spec 001 site settings); comments are already on.
  const site = tx.select().from(websites).where(eq(websites.id, websiteId)).get();
  if (site !== undefined) {
    const settings: unknown = JSON.parse(site.settings);
    tx.update(websites)
      .set({ settings: JSON.stringify({ ...(isRecord(settings) ? settings : {}), simpleLikingEnabled: true }) })
      .where(eq(websites.id, websiteId))
      .run();
  }
  tx.insert(forms)
    .values({
      id: CONTACT_FORM_ID,
      websiteId,
      name: 'Contact',
      fields: JSON.stringify(CONTACT_FIELDS),
      submissionMessage: 'Thank you! We will be in touch soon.',
    })
    .run();
  COLLECTIONS.forEach(({ records: make, settings, ...c }, i) => {
    tx.insert(collections)
      .values({ ...c, websiteId, ordering: i + 1, settings: JSON.stringify(settings ?? {}) })
      .run();
    (make?.(today) ?? []).forEach((r, k) => tx.insert(records).values({ ...r, id: `${c.id}-${r.urlId}`, collectionId: c.id, ordering: k }).run());
  });
}
