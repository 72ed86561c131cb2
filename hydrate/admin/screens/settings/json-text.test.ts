/** The JSON text of the free-form settings: an object is read back, anything else refused in words. */
import { describe, expect, it } from 'vitest';
import { jsonText, objectOf } from './json-text.js';

describe('objectOf', () => {
  it('reads an object back from its text, and blank text as an empty object', () => {
    expect(objectOf(jsonText({ a: [1, { b: 'c' }] }), 'Header')).toEqual({ ok: true, value: { a: [1, { b: 'c' }] } });
    expect(objectOf('  ', 'Header')).toEqual({ ok: true, value: {} });
  });

  it('refuses broken JSON and what is not an object, naming the field', () => {
    expect(objectOf('{"a": 1,}', 'Footer')).toEqual({ ok: false, message: 'Footer is not valid JSON. Check the quotes, commas and braces.' });
    for (const text of ['[1]', '"text"', 'null', '3']) expect(objectOf(text, 'Footer')).toEqual({ ok: false, message: 'Footer must be a JSON object, in braces {…}.' });
  });
});
