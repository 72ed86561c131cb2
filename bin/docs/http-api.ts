/**
 * docs/http-api.md's route reference, generated from the app's own route table (server/route-table.ts) so it
 * cannot drift: the demo app is built as the tests build it, and every route it declares is written with its
 * method, URL, body and query schema, whether a write needs the crumb, its rate-limit group and the owner roles
 * that may call it. Only the part between the markers is generated; the prose around it is written by hand.
 * `npm run docs:api` writes it; bin/docs/http-api.test.ts fails when the file is not what this writes now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifySchema } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openStore, repoRoot } from '../../server/db/database.js';
import { seedDemoStore } from '../../server/db/seed.js';
import { rolesOfHook } from '../../server/owner/guard.js';
import type { DeclaredRoute } from '../../server/route-table.js';
import { isSafeMethod } from '../../server/security/crumb.js';
import { rateLimitGroup } from '../../server/security/install.js';
import { Theme } from '../../server/theme.js';

export const HTTP_API_FILE = 'docs/http-api.md';
export const BEGIN_MARKER = '<!-- BEGIN GENERATED ROUTES: `npm run docs:api` writes this part from the route table; do not edit it by hand -->';
export const END_MARKER = '<!-- END GENERATED ROUTES -->';

type Schema = Readonly<Record<string, unknown>>;

/** A JSON schema in a few words: `string ≤ 100`, `integer 1–9999`, `"a" | "b"`, `{ a, b? }`. */
export function describeSchema(schema: Schema | undefined): string {
  if (schema === undefined) return 'any';
  if (Array.isArray(schema['enum'])) return schema['enum'].map((v) => JSON.stringify(v)).join(' \\| ');
  if ('const' in schema) return JSON.stringify(schema['const']);
  for (const key of ['anyOf', 'oneOf']) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map((o) => describeSchema(o as Schema)).join(' \\| ');
  }
  const type = schema['type'];
  if (Array.isArray(type)) return type.map((t) => describeSchema({ ...schema, type: t })).join(' \\| ');
  switch (type) {
    case 'object':
      return describeObject(schema);
    case 'array': {
      const items = schema['items'] === undefined ? 'any' : describeSchema(schema['items'] as Schema);
      return `[${items}]${range(schema['minItems'], schema['maxItems'], ' ')}`;
    }
    case 'string': {
      const pattern = typeof schema['pattern'] === 'string' ? ` matching /${schema['pattern'].replaceAll('|', '\\|')}/` : '';
      const format = typeof schema['format'] === 'string' ? ` (${schema['format']})` : '';
      return `string${range(schema['minLength'], schema['maxLength'], ' ')}${format}${pattern}`;
    }
    case 'integer':
    case 'number':
      return `${type}${range(schema['minimum'], schema['maximum'], ' ')}`;
    case undefined:
      return 'any';
    default:
      return String(type);
  }
}

/** ` 1–20`, ` ≤ 20`, ` ≥ 1` or nothing. */
function range(min: unknown, max: unknown, before: string): string {
  const lo = typeof min === 'number' && min > 0 ? min : undefined;
  const hi = typeof max === 'number' ? max : undefined;
  if (lo !== undefined && hi !== undefined) return `${before}${lo}–${hi}`;
  if (hi !== undefined) return `${before}≤ ${hi}`;
  if (lo !== undefined) return `${before}≥ ${lo}`;
  return '';
}

