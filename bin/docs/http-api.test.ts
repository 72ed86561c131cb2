/**
 * docs/http-api.md cannot drift: its generated part is exactly what bin/docs/http-api.ts writes from the app's
 * route table now, so a route added, removed or given another schema, crumb rule or guard fails here until
 * `npm run docs:api` is run; and the table lists every route the app declares.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/db/database.js';
import { demoRouteTable, describeSchema, familyOf, HTTP_API_FILE, httpApiDoc } from './http-api.js';

describe('docs/http-api.md', () => {
  it('is what the generator writes from the route table now (else run npm run docs:api)', async () => {
    const written = readFileSync(resolve(repoRoot(), HTTP_API_FILE), 'utf8');
    expect(written === (await httpApiDoc()), `${HTTP_API_FILE} is out of date: run \`npm run docs:api\` and commit it`).toBe(true);
  });

  it('names every route of the app, with its method', async () => {
    const written = readFileSync(resolve(repoRoot(), HTTP_API_FILE), 'utf8');
    const routes = await demoRouteTable();
    expect(routes.length).toBeGreaterThan(90);
    for (const route of routes) expect(written).toContain(`| ${route.method} | \`${route.url}\` |`);
    // the cart API, an owner API with its roles, and a beacon without the crumb
    expect(written).toMatch(/\| POST \| `\/api\/commerce\/shopping-cart\/entries` \| body `\{ itemId[^\n]*\}` \| yes \| cart \| anyone \|/);
    expect(written).toMatch(/\| PUT \| `\/api\/template\/tweaks` \|[^\n]*\| yes \| owner \| owner: admin/);
    expect(written).toMatch(/\| POST \| `\/api\/census\/[^`]*` \|[^\n]*\| no \(beacon\) \| analytics \| anyone \|/);
  });
});

describe('describeSchema', () => {
  it('says a schema in a few words', () => {
    expect(describeSchema({ type: 'string', maxLength: 100 })).toBe('string ≤ 100');
    expect(describeSchema({ type: 'integer', minimum: 1, maximum: 9999 })).toBe('integer 1–9999');
    expect(describeSchema({ type: ['string', 'null'] })).toBe('string \\| null');
    expect(describeSchema({ enum: ['true', 'false'] })).toBe('"true" \\| "false"');
    expect(describeSchema({ type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'integer' }, maxItems: 5 } } })).toBe(
      '{ a: string, b?: [integer] ≤ 5 }',
    );
    expect(describeSchema({ type: 'object', properties: { a: { type: 'boolean' } } })).toBe('{ a?: boolean, … }');
  });

  it('groups routes by family', () => {
    expect(familyOf('/api/commerce/shopping-cart/entries')).toBe('/api/commerce');
    expect(familyOf('/api/3/commerce/cart/subscription')).toBe('/api/3/commerce');
    expect(familyOf('/cart/add')).toBe('/cart');
    expect(familyOf('/')).toBe('/');
    expect(familyOf('/:page')).toBe('/ (pages)');
  });
});
