/**
 * Promoted-block predicates (`{.promotedVIDEO?}`, ...): which kind of block a blog post promotes to its
 * summary (`promotedBlockType`). The predicate names carry the kind in capitals; the field holds it in lower case,
 * and the comparison is exact.
 */
import type { Predicate } from '../types.js';
import { field } from './record-values.js';

/** Spec 001 §3 "Enumerations", promoted block kinds. */
export const PROMOTED_BLOCK_KINDS = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

export type PromotedBlockKind = (typeof PROMOTED_BLOCK_KINDS)[number];

export function isPromoted(item: unknown, kind: PromotedBlockKind): boolean {
  return field(item, 'promotedBlockType') === kind;
}

export const PROMOTED_PREDICATES: Predicate[] = PROMOTED_BLOCK_KINDS.map((kind) => ({
  name: `promoted${kind.toUpperCase()}?`,
  test: (ctx) => isPromoted(ctx.node, kind),
}));
