/**
 * Where in the LESS source a runtime error of `@squarespace/less-ts` is. The compiler reports an undefined
 * variable, a mixin it cannot find or a function given the wrong argument with the names involved and the
 * blocks it was in (`.a { .b { … } }`, a mixin's body), but with no position. So the place is found in the
 * text: every use of the name the message gives (`@gap`, `@{gap}`, `.nomixin`, `fade(`) or, failing that, of
 * the declaration's property, ranked by whether the block around it is the one the compiler was in.
 */
import { Media, Mixin, Rule, Ruleset, type LessCompiler, type LessErrorEvent } from '@squarespace/less-ts';
import { TextKind } from './less-text.js';

/** A block of the text: where its `{` and `}` are and the text before the `{` (its selector, `@media …`). */
interface Block {
  readonly open: number;
  readonly close: number;
  readonly head: string;
}

const squeeze = (s: string) => s.replace(/\s+/g, '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The blocks of `text`, outermost first. */
function blocksOf(text: string, kinds: Uint8Array): Block[] {
  const blocks: Block[] = [];
  const open: { at: number; head: string }[] = [];
  let statementStart = 0;
  for (let i = 0; i < text.length; i++) {
    if (kinds[i] !== TextKind.Code) continue;
    const c = text[i];
    if (c === '{') {
      open.push({ at: i, head: squeeze(text.slice(statementStart, i).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')) });
      statementStart = i + 1;
    } else if (c === '}') {
      const block = open.pop();
      if (block !== undefined) blocks.push({ open: block.at, close: i, head: block.head });
      statementStart = i + 1;
    } else if (c === ';') statementStart = i + 1;
  }
  return blocks.sort((a, b) => a.open - b.open);
}

/** What the compiler's block frames say: the selectors, mixin names and media heads, innermost first. */
function frameHeads(event: LessErrorEvent, compiler: LessCompiler): string[] {
  const ctx = compiler.context();
  const heads: string[] = [];
  for (const frame of [...event.stack].reverse()) {
    if (frame instanceof Ruleset) heads.push(squeeze(ctx.render(frame.selectors)));
    else if (frame instanceof Mixin) heads.push(squeeze(frame.name));
    else if (frame instanceof Media) heads.push('@media');
  }
  return heads;
}

/** Offsets of `pattern`'s matches in `text` whose first character is of one of `kinds`. */
function matches(text: string, kinds: Uint8Array, pattern: RegExp, allowed: readonly TextKind[]): number[] {
  return [...text.matchAll(pattern)].map((m) => m.index + (m[1]?.length ?? 0)).filter((at) => allowed.includes(kinds[at] as TextKind));
}

/**
 * Where `selector` (`.m`, `#ns > .m`: its last part) is called as a mixin: followed by `;`, or by `(…)` then `;`,
 * `}` or `!important`, never by `{` (a definition).
 */
export function mixinCalls(text: string, kinds: Uint8Array, selector: string): number[] {
  const last = escapeRegExp(selector.trim().split(/\s*>\s*|\s+/).pop()!);
  return matches(text, kinds, new RegExp(`([\\s;{])${last}(?![\\w-])\\s*(\\([^)]*\\))?\\s*(!\\s*important\\s*)?[;}]`, 'g'), [TextKind.Code]);
}

/** The places the error could be at, from the names its message and node give. */
function candidates(text: string, kinds: Uint8Array, event: LessErrorEvent, compiler: LessCompiler): number[] {
  const message = event.errors.map((e) => e.message).join(' ');
  const variable = /variable @([\w-]+)/i.exec(message) ?? /Variable @([\w-]+)/.exec(message);
  if (variable !== null) {
    const name = escapeRegExp(variable[1]!);
    // a use, not the definition (`@gap:`), in code or interpolated (`~"@{gap}"`, `(~".a-@{gap}")`)
    const uses = matches(text, kinds, new RegExp(`()@${name}(?![\\w-])(?!\\s*:)`, 'g'), [TextKind.Code]);
    const interpolated = matches(text, kinds, new RegExp(`()@\\{${name}\\}`, 'g'), [TextKind.Literal]);
    return [...uses, ...interpolated].sort((a, b) => a - b);
  }
  const mixin = /mixin using selector (.+)$/i.exec(message);
  if (mixin !== null) return mixinCalls(text, kinds, mixin[1]!);
  const fn = /Function ([\w-]+)/.exec(message);
  if (fn !== null) return matches(text, kinds, new RegExp(`()(?<![\\w-])${escapeRegExp(fn[1]!)}\\(`, 'g'), [TextKind.Code]);
  if (event.node instanceof Rule) {
    const property = compiler.context().render(event.node.property).trim();
    if (property !== '') return matches(text, kinds, new RegExp(`([\\s;{])${escapeRegExp(property)}\\s*:`, 'g'), [TextKind.Code]);
  }
  return [];
}

/**
 * The offset in `text` of the error `event` reports, or null when no use of what it names is found. Of several
 * uses, the first inside a block the compiler was in (its innermost first) wins, else the first.
 */
export function runtimeErrorOffset(text: string, kinds: Uint8Array, event: LessErrorEvent, compiler: LessCompiler): number | null {
  const found = candidates(text, kinds, event, compiler);
  if (found.length <= 1) return found[0] ?? null;
  const heads = frameHeads(event, compiler);
  const blocks = blocksOf(text, kinds);
  const headAt = (offset: number) => {
    let inner: Block | undefined;
    for (const b of blocks) if (b.open < offset && offset < b.close) inner = b;
    return inner?.head ?? '';
  };
  const fits = (head: string, frame: string) => head === frame || (frame !== '' && (head.startsWith(`${frame}(`) || (frame === '@media' && head.startsWith('@media'))));
  for (const frame of heads) {
    const hit = found.find((offset) => fits(headAt(offset), frame));
    if (hit !== undefined) return hit;
  }
  return found[0]!;
}
