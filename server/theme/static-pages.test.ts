/**
 * A theme's static pages (`pages/{name}.page`, the platform's template pages): served at `/{name}` where no
 * collection is, titled by their `.page.conf`; never in place of a collection or one of Tessera's system pages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoApp } from '../test-support.js';
import { Theme } from '../theme.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-static-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'template.conf': '{}',
  'site.region': '<html><head>{squarespace-headers}</head><body class="{squarespace.page-classes}">{squarespace.main-content}</body></html>',
  'pages/visit.page': '<h1>{collection.title|html}</h1>',
  'pages/visit.page.conf': '{ "title": "Visit us" }',
  'pages/about.page': 'never shown: /about is a collection',
  'pages/search.page': '<p>the theme\'s own search page</p>',
  'pages/press.page': '<h1>{collection.title|html}</h1>',
  'pages/press.page.conf': '{ "title": "Press", }',
};

describe('static pages', () => {
  it('serve pages/{name}.page at /{name}, titled by its .page.conf, and report a broken .conf', async () => {
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const problems: string[] = [];
    const theme = new Theme(dir, false, (p) => problems.push(p));
    const app = (await demoApp({ theme })).app;
    try {
      const visit = await app.inject('/visit');
      expect(visit.statusCode).toBe(200);
      expect(visit.body).toContain('<title>Visit us \u2014 Tessera Supply Co.</title>');
      expect(visit.body).toContain('<h1>Visit us</h1>');
      expect(visit.body).toContain('class="page-type-3 collection-type-visit view-list"');
      expect(JSON.parse((await app.inject('/visit?format=json')).body).collection).toMatchObject({ title: 'Visit us', fullUrl: '/visit', type: 7, typeName: 'visit' });
      // a collection keeps its address; a system page's name is the system page's
      expect((await app.inject('/about')).body).not.toContain('never shown');
      expect((await app.inject('/search')).body).toContain("the theme's own search page");
      expect((await app.inject('/page')).statusCode).toBe(404);
      // a .conf with a trailing comma: an error that says where, and the page still titled as meant
      expect((await app.inject('/press')).body).toContain('<h1>Press</h1>');
      expect(problems).toEqual([expect.stringMatching(/^pages\/press\.page\.conf:1:21: error INVALID_JSON: .*a comma before \}/)]);
      expect(theme.problems().map((p) => p.code)).toEqual(['INVALID_JSON']);
    } finally {
      await app.close();
    }
  });
});
