/**
 * The demo content agrees with itself whatever day it is seeded: dates are relative to the seed day, so no event
 * or post may name a season its date contradicts ("Spring sewing workshop" in December). Checked for a seed on
 * every month's first day, and for the products' descriptions too.
 */
import { describe, expect, it } from 'vitest';
import { openStore } from './database.js';
import { products, records } from './schema.js';
import { seedDemoStore } from './seed.js';

const SEASON = /\b(spring|summer|autumn|fall|winter)\b/i;

/** The season a date falls in where the demo studio is (Hudson, NY: northern hemisphere), by month. */
const seasonOf = (ms: number) => ['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'autumn', 'autumn', 'autumn', 'winter'][new Date(ms).getUTCMonth()]!;

describe('demo content', () => {
  for (let month = 0; month < 12; month++) {
    const day = Date.UTC(2026, month, 1, 12);
    it(`names no season its dates contradict, seeded on ${new Date(day).toISOString().slice(0, 10)}`, () => {
      const store = openStore(':memory:');
      seedDemoStore(store, day);
      for (const r of store.select().from(records).all()) {
        const when = r.startDate ?? r.publishOn ?? day;
        for (const text of [r.title, r.urlId, r.body ?? '', r.excerpt ?? '']) {
          const named = SEASON.exec(text)?.[1]?.toLowerCase().replace('fall', 'autumn');
          if (named !== undefined) expect(named, `${r.urlId} (${new Date(when).toISOString().slice(0, 10)}): ${text}`).toBe(seasonOf(when));
        }
      }
      for (const p of store.select().from(products).all()) {
        expect(SEASON.test(`${p.title} ${p.body}`), p.title).toBe(false);
      }
    });
  }
});
