/**
 * Settings whose inner shape belongs to the editor (header and footer, commerce preferences: free-form objects
 * on the server) are edited as JSON text: shown indented, read back as an object or refused in words.
 */
export const jsonText = (value: unknown): string => JSON.stringify(value ?? {}, null, 2);

/** The object `text` holds, or the sentence saying why it is none. */
export function objectOf(text: string, label: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, message: `${label} is not valid JSON. Check the quotes, commas and braces.` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: `${label} must be a JSON object, in braces {…}.` };
  return { ok: true, value: value as Record<string, unknown> };
}
