/**
 * `<squarespace:block-field id columns class>`: an area of blocks the site owner fills (a footer, a page's
 * intro), rendered where the tag stands (server/theme/tag-formatter.ts; its `id` and `class` may hold JSON-T,
 * `id="{id}_intro"`): its stored blocks in the platform's grid markup, or an empty field (`sqs-layout …
 * empty`) where the owner has put none.
 *
 * Stored blocks are the site document `blockFields`: `{ [id]: [block, …] }`, a block being
 * `{ type: "html", html }` (owner HTML, shown as is, as a page body is), `{ type: "image", url, alt }` or
 * `{ type: "button", text, url }`.
 */
import { isRecord } from '../../commerce/json.js';
import { escapeHtml } from '../escape-html.js';
import { safeUrl } from '../../commerce/safe-url.js';

export const BLOCK_FIELDS_DOCUMENT = 'blockFields';

export type Block =
  | { readonly type: 'html'; readonly html: string }
  | { readonly type: 'image'; readonly url: string; readonly alt: string }
  | { readonly type: 'button'; readonly text: string; readonly url: string };

export type StoredBlockFields = ReadonlyMap<string, readonly Block[]>;

/** Block type codes (spec 001 enumerations). */
const BLOCK_TYPES = { html: 2, image: 5, button: 53 } as const;

/** Site paths, http(s), mailto and tel links only (commerce/safe-url.ts): a stored link never runs script. */
const linkOrHash = (url: string) => safeUrl(url, 'link') ?? '#';

/** The stored document as blocks by field id; anything malformed is left out. */
export function storedBlockFields(document: unknown): StoredBlockFields {
  const fields = new Map<string, Block[]>();
  if (!isRecord(document)) return fields;
  for (const [id, blocks] of Object.entries(document)) {
    if (!Array.isArray(blocks)) continue;
    const valid: Block[] = [];
    for (const b of blocks) {
      if (!isRecord(b)) continue;
      if (b['type'] === 'html' && typeof b['html'] === 'string') valid.push({ type: 'html', html: b['html'] });
      else if (b['type'] === 'image' && typeof b['url'] === 'string') valid.push({ type: 'image', url: b['url'], alt: typeof b['alt'] === 'string' ? b['alt'] : '' });
      else if (b['type'] === 'button' && typeof b['text'] === 'string' && typeof b['url'] === 'string') valid.push({ type: 'button', text: b['text'], url: b['url'] });
    }
    fields.set(id, valid);
  }
  return fields;
}

function blockHtml(block: Block, fieldId: string, index: number): string {
  const id = `block-${escapeHtml(fieldId)}-${index + 1}`;
  const wrap = (kind: keyof typeof BLOCK_TYPES, inner: string) =>
    `<div class="sqs-block ${kind}-block sqs-block-${kind}" data-block-type="${BLOCK_TYPES[kind]}" id="${id}"><div class="sqs-block-content">${inner}</div></div>`;
  switch (block.type) {
    case 'html':
      return wrap('html', block.html);
    case 'image':
      return wrap('image', `<img src="${escapeHtml(linkOrHash(block.url))}" alt="${escapeHtml(block.alt)}" loading="lazy">`);
    case 'button':
      return wrap('button', `<div class="sqs-block-button-container"><a class="sqs-block-button-element" href="${escapeHtml(linkOrHash(block.url))}">${escapeHtml(block.text)}</a></div>`);
  }
}

/** One block field in the platform's markup: a 12-column grid of one row holding the blocks. */
export function blockFieldHtml(id: string, columns: number, cls: string, blocks: readonly Block[]): string {
  const classes = ['sqs-layout', `sqs-grid-${columns}`, `columns-${columns}`, ...(blocks.length === 0 ? ['empty'] : []), ...cls.split(/\s+/).filter(Boolean)];
  return (
    `<div class="${escapeHtml(classes.join(' '))}" data-type="block-field" id="${escapeHtml(id)}">` +
    `<div class="row sqs-row"><div class="col sqs-col-${columns} span-${columns}">${blocks.map((b, i) => blockHtml(b, id, i)).join('')}</div></div></div>`
  );
}
