import { describe, expect, it } from 'vitest';
import { JoinSite, MAX_JOINED, MAX_MISSES } from './joined-text.js';

describe('JoinSite', () => {
  it('joins the pending text to its own, and gives the same string again for the two pending texts met last', () => {
    const site = new JoinSite('</b>');
    const ab = site.join('<a>')!;
    expect(ab).toBe('<a></b>');
    expect(site.prev).toBe('<a>');
    expect(site.joined).toBe(ab);
    const cd = site.join('<c>')!;
    expect(cd).toBe('<c></b>');
    // Alternating paths: each join is the one made before, and the newest is the one compared inline.
    expect(Object.is(site.join('<a>'), ab)).toBe(true);
    expect(site.prev).toBe('<a>');
    expect(Object.is(site.join('<c>'), cd)).toBe(true);
  });

  it('joins nothing longer than MAX_JOINED, and stops joining once its pending texts kept changing', () => {
    const site = new JoinSite('x');
    expect(site.join('y'.repeat(MAX_JOINED))).toBeNull();
    expect(site.join('y'.repeat(MAX_JOINED - 1))).toBe('y'.repeat(MAX_JOINED - 1) + 'x');
    for (let i = 1; i < MAX_MISSES; i++) expect(site.join(`p${i}`)).toBe(`p${i}x`);
    expect(site.join('new')).toBeNull();
    // What it joined last is still given (the code compares it before calling).
    expect(site.join(`p${MAX_MISSES - 1}`)).toBe(`p${MAX_MISSES - 1}x`);
  });
});
