/**
 * The fields each analytics payload may hold (spec 001 §3 "Tracking payloads", "Session info", "Page-hit data",
 * "Performance record"; spec 000 §7 census calls), and `pickFields`, which keeps exactly those: a known field of
 * the wrong type or too long refuses the payload (400, in the words of the app's schema messages); an unknown
 * field is dropped, never stored (the validation route names them). Outer request bodies are checked by
 * Fastify schemas (routes.ts), which refuse unknown fields; these tables cover the JSON carried inside them
 * (`data`, `eventContent`, a record's `data`), whose shape the spec lists only by name.
 */
import { isRecord } from '../../commerce/json.js';

export type FieldType = 'string' | 'number' | 'boolean';

export interface FieldRule {
  readonly types: readonly FieldType[];
  /** Most characters of a string. */
  readonly max: number;
  /** Longer strings are cut to `max` instead of refused (error stacks: the client cuts them at 5000 already). */
  readonly truncate?: true;
}

export type FieldTable = Readonly<Record<string, FieldRule>>;

const str = (max: number): FieldRule => ({ types: ['string'], max });
const num: FieldRule = { types: ['number'], max: 0 };
const bool: FieldRule = { types: ['boolean'], max: 0 };
const strOrNum = (max: number): FieldRule => ({ types: ['string', 'number'], max });
const ID = 100;
const URL_MAX = 2083;
const TEXT = 500;
const LOCALE = 35;

/** The page fields of every census call (spec 001 §3 "Page-hit data"), and the page's permission type (§6). */
export const PAGE_FIELDS: FieldTable = {
  websiteId: str(ID),
  templateId: str(ID),
  website_locale: str(LOCALE),
  userAgent: str(TEXT),
  clientDate: strOrNum(64),
  viewportWidth: num,
  viewportHeight: num,
  viewportInnerWidth: num,
  viewportInnerHeight: num,
  screenWidth: num,
  screenHeight: num,
  url: str(URL_MAX),
  title: str(TEXT),
  itemId: str(ID),
  recordType: strOrNum(ID),
  collectionId: str(ID),
  localStorageSupported: bool,
  queryString: str(URL_MAX),
  referrer: str(URL_MAX),
  pagePermissionType: strOrNum(ID),
};

/** Session info (spec 001 §3), sent with the page fields and the newer tracker's events. */
export const SESSION_FIELDS: FieldTable = { isFirstLanding: bool, isFirstSession: bool, sessionId: str(ID) };

/** Census hits: the page fields and the session info. */
export const HIT_FIELDS: FieldTable = { ...PAGE_FIELDS, ...SESSION_FIELDS };

/** Checkout confirmed and add to cart (spec 000 §7 "Also"): orderId, cartId, testMode, websiteId; the item added. */
export const COMMERCE_FIELDS: FieldTable = {
  orderId: str(ID),
  cartId: str(ID),
  testMode: bool,
  itemId: str(ID),
  sku: str(ID),
  variantId: str(ID),
  quantity: num,
};

/** The legacy tracker's payload (spec 001 §3), with the commerce events' fields. */
export const LEGACY_EVENT_FIELDS: FieldTable = {
  pageHash: str(ID),
  pagePath: str(URL_MAX),
  websiteId: str(ID),
  templateId: str(ID),
  variantId: str(ID),
  memberAccountId: str(ID),
  member_locale: str(LOCALE),
  website_locale: str(LOCALE),
  pagePermissionType: strOrNum(ID),
  ...COMMERCE_FIELDS,
};

/** The newer tracker's eventContent (spec 001 §3), with session info, the page permission type and commerce fields. */
export const EVENT_CONTENT_FIELDS: FieldTable = {
  analytics_id: str(ID),
  browser_language: str(LOCALE),
  browser_window_height: num,
  browser_window_width: num,
  client_name: str(ID),
  client_version: str(ID),
  marketing_id: str(ID),
  page_host: str(255),
  page_path: str(URL_MAX),
  page_query_params: str(URL_MAX),
  page_referrer_url: str(URL_MAX),
  session_id: str(ID),
  enduser_user_agent: str(TEXT),
  event_occurrence_timestamp: strOrNum(64),
  browser_locale: str(LOCALE),
  custom_schema_name: str(ID),
  source_environment: str(ID),
  context_website_id: str(ID),
  destination_url: str(URL_MAX),
  member_account_id: str(ID),
  object_identifier: str(ID),
  resolved_locale: str(LOCALE),
  website_locale: str(LOCALE),
  member_account_locale: str(LOCALE),
  page_permission_type: strOrNum(ID),
  ...SESSION_FIELDS,
  ...COMMERCE_FIELDS,
};

