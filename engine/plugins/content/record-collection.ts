/**
 * Predicates about the collection (page) an item belongs to, and about folders in the navigation:
 * `collection?`, `folder?`, `index?`, `redirect?`, `clickable?`, `collection-page?`,
 * `collection-template-page?` and `collectionTypeNameEquals? NAME`.
 */
import { isTruthy } from '../../values.js';
import type { Predicate } from '../types.js';
import { enumCode, field, hasField } from './record-values.js';

/** Spec 001 §3 "Enumerations", collection types. */
export const COLLECTION_TYPES = {
  generic: 1,
  subscription: 2,
  twitter: 3,
  foursquare: 4,
  instagram: 5,
  'gallery-block': 6,
  'template-page': 7,
  'splash-page': 8,
  page: 10,
  fivehundredpix: 11,
  flickr: 12,
  products: 13,
  'slide-gallery': 15,
  'slide-album': 16,
  'slide-video': 17,
  'album-block': 18,
} as const;

/** Spec 001 §3 "Enumerations", folder behaviour (what clicking a folder in the navigation does). */
export const FOLDER_BEHAVIORS = { index: 1, redirect: 2, none: 3 } as const;

/** `{.collection?}`: the item carries a non-empty collection. */
const collection: Predicate = {
  name: 'collection?',
  test: (ctx) => isTruthy(field(ctx.node, 'collection')),
};

/** `{.folder?}`: the item's collection is a folder. */
const folder: Predicate = {
  name: 'folder?',
  test: (ctx) => isTruthy(field(field(ctx.node, 'collection'), 'folder')),
};

/**
 * `{.index?}`: the item's collection is a folder that opens as an index page. The behaviour must be the number
 * itself here (the reference engine does not accept "1", unlike the other folder predicates).
 */
const index: Predicate = {
  name: 'index?',
  test(ctx) {
    const c = field(ctx.node, 'collection');
    return isTruthy(field(c, 'folder')) && field(c, 'folderBehavior') === FOLDER_BEHAVIORS.index;
  },
};

/** `{.redirect?}`: a navigation folder (the current node) that redirects to its first page. */
const redirect: Predicate = {
  name: 'redirect?',
  test: (ctx) => enumCode(field(ctx.node, 'folderBehavior')) === FOLDER_BEHAVIORS.redirect,
};

/**
 * Spec 001 §4 "Other display rules": folders are clickable when behaviour is missing, index or redirect.
 * "Missing" means no `folderBehavior` key; a null or unknown behaviour is not clickable.
 */
export function isClickable(folderNode: unknown): boolean {
  if (!hasField(folderNode, 'folderBehavior')) return true;
  const code = enumCode(field(folderNode, 'folderBehavior'));
  return code === FOLDER_BEHAVIORS.index || code === FOLDER_BEHAVIORS.redirect;
}

const clickable: Predicate = { name: 'clickable?', test: (ctx) => isClickable(ctx.node) };

/** `{.collection-page?}`: the item's collection is a plain page. */
const collectionPage: Predicate = {
  name: 'collection-page?',
  test: (ctx) => enumCode(field(field(ctx.node, 'collection'), 'type')) === COLLECTION_TYPES.page,
};

/**
 * `{.collection-template-page?}`: the item's collection is a template page. Works on an item (its
 * `collection.type`) and on a collection itself (its own `type`, used when the node has no `collection` key).
 */
const collectionTemplatePage: Predicate = {
  name: 'collection-template-page?',
  test(ctx) {
    const node = ctx.node;
    const type = hasField(node, 'collection') ? field(field(node, 'collection'), 'type') : field(node, 'type');
    return enumCode(type) === COLLECTION_TYPES['template-page'];
  },
};

/**
 * `{.collectionTypeNameEquals? NAME}`: the current collection's `typeName` is NAME, compared as text (the
 * argument is taken literally, not resolved as a variable). False without an argument. A `typeName` that is
 * missing, null, a list or an object reads as empty text, so an empty argument (`{.collectionTypeNameEquals?  }`,
 * two spaces) holds for it, as on the platform (differential).
 */
const collectionTypeNameEquals: Predicate = {
  name: 'collectionTypeNameEquals?',
  test(ctx, args) {
    if (args.length === 0) return false;
    const typeName = field(ctx.node, 'typeName');
    return (typeof typeName === 'object' || typeName === undefined ? '' : String(typeName)) === args[0]!.raw;
  },
};

export const COLLECTION_PREDICATES: Predicate[] = [
  collection,
  folder,
  index,
  redirect,
  clickable,
  collectionPage,
  collectionTemplatePage,
  collectionTypeNameEquals,
];
