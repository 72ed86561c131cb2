/**
 * Gallery predicates, read from the current gallery's `options` (spec 001 §3 "Gallery options"):
 * `gallery-design-NAME?`, `gallery-meta-position-NAME?`, `gallery-active-alignment-NAME?`, one on/off
 * predicate per gallery flag (`gallery-autoplay?`, ...) and `gallery-meta?`.
 *
 * The spec's defaults (design grid, auto-crop on, ...) are not applied: they are what the editor offers for a
 * new gallery, while the predicates report what the stored options say, so a missing option tests false.
 */
import { isTruthy } from '../../values.js';
import type { Predicate } from '../types.js';
import { field, flag } from './record-values.js';

/** Spec 001 §3 "Gallery options": design. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;

/** Spec 001 §3 "Gallery options": meta-position. */
export const GALLERY_META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;

/** Spec 001 §3 "Gallery options": active-alignment. */
export const GALLERY_ACTIVE_ALIGNMENTS = ['left', 'center', 'right'] as const;

/** Spec 001 §3: the gallery flags seen in templates, each an on/off option of the same name. */
export const GALLERY_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const;

/** The option `key` of the gallery that is the current node. */
export function galleryOption(gallery: unknown, key: string): unknown {
  return field(field(gallery, 'options'), key);
}

/** One predicate per value of an enumerated option: `gallery-PREFIX-VALUE?` tests `options[key] === VALUE`. */
function choicePredicates(prefix: string, key: string, values: readonly string[]): Predicate[] {
  return values.map((value) => ({
    name: `gallery-${prefix}-${value}?`,
    test: (ctx) => galleryOption(ctx.node, key) === value,
  }));
}

const flagPredicates: Predicate[] = GALLERY_FLAGS.map((key) => ({
  name: `gallery-${key}?`,
  test: (ctx) => flag(galleryOption(ctx.node, key)),
}));

/**
 * `{.gallery-meta?}`: the gallery shows navigation around its images (controls or indicators), so the template
 * needs the meta/navigation markup. Any truthy value of either option counts.
 */
const galleryMeta: Predicate = {
  name: 'gallery-meta?',
  test: (ctx) => isTruthy(galleryOption(ctx.node, 'controls')) || isTruthy(galleryOption(ctx.node, 'indicators')),
};

export const GALLERY_PREDICATES: Predicate[] = [
  ...choicePredicates('design', 'design', GALLERY_DESIGNS),
  ...choicePredicates('meta-position', 'meta-position', GALLERY_META_POSITIONS),
  ...choicePredicates('active-alignment', 'active-alignment', GALLERY_ACTIVE_ALIGNMENTS),
  ...flagPredicates,
  galleryMeta,
];