/** The eventContent fields the validation route reports missing: the ones every browser can fill in. */
export const REQUIRED_EVENT_CONTENT = ['event_occurrence_timestamp', 'page_host', 'page_path'] as const;

/** A performance record's `data`: one web vital (name, value…) or all of them at once (LCP, CLS, INP, TTFB…). */
export const PERFORMANCE_DATA_FIELDS: FieldTable = {
  name: str(ID),
  value: num,
  delta: num,
  rating: str(ID),
  id: str(ID),
  navigationType: str(ID),
  path: str(URL_MAX),
  url: str(URL_MAX),
  LCP: num,
  CLS: num,
  INP: num,
  TTFB: num,
  FCP: num,
  FID: num,
};

/** A JavaScript error's `data` (what a window `error` or `unhandledrejection` tells). */
export const ERROR_DATA_FIELDS: FieldTable = {
  message: { types: ['string'], max: 1000, truncate: true },
  name: str(ID),
  stack: { types: ['string'], max: 5000, truncate: true },
  filename: str(URL_MAX),
  lineno: num,
  colno: num,
  url: str(URL_MAX),
  path: str(URL_MAX),
  userAgent: str(TEXT),
};

export type Picked = { readonly ok: true; readonly value: Record<string, unknown>; readonly unknown: readonly string[] } | { readonly ok: false; readonly message: string };

const TYPE_WORDS: Readonly<Record<FieldType, string>> = { string: 'a string', number: 'a number', boolean: 'true or false' };

/**
 * The known fields of `input` (an object), checked; `what` names it in messages (`data`, `eventContent`).
 * Null values are dropped like absent ones. Numbers must be finite. `fromForm`: the values came as form text,
 * so `"390"` is taken for a number field and `"true"` / `"false"` for a true-or-false one.
 */
export function pickFields(input: unknown, table: FieldTable, what: string, fromForm = false): Picked {
  if (!isRecord(input) || Array.isArray(input)) return { ok: false, message: `${what} must be an object.` };
  const value: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, given] of Object.entries(input)) {
    const rule = Object.hasOwn(table, key) ? table[key] : undefined;
    if (rule === undefined) {
      unknown.push(key);
      continue;
    }
    let v = given;
    if (v === null || v === undefined) continue;
    if (fromForm && typeof v === 'string' && !rule.types.includes('string')) v = formValue(v, rule);
    const type = typeof v;
    if (!(rule.types as readonly string[]).includes(type) || (type === 'number' && !Number.isFinite(v))) {
      return { ok: false, message: `${what}.${key} must be ${rule.types.map((t) => TYPE_WORDS[t]).join(' or ')}.` };
    }
    if (typeof v === 'string' && v.length > rule.max) {
      if (rule.truncate !== true) return { ok: false, message: `${what}.${key} must be at most ${rule.max} characters.` };
      value[key] = v.slice(0, rule.max);
      continue;
    }
    value[key] = v;
  }
  return { ok: true, value, unknown };
}

/** Form text as the number or true-or-false `rule` wants, or the text unchanged (then refused as such). */
function formValue(text: string, rule: FieldRule): unknown {
  if (rule.types.includes('number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (rule.types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** `text` parsed as JSON, then picked; a string that is not JSON is refused in the same words as a bad body. */
export function pickJsonFields(text: string, table: FieldTable, what: string): Picked {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: `${what} is not valid JSON.` };
  }
  return pickFields(parsed, table, what);
}

/** The path of a page address (`/shop/p/tote?x=1` → `/shop/p/tote`), or null when it is not one. */
export function pathOf(address: unknown): string | null {
  if (typeof address !== 'string' || address === '') return null;
  try {
    return new URL(address, 'http://x').pathname;
  } catch {
    return null;
  }
}
