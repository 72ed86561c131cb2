/**
 * The default theme's content pages (issue 10), by server inject: the markup the design relies on, and the
 * gallery options of spec 001 rendered without JavaScript (slide anchors, previous/next links, thumbnails,
 * a focusable named strip, the first picture eager and the others lazy).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApp, TEST_COOKIE_HEADER, TEST_CRUMB, writeBeside } from './test-support.js';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await demoApp());
});
afterAll(() => app.close());

const html = async (url: string): Promise<string> => (await app.inject({ url })).body;
const main = (page: string): string => page.slice(page.indexOf('<main'), page.indexOf('</main>'));

/** Stores these gallery options on the Lookbook, beside the app (the read cache sees the write). */
function setLookbookOptions(gallery: Record<string, unknown>): Promise<unknown> {
  return writeBeside(app, ({ db, t }) => db.update(t.collections).set({ settings: JSON.stringify({ gallery }) }).where(eq(t.collections.id, 'lookbook')));
}

describe('blog', () => {
  it('lists posts with meta, terms, a featured mark and styled filters', async () => {
    const page = main(await html('/blog'));
    expect(page).toContain('<a class="pill" href="/blog" aria-current="page">All posts</a>');
    expect(page).toContain('<p class="featured-mark"><span aria-hidden="true">&#9733;</span> Featured</p>');
    expect(page).toMatch(/<time class="entry-date" datetime="\d{4}-\d\d-\d\d">/);
    expect(page).toContain('<span class="entry-author">By Ada Weaver</span>');
    expect(page).toContain('<a class="term term--category" href="/blog?category=Workshop">Workshop</a>');
    expect(page).toContain('<a class="term term--tag entry-tag" href="/blog?tag=weaving">#weaving</a>');
    expect(page).toContain('<nav class="pager" aria-label="Pages">');
    expect(page).toContain('<a rel="next" href="/blog?page=2">Older posts →</a>');
  });

  it('marks the current category and says how to clear the filter', async () => {
    const page = main(await html('/blog?category=Care'));
    expect(page).toContain('<a class="pill" href="/blog?category=Care" aria-current="page">Care</a>');
    expect(page).toContain('<a class="pill" href="/blog">All posts</a>');
    expect(page).toContain('<p class="filter-note">Posts in <strong>Care</strong> <a href="/blog">Show all posts</a></p>');
  });

  it('shows a post in a readable column with its meta and the next post', async () => {
    const page = main(await html('/blog/first-workshop-notes'));
    expect(page).toContain('<div class="entry-body prose">');
    expect(page).toContain('<p class="post-back"><a href="/blog">&larr; Journal</a></p>');
    expect(page).toContain('class="featured-mark"');
    expect(page).toContain('<a rel="next" href="/blog/caring-for-linen" class="item-pagination-link item-pagination-next">');
  });
});

