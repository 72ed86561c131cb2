/**
 * A platform theme with no page or collection templates of its own (fixtures/themes/regions): every page
 * of the demo store answers 200 from Tessera's system templates, framed by the theme's layout, whose
 * regions (head, body, tail) template.conf joins in order.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { demoApp } from '../test-support.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = (await demoApp({ themeDir: resolve(repoRoot(), 'fixtures/themes/regions') })).app;
});
afterAll(() => app.close());

const PAGES = ['/', '/shop', '/shop/p/linen-apron', '/cart', '/search?q=linen', '/blog', '/events', '/gallery', '/about', '/contact', '/videos', '/album', '/lookbook'];

describe('a theme of regions without commerce or page templates', () => {
  it.each(PAGES)('serves %s framed by its head, body and tail regions', async (url) => {
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const head = html.indexOf('class="regions-theme"');
    const main = html.indexOf('class="regions-main"');
    const tail = html.indexOf('Regions theme footer');
    expect(head).toBeGreaterThan(-1);
    expect(main).toBeGreaterThan(head);
    expect(tail).toBeGreaterThan(main);
    expect(html).not.toContain('<squarespace:');
  });

  it('renders its navigation through its own block and links its stylesheet', async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toMatch(/<a class="regions-nav" href="\/shop">/);
    expect(html).toMatch(/<link rel="stylesheet" href="[^"]+\.css">/);
  });

  it('answers an unknown page with the system 404 page inside its frame', async () => {
    const page = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Regions theme footer');
  });
});
