/**
 * A stored submission as its owner reads it, the same way wherever that is (the notification e-mail, the
 * submissions list, the CSV export): an answer as text (a text as its lines, a list joined by commas, a name or
 * an address by its non-empty parts joined by commas), and the page it was sent from.
 */
import { isRecord } from '../../commerce/json.js';
import type { FieldValue } from '../../commerce/form-validation.js';

export function answerLines(value: FieldValue): string[] {
  if (typeof value === 'string') return value.split(/\r?\n/);
  if (Array.isArray(value)) return [value.join(', ')];
  return [Object.values(value).filter((v) => v !== '').join(', ')];
}

export const answerText = (value: FieldValue): string => answerLines(value).join('\n');

/**
 * The site path a submission was sent from, or null: the form island sends `pagePath`, the plain HTML post
 * records it (routes.ts), an API client may send `url`; anything but a site path (`//host`, an address) is no page.
 */
export function submittedFrom(meta: unknown): string | null {
  if (!isRecord(meta)) return null;
  for (const key of ['pagePath', 'url']) {
    const path = meta[key];
    if (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')) return path;
  }
  return null;
}
