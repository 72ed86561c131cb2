/** The reviews section rule (spec 000 §2). */
import { describe, expect, it } from 'vitest';
import { REVIEWS_KILL_SWITCH, reviewsEnabled } from './reviews.js';

const store = (productReviews: unknown) => ({ storeSettings: { productReviews } });

describe('reviewsEnabled', () => {
  it('is on when native or imported review display is enabled', () => {
    expect(reviewsEnabled(store({ nativeDisplayEnabled: true }))).toBe(true);
    expect(reviewsEnabled(store({ importedDisplayEnabled: true }))).toBe(true);
    expect(reviewsEnabled(store({ nativeDisplayEnabled: true, importedDisplayEnabled: true }))).toBe(true);
  });

  it('is off when neither display is enabled or nothing is set', () => {
    expect(reviewsEnabled(store({ nativeDisplayEnabled: false, importedDisplayEnabled: false }))).toBe(false);
    expect(reviewsEnabled(store({ nativeDisplayEnabled: 'true' }))).toBe(false);
    expect(reviewsEnabled({})).toBe(false);
    expect(reviewsEnabled(null)).toBe(false);
  });

  it('is off whenever the kill switch is present, whatever the store settings say', () => {
    expect(REVIEWS_KILL_SWITCH).toBe('productReviews');
    expect(reviewsEnabled({ ...store({ nativeDisplayEnabled: true, importedDisplayEnabled: true }), killSwitches: ['productReviews'] })).toBe(false);
    expect(reviewsEnabled({ ...store({ nativeDisplayEnabled: true }), killSwitches: ['somethingElse'] })).toBe(true);
  });
});
