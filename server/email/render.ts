/**
 * The HTML part of an e-mail, rendered with our own JSON-T engine from the kind's template in
 * `server/email/templates/` (`<kind>.html`), then framed by `layout.html`. Every value is escaped by the
 * templates themselves (`|html`, `|htmlattr`); the only raw insertion is the rendered body into the layout.
 * Links are site paths, as in the text part: the sender puts the site's address before them (links.ts).
 * Templates are read and compiled once per process; a template that does not compile or render is a bug of
 * ours and throws (email-render.test.ts renders every kind).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, render, type Template } from '../../engine/index.js';
import { repoRoot } from '../db/database.js';

const compiled = new Map<string, Template>();

function template(name: string): Template {
  let found = compiled.get(name);
  if (found === undefined) {
    const file = join(repoRoot(), 'server/email/templates', `${name}.html`);
    const result = compile(readFileSync(file, 'utf8'), { filename: `${name}.html` });
    if (result.errors.length > 0) throw new Error(`e-mail template ${name}.html: ${result.errors.map((e) => e.message).join('; ')}`);
    found = result.template;
    compiled.set(name, found);
  }
  return found;
}

function renderOne(name: string, data: unknown): string {
  const { html, errors } = render(template(name), data);
  if (errors.length > 0) throw new Error(`e-mail template ${name}.html: ${errors.map((e) => e.message).join('; ')}`);
  return html;
}

export interface EmailFrame {
  readonly siteTitle: string;
  readonly subject: string;
  /** BCP 47 tag of the message's language (default `en`). */
  readonly language?: string | null;
}

/** The whole HTML document of one e-mail of `kind`, its body rendered from `data`. */
export function renderEmailHtml(kind: string, frame: EmailFrame, data: Readonly<Record<string, unknown>>): string {
  const body = renderOne(kind, { siteTitle: frame.siteTitle, ...data });
  return renderOne('layout', { siteTitle: frame.siteTitle, subject: frame.subject, language: frame.language ?? 'en', body });
}
