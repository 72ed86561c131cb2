/**
 * Record-type predicates: `{.text?}`, `{.image?}`, ... one per record type of the spec's enumeration, true when
 * the current item's `recordType` has that code, plus `external-video?`.
 *
 * A blog post that promotes a block to its summary is displayed as that kind of post, so for the types that
 * are also promoted block kinds (image, quote, link, video) a matching `promotedBlockType` counts too: a text
 * post promoting a video is a video for `{.video?}`.
 */
import type { Predicate } from '../types.js';
import { isPromoted, PROMOTED_BLOCK_KINDS, type PromotedBlockKind } from './record-promoted.js';
import { enumCode, field } from './record-values.js';

/**
 * Spec 001 §3 "Enumerations", record types. `undefined` (-1) is not in the spec's list but is the code the
 * platform gives a record of no known type, and templates test it as `{.undefined?}`.
 */
export const RECORD_TYPES = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  'store-item': 11,
  event: 12,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
} as const;

export type RecordTypeName = keyof typeof RECORD_TYPES;

/** Whether `item.recordType` is the code of the named type ("7" and 7 both count as 7). */
export function hasRecordType(item: unknown, type: RecordTypeName): boolean {
  return enumCode(field(item, 'recordType')) === RECORD_TYPES[type];
}

/** The promoted block kind that shares the record type's name, if any. */
function promotedKindOf(type: RecordTypeName): PromotedBlockKind | null {
  return (PROMOTED_BLOCK_KINDS as readonly string[]).includes(type) ? (type as PromotedBlockKind) : null;
}

/** Whether the item is displayed as a post of the named type: its record type, or the block it promotes. */
export function isOfType(item: unknown, type: RecordTypeName): boolean {
  if (hasRecordType(item, type)) return true;
  const kind = promotedKindOf(type);
  return kind !== null && isPromoted(item, kind);
}

/** `{.audio?}` and its siblings, one per record type. */
export const RECORD_TYPE_PREDICATES: Predicate[] = (Object.keys(RECORD_TYPES) as RecordTypeName[]).map((type) => ({
  name: `${type}?`,
  test: (ctx) => isOfType(ctx.node, type),
}));

/**
 * `{.external-video?}`: the item shows a video hosted elsewhere (an embed), which is what a video post or a
 * promoted video block holds; the same test as `{.video?}`, under the name templates use around embeds.
 */
export const EXTERNAL_VIDEO: Predicate = {
  name: 'external-video?',
  test: (ctx) => isOfType(ctx.node, 'video'),
};
