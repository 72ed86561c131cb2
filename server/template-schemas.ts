/**
 * JSON schemas the editor asks for by type (GET /api/template/GetTemplateSchema?type=…): the theme's
 * `template.conf`, and the bodies of the store-setup and navigation calls (the very schemas the routes
 * validate with, so the editor and the server cannot disagree).
 */
import { navigationItemSchema } from './navigation-items.js';
import { rootCategoryBody, storeCollectionBody } from './routes/store-setup.js';

const DRAFT = 'http://json-schema.org/draft-07/schema#';

const templateConf = {
  type: 'object',
  required: ['name', 'layouts'],
  properties: {
    name: { type: 'string', minLength: 1 },
    author: { type: 'string' },
    layouts: {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        type: 'object',
        required: ['name', 'regions'],
        properties: { name: { type: 'string' }, regions: { type: 'array', minItems: 1, items: { type: 'string' } } },
      },
    },
    navigations: {
      type: 'array',
      items: { type: 'object', required: ['title', 'name'], properties: { title: { type: 'string' }, name: { type: 'string' } } },
    },
    stylesheets: { type: 'array', items: { type: 'string' } },
    systemPartials: { type: 'array', items: { type: 'string' } },
  },
};

const headerFooter = {
  type: 'object',
  required: ['header', 'footer'],
  properties: { header: { type: 'object' }, footer: { type: 'object' } },
};

const SCHEMAS: Readonly<Record<string, { readonly title: string; readonly schema: object }>> = {
  template: { title: 'template.conf', schema: templateConf },
  navigation: { title: 'Navigation item', schema: navigationItemSchema() },
  'store-collection': { title: 'Store collection', schema: storeCollectionBody },
  'root-category': { title: 'Root category', schema: rootCategoryBody },
  'header-footer': { title: 'Site header and footer', schema: headerFooter },
};

export const TEMPLATE_SCHEMA_TYPES: readonly string[] = Object.keys(SCHEMAS);

/** The schema of `type` as a standalone JSON Schema document, or null for an unknown type. */
export function templateSchema(type: string): Record<string, unknown> | null {
  const entry = Object.hasOwn(SCHEMAS, type) ? SCHEMAS[type] : undefined;
  return entry === undefined ? null : { $schema: DRAFT, title: entry.title, ...entry.schema };
}