function describeObject(schema: Schema): string {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  const fields = Object.entries(properties).map(([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${describeSchema(field)}`);
  if (schema['additionalProperties'] !== false && schema['additionalProperties'] !== undefined && fields.length === 0) return '{ … }';
  if (fields.length === 0) return schema['additionalProperties'] === false ? '{}' : 'object';
  const open = schema['additionalProperties'] === false ? '' : ', …';
  return `{ ${fields.join(', ')}${open} }`;
}

/** What a route takes: its body, query and path parameters, each described. */
function takes(schema: FastifySchema | undefined): string {
  if (schema === undefined) return '';
  const parts: string[] = [];
  const described = (label: string, part: unknown) => {
    if (part !== undefined) parts.push(`${label} \`${describeSchema(part as Schema)}\``);
  };
  described('body', schema.body);
  described('query', schema.querystring);
  described('params', schema.params);
  return parts.join('<br>');
}

/** Who may call a route: the owner roles of its guard, else anyone (a handler may still ask for a session). */
function who(route: DeclaredRoute): string {
  for (const hook of route.preValidation) {
    const roles = rolesOfHook(hook);
    if (roles !== undefined) return `owner: ${roles.join(', ')}`;
  }
  return 'anyone';
}

function crumbRule(route: DeclaredRoute): string {
  if (isSafeMethod(route.method)) return '—';
  return route.config['crumb'] === false ? 'no (beacon)' : 'yes';
}

function limitRule(route: DeclaredRoute): string {
  return isSafeMethod(route.method) ? '—' : rateLimitGroup(route.url, route.config['rateLimit']);
}

/** The family a route belongs to: its first two path segments (`/api/commerce`, `/cart`, `/config`…). */
export function familyOf(url: string): string {
  const segments = url.split('/').filter((s) => s !== '');
  if (segments.length === 0) return '/';
  const take = segments[0] === 'api' ? Math.min(segments.length, segments[1] === '3' ? 3 : 2) : 1;
  const family = `/${segments.slice(0, take).join('/')}`;
  return family.includes(':') || family.includes('*') ? '/ (pages)' : family;
}

const cell = (text: string) => text.replaceAll('\n', ' ');

/** The generated part of docs/http-api.md, from these routes. */
export function routeReference(routes: readonly DeclaredRoute[]): string {
  const families = new Map<string, DeclaredRoute[]>();
  for (const route of routes) {
    const family = familyOf(route.url);
    families.set(family, [...(families.get(family) ?? []), route]);
  }
  const order = [...families.keys()].sort();
  const lines = [
    BEGIN_MARKER,
    '',
    `${routes.length} routes in ${order.length} families (HEAD answers like each GET and is not listed).`,
    '',
  ];
  for (const family of order) {
    lines.push(`### \`${family}\``, '', '| method | URL | takes | crumb | limit | who |', '| --- | --- | --- | --- | --- | --- |');
    const sorted = [...families.get(family)!].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
    for (const route of sorted) {
      lines.push(`| ${route.method} | \`${route.url}\` | ${cell(takes(route.schema))} | ${crumbRule(route)} | ${limitRule(route)} | ${who(route)} |`);
    }
    lines.push('');
  }
  lines.push(END_MARKER);
  return lines.join('\n');
}

/** Every route of the demo app (the default theme over a fresh demo store), as the tests build it. */
export async function demoRouteTable(): Promise<readonly DeclaredRoute[]> {
  const store = openStore(':memory:');
  seedDemoStore(store);
  const app = await buildApp({ store, theme: new Theme(resolve(repoRoot(), 'templates'), false), allowedOrigins: [], trustProxy: false });
  try {
    await app.ready();
    return [...app.routeTable];
  } finally {
    await app.close();
    store.$client.close();
  }
}

/** The file with its generated part replaced by `generated`. */
export function withGenerated(file: string, generated: string): string {
  const begin = file.indexOf(BEGIN_MARKER);
  const end = file.indexOf(END_MARKER);
  if (begin < 0 || end < begin) throw new Error(`${HTTP_API_FILE} lacks its markers (${BEGIN_MARKER} … ${END_MARKER})`);
  return file.slice(0, begin) + generated + file.slice(end + END_MARKER.length);
}

/** docs/http-api.md as the generator would write it now. */
export async function httpApiDoc(): Promise<string> {
  const file = readFileSync(resolve(repoRoot(), HTTP_API_FILE), 'utf8');
  return withGenerated(file, routeReference(await demoRouteTable()));
}

/** Writes docs/http-api.md; answers whether it changed. */
export async function writeHttpApiDoc(): Promise<boolean> {
  const path = resolve(repoRoot(), HTTP_API_FILE);
  const before = readFileSync(path, 'utf8');
  const after = await httpApiDoc();
  if (after !== before) writeFileSync(path, after);
  return after !== before;
}
