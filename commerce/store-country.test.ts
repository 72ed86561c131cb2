/** The store's country: its own setting, else its language's region, else none. */
import { describe, expect, it } from 'vitest';
import { storeCountry } from './store-country.js';

describe('storeCountry', () => {
  it("takes the store's setting, else the region of the site's language", () => {
    expect(storeCountry({ storeSettings: { storeCountry: 'gb' } }, 'en-US')).toBe('GB');
    expect(storeCountry({}, 'en-US')).toBe('US');
    expect(storeCountry({ storeSettings: { storeCountry: 'XX' } }, 'fr-CA')).toBe('CA');
    expect(storeCountry({ storeSettings: { storeCountry: 7 } }, 'de-AT')).toBe('AT');
  });

  it('is none without either', () => {
    expect(storeCountry(null, 'en')).toBeNull();
    expect(storeCountry({}, 'not a tag')).toBeNull();
    expect(storeCountry({}, 'es-419')).toBeNull(); // a region that is no country
  });
});
