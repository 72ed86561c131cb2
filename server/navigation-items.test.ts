import { describe, expect, it } from 'vitest';
import { isSafeLink, navigationProblem } from './navigation-items.js';

describe('isSafeLink', () => {
  it('takes site paths, web, mail and phone links', () => {
    for (const link of ['/', '/shop?x=1#top', 'https://example.com/a', 'HTTP://EXAMPLE.COM', 'mailto:hi@example.com', 'tel:+15550100']) expect(isSafeLink(link), link).toBe(true);
  });

  it('refuses scripts, data, protocol-relative and bare text', () => {
    for (const link of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', '/\t/evil.example', '/\t\\evil.example', ' //evil.example', '/\n/evil.example', 'shop', 'ftp://x', 'mailto:']) {
      expect(isSafeLink(link), link).toBe(false);
    }
  });
});

describe('navigationProblem', () => {
  const exists = (id: string) => id === 'shop';

  it('accepts items that each link to one existing place', () => {
    expect(navigationProblem([{ collectionId: 'shop', items: [{ externalLink: '/cart' }, { memberAreaId: 'm1' }] }], exists)).toBeNull();
  });

  it('caps the total number of items across levels', () => {
    const level = (n: number) => Array.from({ length: n }, () => ({ collectionId: 'shop' }));
    expect(navigationProblem(level(100).map((i) => ({ ...i, items: level(5) })), exists)).toMatch(/at most 500/);
  });
});