describe('events', () => {
  it('shows upcoming and past events with date badges', async () => {
    const page = main(await html('/events'));
    expect(page).toMatch(/<section class="events events-upcoming"[^>]*>[\s\S]*class="date-badge" aria-hidden="true"><span class="date-badge-month">[A-Z][a-z]{2}<\/span><span class="date-badge-day">[ \d]\d<\/span>/);
    expect(page).toContain('<section class="events events-past">\n  <h2>Past</h2>');
    expect(page.match(/class="[^"]*event event-card"/g)).toHaveLength(3);
  });

  it('shows an event with when, where and its links', async () => {
    const page = main(await html('/events/craft-fair'));
    expect(page).toContain('<h2 class="event-detail-title">When</h2>');
    expect(page).toContain('<h2 class="event-detail-title">Where</h2>');
    expect(page).toContain('class="button button--secondary event-calendar"');
    expect(page).toContain('(opens in a new tab)');
  });
});

describe('galleries (spec 001 gallery options, no JavaScript)', () => {
  it('renders the grid: no strip, no controls, no thumbnails; the first picture eager, the others lazy, with sizes', async () => {
    const page = main(await html('/gallery'));
    expect(page).toContain('class="gallery gallery-design-grid gallery-aspect-standard gallery-meta-bottom-left gallery-align-center gallery-auto-crop gallery-square-thumbs"');
    expect(page).toContain('<div class="gallery-slides">');
    expect(page).not.toContain('gallery-controls');
    expect(page).not.toContain('gallery-thumbnails');
    const images = [...page.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(5);
    expect(images[0]).toContain('fetchpriority="high"');
    expect(images[0]).not.toContain('loading="lazy"');
    for (const img of images.slice(1)) expect(img).toContain('loading="lazy"');
    for (const img of images) expect(img).toMatch(/width="1200" height="800"/);
    expect(page).toContain('<figcaption class="gallery-meta"><span class="gallery-meta-title">Workshop</span><span class="gallery-meta-body">Workshop, photographed in the studio.</span></figcaption>');
  });

  describe('the Lookbook slideshow', () => {
    afterAll(() => setLookbookOptions({ design: 'slideshow', 'aspect-ratio': 'three-four-vertical', 'thumbnail-strip-height': 60, 'meta-position': 'top', 'active-alignment': 'left' }));

    it('is a focusable, named strip (axe: scrollable-region-focusable) with slide anchors and thumbnail links', async () => {
      const page = main(await html('/lookbook'));
      expect(page).toContain('<div class="gallery-slides" role="region" tabindex="0" aria-label="Lookbook: slides (scroll sideways or use the links)">');
      for (const n of [1, 2, 3]) expect(page).toContain(`<span class="gallery-anchor" id="slide-${n}"></span>`);
      expect(page).toContain('<nav class="gallery-thumbnails" aria-label="Slides">');
      expect(page).toContain('<a class="gallery-thumb" href="#loom"><img src="/static/gallery/loom.svg?format=100w" width="800" height="1000" alt="Slide 1: Loom"');
      expect(page).not.toContain('gallery-controls'); // controls are off in the demo
    });

    it('prints previous and next links between the slides, wrapping around, when controls are on', async () => {
      await setLookbookOptions({ design: 'slideshow', controls: true });
      const page = main(await html('/lookbook'));
      const links = [...page.matchAll(/<a class="gallery-control gallery-(prev|next)" href="#(slide-\d)">/g)].map((m) => `${m[1]}:${m[2]}`);
      expect(links).toEqual(['prev:slide-3', 'next:slide-2', 'prev:slide-1', 'next:slide-3', 'prev:slide-2', 'next:slide-1']);
      expect(page).toContain('<span class="visually-hidden">Previous slide</span>');
      expect(page).toContain('<span class="visually-hidden">Next slide</span>');
      expect(page).toContain('<span class="gallery-counter">2 / 3</span>');
    });

    it('follows the stored options: title-only captions, no captions, no thumbnails, a transparent slider, a lightbox', async () => {
      await setLookbookOptions({ design: 'slider', 'show-meta-only-title': true, 'active-alignment': 'right', transparentBackground: true, 'square-thumbs': false });
      let page = main(await html('/lookbook'));
      expect(page).toContain('gallery-design-slider gallery-aspect-square gallery-meta-bottom gallery-align-right gallery-auto-crop gallery-transparent"');
      expect(page).toContain('<figcaption class="gallery-meta"><span class="gallery-meta-title">Loom</span></figcaption>');
      expect(page).not.toContain('gallery-thumbnails'); // a slider turns thumbnails off
      expect(page).toContain('role="region" tabindex="0"');

      await setLookbookOptions({ design: 'stacked', 'show-meta': false, lightbox: true, newWindow: true, 'auto-crop': false });
      page = main(await html('/lookbook'));
      expect(page).toContain('class="gallery gallery-design-stacked');
      expect(page).not.toContain('gallery-auto-crop');
      expect(page).not.toContain('<figcaption');
      expect(page).not.toContain('role="region"'); // a stack does not scroll sideways
      expect(page).toContain('<a class="gallery-link" href="/static/gallery/loom.svg" target="_blank" rel="noopener"><img');
    });
  });
});

describe('album, videos, pages, search, lock screen, member area', () => {
  it('labels each audio player by its track title', async () => {
    const page = main(await html('/album'));
    expect(page).toMatch(/<span class="track-title" id="track-title-([^"]+)">Morning[^<]*<\/span>[\s\S]*?<audio controls preload="none" src="[^"]+" aria-labelledby="track-title-\1">/);
  });

  it('lists videos as cards and embeds a video in a 16:9 frame', async () => {
    expect(main(await html('/videos'))).toContain('<article class="hentry');
    expect(main(await html('/videos'))).toContain('class="read-more" href="/videos/loom-in-motion">Watch<span class="visually-hidden"> A loom in motion</span></a>');
    expect(main(await html('/videos/loom-in-motion'))).toContain('<div class="video-embed" data-provider-name="Vimeo"><iframe');
  });

  it('gives the contact form labels, descriptions, autocomplete and a primary button', async () => {
    const page = main(await html('/contact'));
    expect(page).toContain('<label for="contact-form-name">Name <span class="required" aria-hidden="true">*</span></label>');
    expect(page).toContain('autocomplete="name"');
    expect(page).toContain('<input id="contact-form-email" name="email" type="email" required placeholder="you@example.com" autocomplete="email">');
    expect(page).toContain('aria-describedby="contact-form-message-description"');
    expect(page).toContain('<p class="form-field-description" id="contact-form-message-description">');
    expect(page).toContain('<button type="submit" class="button">Send</button>');
  });

  it('searches with a labelled form and shows each result type, or the empty state', async () => {
    const page = main(await html('/search?q=linen'));
    expect(page).toContain('<label class="search-label" for="search-q">Search the site</label>');
    expect(page).toContain('<p class="search-result-type">Product<span class="search-result-meta"> &middot; Shop</span></p>');
    expect(page).toContain('<p class="search-result-type">Journal post<span class="search-result-meta"> &middot; Journal</span></p>');
    expect(page).toContain('<p class="search-result-type">Picture<span class="search-result-meta"> &middot; Gallery</span></p>');
    const empty = main(await html('/search?q=zzzz'));
    expect(empty).toContain('<div class="empty-state search-empty">');
  });

  it('shows the lock screen as a panel whose password field is marked invalid after a wrong password', async () => {
    const page = main(await html('/trade'));
    expect(page).toContain('<section class="content-page lock-screen narrow-panel">');
    expect(page).toContain('<button type="submit" class="button">Unlock</button>');
    expect(page).not.toContain('aria-invalid');
  });

  it('shows the member area as a panel with the join button', async () => {
    const page = main(await html('/members'));
    expect(page).toContain('<section class="content-page member-area-denied narrow-panel">');
    expect(page).toContain('<button type="submit" class="button member-area-join">');
  });
});

describe('the contact form after a plain post', () => {
  const post = (body: string) =>
    app.inject({ method: 'POST', url: '/forms/contact-form', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: TEST_COOKIE_HEADER }, payload: `crumb=${TEST_CRUMB}&${body}` });

  it('shows the summary, each error tied to its field, and what was typed', async () => {
    const res = await post('name=Ada&email=nope&message=');
    expect(res.statusCode).toBe(400);
    const page = main(res.body);
    expect(page).toContain('<div class="error-summary form-error-summary" role="alert" tabindex="-1">');
    expect(page).toContain('<li><a href="#contact-form-message">Message: Required</a></li>');
    expect(page).toContain('<p class="field-error form-field-error" id="contact-form-email-error">');
    expect(page).toContain('<input id="contact-form-email" name="email" type="email" required placeholder="you@example.com" autocomplete="email" aria-describedby="contact-form-email-error" aria-invalid="true" value="nope">');
    expect(page).toContain('aria-describedby="contact-form-message-description contact-form-message-error" aria-invalid="true"></textarea>');
    expect(page).toContain('value="Ada"');
  });

  it('shows the submission message after a successful post', async () => {
    const res = await post('name=Ada&email=ada%40example.com&message=Hello');
    expect(res.statusCode).toBe(303);
    const page = main(await html(res.headers.location as string));
    expect(page).toContain('<div class="content-form form-submitted" id="form-contact-form" role="status">');
    expect(page).toContain('<p class="form-success">Thank you! We will be in touch soon.</p>');
    expect(page).not.toContain('<form class="content-form"');
  });
});
