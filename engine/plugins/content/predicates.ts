/** Content predicates. */
import type { Predicate } from '../types.js';

export const CONTENT_PREDICATES: Predicate<any>[] = [];
