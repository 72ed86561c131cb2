/**
 * Predicates about fields of the current item (spec 001 §3 "Record or item"): images, excerpt, links,
 * location, events, and the odd ones out (`serviceNameEmail?`, `has-multiple?`, `calendar-view?`).
 * Each looks at the current node only, never at enclosing frames.
 */
import { isObject, isTruthy } from '../../values.js';
import type { Predicate } from '../types.js';
import { enumCode, field, flag, hasField, hasText } from './record-values.js';

/** Whether the item has an image of its own: an uploaded main image or a system data (asset) id. */
export function hasMainImage(item: unknown): boolean {
  return isTruthy(field(item, 'mainImageId')) || isTruthy(field(item, 'systemDataId'));
}

/** `{.main-image?}`. */
const mainImage: Predicate = { name: 'main-image?', test: (ctx) => hasMainImage(ctx.node) };

/**
 * `{.child-images?}`: a collection (or gallery) whose first item has an image; the first item stands for the
 * set, as in a gallery's thumbnail.
 */
const childImages: Predicate = {
  name: 'child-images?',
  test(ctx) {
    const items = field(ctx.node, 'items');
    return Array.isArray(items) && items.length > 0 && hasMainImage(items[0]);
  },
};

/** The excerpt has visible text: a string, or an object with an `html` string, not blank once trimmed. */
export function hasExcerpt(item: unknown): boolean {
  const excerpt = field(item, 'excerpt');
  const text = isObject(excerpt) ? excerpt['html'] : excerpt;
  return typeof text === 'string' && text.trim().length > 0;
}

const excerpt: Predicate = { name: 'excerpt?', test: (ctx) => hasExcerpt(ctx.node) };

/** `{.external-link?}`: the item links out (a link post, a page redirecting elsewhere). */
const externalLink: Predicate = {
  name: 'external-link?',
  test: (ctx) => isTruthy(field(ctx.node, 'externalLink')),
};

/**
 * `{.location?}`: the item has map coordinates. Both keys must be present; their values are not checked (a
 * location at latitude 0 is still a location).
 */
const location: Predicate = {
  name: 'location?',
  test(ctx) {
    const loc = field(ctx.node, 'location');
    return hasField(loc, 'mapLat') && hasField(loc, 'mapLng');
  },
};

/** `{.passthrough?}`: the item passes its visitors through to `sourceUrl`, which must be set. */
const passthrough: Predicate = {
  name: 'passthrough?',
  test: (ctx) => isTruthy(field(ctx.node, 'passthrough')) && hasText(field(ctx.node, 'sourceUrl')),
};

const DAY_MS = 86_400_000;

/**
 * Whether two epoch-millisecond instants fall on the same calendar day. Days are UTC days, as in the reference
 * engine (it ignores `website.timeZone` here), so an evening event in the Americas may span two "days".
 */
export function sameDay(a: number, b: number): boolean {
  return Math.floor(a / DAY_MS) === Math.floor(b / DAY_MS);
}

/** The largest distance from the epoch a date may have (ECMAScript's time range), in milliseconds. */
const MAX_INSTANT = 8.64e15;

/**
 * An event date as epoch milliseconds: a number, or a string or boolean read as a code is (a numeric string
 * counts). A missing date, null, array or object is the epoch, as in the reference engine, so an item with no
 * dates at all is "same day". A value that is no date (a non-numeric string, a number past the time range)
 * fails the predicate: neither its block nor its alternatives render, as on the platform (differential).
 */
function instant(v: unknown): number {
  const t = typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? enumCode(v) : 0;
  if (!(Math.abs(t) <= MAX_INSTANT)) throw new RangeError(`not a date: ${JSON.stringify(v)}`);
  return t;
}

/** `{.same-day?}`: an event that starts and ends on the same day (the template then prints the date once). */
const sameDayPredicate: Predicate = {
  name: 'same-day?',
  test(ctx) {
    return sameDay(instant(field(ctx.node, 'startDate')), instant(field(ctx.node, 'endDate')));
  },
};

/** `{.show-past-events?}`: an events collection set to list past events rather than upcoming ones. */
const showPastEvents: Predicate = {
  name: 'show-past-events?',
  test: (ctx) => field(ctx.node, 'showPastOrUpcomingEvents') === 'past',
};

/** `{.calendar-view?}`: an events collection shown as a calendar (an on/off option). */
const calendarView: Predicate = {
  name: 'calendar-view?',
  test: (ctx) => flag(field(ctx.node, 'calendarView')),
};

/** `{.serviceNameEmail?}`: a social/share account whose service is email (rendered as a mailto link). */
const serviceNameEmail: Predicate = {
  name: 'serviceNameEmail?',
  test: (ctx) => field(ctx.node, 'serviceName') === 'email',
};

/** `{.has-multiple?}`: the current node holds more than one thing: array elements or object members. */
const hasMultiple: Predicate = {
  name: 'has-multiple?',
  test(ctx) {
    const node = ctx.node;
    if (Array.isArray(node)) return node.length > 1;
    return isObject(node) && Object.keys(node).length > 1;
  },
};

export const RECORD_FIELD_PREDICATES: Predicate[] = [
  mainImage,
  childImages,
  excerpt,
  externalLink,
  location,
  passthrough,
  sameDayPredicate,
  showPastEvents,
  calendarView,
  serviceNameEmail,
  hasMultiple,
];
