/**
 * Demo items for a collection of a theme's own type: records of the item types its `.conf` accepts
 * (`acceptTypes`), a custom post type's fields filled by their type in `customContent` (text, wysiwyg,
 * image, checkbox, gallery, and `customType` naming the type), with titles, bodies, excerpts, dates,
 * categories, tags, a picture from the demo media and `starred` on the first two (themes query
 * `featured="true"`). Deterministic for the same input and day.
 */
import { RECORD_TYPES } from '../../engine/plugins/content/record-types.js';
import type { records } from '../db/schema.js';
import { AUDIO_PATH, DEMO_IMAGES, DEMO_TRACKS, IMAGE_PATH } from '../media/demo-media.js';
import type { CustomField, CustomType } from './theme-declarations.js';

export type DemoRecord = Omit<typeof records.$inferInsert, 'id' | 'collectionId' | 'ordering'>;

const DAY = 86_400_000;
/** Items per demo collection: enough for a grid, two of them featured. */
export const DEMO_ITEMS_PER_COLLECTION = 4;

const TITLES = ['Northern Light', 'A Quiet Harbour', 'Field Notes', 'Paper and Ink', 'The Long Table', 'Salt and Stone', 'Morning Market', 'Open Studio'];
const CATEGORIES = [['Featured'], ['Notes'], ['Featured', 'Studio'], ['Studio']];
const TAGS = [['light', 'travel'], ['harbour'], ['notes', 'travel'], ['ink']];
const IMAGE_FILES = Object.keys(DEMO_IMAGES);

/** The record type of an accepted item type: a custom type's base, else the type itself (`text`, `image`…). */
function recordTypeOf(base: string): number {
  switch (base) {
    case 'image':
      return RECORD_TYPES.image;
    case 'video':
      return RECORD_TYPES.video;
    case 'audio':
      return RECORD_TYPES.audio;
    case 'event':
      return RECORD_TYPES.event;
    default:
      return RECORD_TYPES.text;
  }
}

/** The widths the platform generates for an image of `width` (what `systemDataVariants` lists). */
const variants = (w: number, h: number) => `${w}x${h},${[100, 300, 500, 750, 1000].filter((x) => x <= w).map((x) => `${x}w`).join(',')}`;

/** A demo picture as the platform's image object (what `customContent.<image field>` and `mainImage` hold). */
export function demoImageJson(n: number, title: string): Record<string, unknown> {
  const file = IMAGE_FILES[n % IMAGE_FILES.length]!;
  const spec = DEMO_IMAGES[file]!;
  const colour = spec.from.slice(1);
  return {
    id: `demo-image-${file.replace(/\.svg$/, '')}`,
    recordType: RECORD_TYPES.image,
    title,
    altText: title,
    assetUrl: `${IMAGE_PATH}${file}`,
    filename: file,
    originalSize: `${spec.width}x${spec.height}`,
    systemDataId: `img-${file.replace(/\.svg$/, '')}`,
    systemDataVariants: variants(spec.width, spec.height),
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: { topLeftAverage: colour, topRightAverage: colour, bottomLeftAverage: spec.to.slice(1), bottomRightAverage: spec.to.slice(1), centerAverage: colour, suggestedBgColor: colour },
  };
}

/** A text field's demo value, by what its name or title says it holds (a colour, a link, a year). */
function textValue(field: CustomField, title: string, n: number): string {
  const words = `${field.name} ${field.title}`;
  if (/colou?r|hex/i.test(words)) return ['#1f3a5f', '#f4efe6', '#8a6f4d', '#2f4f3a'][n % 4]!;
  if (/url|link|website/i.test(words)) return `https://example.com/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  if (/year/i.test(words)) return String(2021 + (n % 4));
  return `${field.title}: ${title}`;
}

/** `customContent` of an item of a custom type: each field by its type, and `customType`. */
export function customContent(type: CustomType, title: string, n: number): Record<string, unknown> {
  const content: Record<string, unknown> = { customType: type.name };
  type.fields.forEach((field, i) => {
    switch (field.type) {
      case 'wysiwyg':
        content[field.name] = { html: `<p>${field.title} for <em>${title}</em>, written in the studio.</p>` };
        break;
      case 'image':
        content[field.name] = demoImageJson(n + i + 1, `${title}: ${field.title}`);
        break;
      case 'gallery':
        content[field.name] = [0, 1, 2].map((k) => demoImageJson(n + i + k + 2, `${title}: ${field.title} ${k + 1}`));
        break;
      case 'checkbox':
        content[field.name] = n % 2 === 0;
        break;
      default:
        content[field.name] = textValue(field, title, n);
    }
  });
  return content;
}

/**
 * `count` demo items of a collection accepting `acceptTypes` (custom type names or base types), taking the
 * accepted types in turn. `today` is the seeding day (epoch ms at UTC midnight); items are a week apart,
 * newest first, so chronological and stored order agree.
 */
export function demoRecords(acceptTypes: readonly string[], customTypes: readonly CustomType[], today: number, seed = 0, count = DEMO_ITEMS_PER_COLLECTION): DemoRecord[] {
  const accepted = acceptTypes.length > 0 ? acceptTypes : ['text'];
  const out: DemoRecord[] = [];
  for (let k = 0; k < count; k++) {
    const n = seed + k;
    const name = accepted[k % accepted.length]!;
    const custom = customTypes.find((t) => t.name === name);
    const base = custom?.base ?? name;
    const title = TITLES[n % TITLES.length]!;
    const image = demoImageJson(n, title);
    const track = Object.keys(DEMO_TRACKS)[n % Object.keys(DEMO_TRACKS).length]!;
    const data: Record<string, unknown> = {
      originalSize: image['originalSize'],
      systemDataVariants: image['systemDataVariants'],
      systemDataId: image['systemDataId'],
      mediaFocalPoint: image['mediaFocalPoint'],
      colorData: image['colorData'],
      filename: image['filename'],
      altText: title,
      mainImage: image,
    };
    if (custom !== undefined) data['customContent'] = customContent(custom, title, n);
    if (base === 'audio') data['structuredContent'] = { audioAssetUrl: `${AUDIO_PATH}${track}`, durationMs: DEMO_TRACKS[track]!.durationMs };
    if (base === 'event') data['location'] = { addressTitle: 'Tessera Studio', addressLine1: '14 Mill Street', addressLine2: 'Hudson, NY 12534', addressCountry: 'United States' };
    const publishOn = today - (k + 1) * 7 * DAY;
    out.push({
      recordType: recordTypeOf(base),
      urlId: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      title,
      body: `<p>${title} is a demo entry of this collection, shown so the theme's templates have something to render.</p><p>Its words, pictures and fields come from Tessera's demo content.</p>`,
      excerpt: `<p>A short introduction to ${title.toLowerCase()}.</p>`,
      authorName: 'Ada Weaver',
      categories: JSON.stringify(CATEGORIES[k % CATEGORIES.length]),
      tags: JSON.stringify(TAGS[k % TAGS.length]),
      publishOn,
      ...(base === 'event' ? { startDate: today + (k + 1) * 7 * DAY + 18 * 3_600_000, endDate: today + (k + 1) * 7 * DAY + 21 * 3_600_000 } : {}),
      assetUrl: base === 'audio' ? `${AUDIO_PATH}${track}` : String(image['assetUrl']),
      starred: k < 2,
      data: JSON.stringify(data),
    });
  }
  return out;
}
