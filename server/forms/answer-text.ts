/**
 * A stored form answer as text, the same way wherever an owner reads it (the notification e-mail, the
 * submissions list, the CSV export): a text as its lines, a list joined by commas, a name or an address by its
 * non-empty parts joined by commas.
 */
import type { FieldValue } from '../../commerce/form-validation.js';

export function answerLines(value: FieldValue): string[] {
  if (typeof value === 'string') return value.split(/\r?\n/);
  if (Array.isArray(value)) return [value.join(', ')];
  return [Object.values(value).filter((v) => v !== '').join(', ')];
}

export const answerText = (value: FieldValue): string => answerLines(value).join('\n');
