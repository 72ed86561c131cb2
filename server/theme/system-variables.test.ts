/**
 * The `{squarespace.…}` system variables a page's templates see, as the platform has them: `page-title` (what
 * the `<title>` says), `cart-classes`, `template-revision` (a number that changes with the theme), and
 * `headers`/`footers` printing what `{squarespace-headers}`/`{squarespace-footers}` print.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoApp } from '../test-support.js';
import { Theme } from '../theme.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-system-variables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'template.conf': JSON.stringify({ name: 'T', author: 'A', layouts: { default: { name: 'D', regions: ['site'] } } }),
  'site.region':
    '<!doctype html><html><head>{squarespace.headers}</head><body id="{squarespace.page-id}">' +
    '<p id="vars">{squarespace.template-revision}|{squarespace.page-title}|{squarespace.cart-classes}</p>{squarespace.main-content}{squarespace.footers}</body></html>',
  'collections/blog.list': '<i id="in-content">{squarespace.template-revision}</i>',
};
for (const [path, content] of Object.entries(FILES)) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

describe('system variables', () => {
  it('page-title, cart-classes and template-revision in every template; headers and footers as the root keys', async () => {
    const theme = new Theme(dir, false);
    const app = (await demoApp({ theme })).app;
    try {
      const page = (await app.inject('/blog')).body;
      const [, revision, title, cart] = /<p id="vars">(\d+)\|([^|]*)\|([^<]*)<\/p>/.exec(page)!;
      expect(Number(revision)).toBeGreaterThan(0);
      expect(title).toBe(/<title>([^<]*)<\/title>/.exec(page)![1]);
      expect(title).toMatch(/^[^\u2014]+ \u2014 [^\u2014]+$/);
      expect(cart).toBe('sqs-custom-cart');
      expect(page).toContain(`<i id="in-content">${revision}</i>`);
      expect(page).toContain('<link rel="stylesheet"');
      expect(page).not.toContain('\u0004');
      const json = JSON.parse((await app.inject('/blog?format=json')).body);
      expect(json.squarespace).toMatchObject({ 'page-title': title, 'cart-classes': 'sqs-custom-cart' });
      // a changed file is a new revision, as a push is on the platform
      theme.changed('collections/blog.list');
      expect((await app.inject('/blog')).body).toContain(`<i id="in-content">${Number(revision) + 1}</i>`);
    } finally {
      await app.close();
    }
  });
});
