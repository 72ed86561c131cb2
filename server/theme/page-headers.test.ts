/**
 * `{squarespace-headers}` gives a page what the platform's does and the theme's head lacks: charset, title,
 * description; never a second one of those the theme wrote itself.
 */
import { describe, expect, it } from 'vitest';
import { ownHead, pageHeaders } from './page-headers.js';

const NONE = { charset: false, title: false, description: false, icon: false };
const website = { id: 'demo', siteTitle: 'Linen & Co' };

describe('{squarespace-headers}', () => {
  it('names the page "Page — Site" (the site alone at home), with a plain-text description', () => {
    const post = pageHeaders(null, { website, collection: { title: 'Journal' }, item: { title: 'On <b>linen</b>', excerpt: '<p>Wash it cool,&nbsp;dry it &amp; iron it.</p>' } }, NONE);
    expect(post).toContain('<meta charset="utf-8">\n<title>On &#60;b&#62;linen&#60;/b&#62; \u2014 Linen &#38; Co</title>\n<meta name="description" content="Wash it cool, dry it &#38; iron it.">');
    expect(pageHeaders(null, { website, collection: { title: 'Home', typeName: 'home' } }, NONE)).toContain('<title>Linen &#38; Co</title>');
    expect(pageHeaders(null, { website, pageType: 200 }, NONE)).toContain('<title>Cart \u2014 Linen &#38; Co</title>');
  });

  it('adds none of them where the theme wrote its own', () => {
    const own = ownHead('<html><head><meta charset=utf-8><title>Mine</title><meta name="description" content="x"><link rel="shortcut icon" href="/assets/i.png"></head><body><title>svg</title>');
    expect(own).toEqual({ charset: true, title: true, description: true, icon: true });
    expect(ownHead('<head><link rel="apple-touch-icon" href="/a.png"><link rel=icon href=/i.png></head>').icon).toBe(true);
    expect(ownHead('<head><link rel="apple-touch-icon" href="/a.png"></head>').icon).toBe(false);
    expect(ownHead('<head><meta property="og:title" content="x"></head><body><title>in an svg</title></body>')).toEqual(NONE);
    expect(pageHeaders(null, { website, item: { title: 'A', excerpt: 'B' } }, own)).not.toMatch(/<title>|charset|name="description"|rel="icon"/);
  });

  it("links the site's icon: the owner's, else the default's ICO and SVG", () => {
    expect(pageHeaders(null, { website }, NONE)).toContain('<link rel="icon" href="/favicon.ico" sizes="16x16 32x32">\n<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const owned = pageHeaders(null, { website: { ...website, siteIconUrl: '/assets/icon.png?"x' } }, NONE);
    expect(owned).toContain('<link rel="icon" href="/assets/icon.png?&#34;x">');
    expect(owned).not.toContain('/favicon.');
  });
});

describe('{squarespace-headers} of a platform theme', () => {
  it('writes Static.SQUARESPACE_CONTEXT as script-safe JSON, then the runtime', () => {
    const head = pageHeaders(null, { website }, NONE, { squarespaceContext: { website: { siteTitle: '</script><script>alert(1)</script>' } }, scriptTag: '<script src="/static/runtime/runtime-abc.js"></script>' });
    expect(head).toContain('Static.SQUARESPACE_CONTEXT={"website":{"siteTitle":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}};</script>\n<script src="/static/runtime/runtime-abc.js"></script>');
    expect(pageHeaders(null, { website }, NONE, { squarespaceContext: {}, scriptTag: '' })).not.toContain('SQUARESPACE_CONTEXT');
  });
});
