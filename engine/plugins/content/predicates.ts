/**
 * Content predicates: the families about records, collections, galleries and slices, each in its own file.
 * All of them test the current node only (`{.section item}{.audio?}...`), never enclosing frames.
 */
import type { Predicate } from '../types.js';
import { GALLERY_PREDICATES } from './gallery.js';
import { COLLECTION_PREDICATES } from './record-collection.js';
import { RECORD_FIELD_PREDICATES } from './record-fields.js';
import { PROMOTED_PREDICATES } from './record-promoted.js';
import { CURRENT_TYPE } from './record-slice-types.js';
import { EXTERNAL_VIDEO, RECORD_TYPE_PREDICATES } from './record-types.js';

export const CONTENT_PREDICATES: Predicate<any>[] = [
  ...RECORD_TYPE_PREDICATES,
  ...PROMOTED_PREDICATES,
  EXTERNAL_VIDEO,
  ...COLLECTION_PREDICATES,
  ...RECORD_FIELD_PREDICATES,
  ...GALLERY_PREDICATES,
  CURRENT_TYPE,
];
