/** Site paths in e-mails made whole with the site's address, and nothing else touched. */
import { describe, expect, it } from 'vitest';
import { absoluteHtmlLinks, absoluteTextLinks } from './links.js';

const SITE = 'https://shop.example.com';

describe('absoluteTextLinks', () => {
  it('prefixes a path that starts a line or follows a space or a parenthesis', () => {
    expect(absoluteTextLinks('See it here: /shop/p/apron\n/account/reset?token=a/b\n(/members)', SITE)).toBe(
      'See it here: https://shop.example.com/shop/p/apron\nhttps://shop.example.com/account/reset?token=a/b\n(https://shop.example.com/members)',
    );
  });
  it('leaves slashes inside words, protocol-relative and whole addresses, and a lone slash', () => {
    const text = 'and/or 1/2 //cdn.example.com/x https://other.example/p a / b';
    expect(absoluteTextLinks(text, SITE)).toBe(text);
  });
});

describe('absoluteHtmlLinks', () => {
  it('prefixes href and src holding a site path only', () => {
    expect(absoluteHtmlLinks('<a href="/p">/p</a><img src="/i.png"><a href="https://x.example/">x</a><a href="//cdn/x">', SITE)).toBe(
      '<a href="https://shop.example.com/p">/p</a><img src="https://shop.example.com/i.png"><a href="https://x.example/">x</a><a href="//cdn/x">',
    );
  });
});
