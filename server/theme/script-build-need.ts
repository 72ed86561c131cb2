/**
 * Whether a theme's script is source that only its build can make runnable: ES-module code (`import … from
 * 'lodash'`, `export`), which a browser refuses as the classic script `<squarespace:script>` loads ("Cannot use
 * import statement outside a module"), or CommonJS (`require('jquery')`), which throws "require is not defined".
 * Labspace's `scripts/main.js` is the first (its build bundles it with `@nonphoto/physics` and lodash); hnp's
 * `scripts/*.js`, which browserify bundles into `bundle.js`, are the second.
 *
 * Told cheaply and without false positives on ordinary scripts:
 * - module syntax by V8 itself: the file is compiled (never run) as a classic script, as the browser would, and
 *   only the errors that module syntax alone causes count, so a word `import` in a string or comment is not
 *   one; what it imports is then read from its tokens (js-tokens.ts);
 * - CommonJS by its tokens: a call `require('name')` in code (not a comment, string or property), in a file that
 *   neither tests for a module system (`typeof require`, `typeof module`, `typeof exports`, `typeof define`:
 *   a UMD file, which runs anywhere) nor uses the name `require` otherwise (a bundle defining its own, a
 *   function taking it as a parameter).
 * A file is read once per change (its size and time kept).
 */
import { readFileSync, statSync } from 'node:fs';
import { Script } from 'node:vm';
import { jsTokens, type JsToken } from './js-tokens.js';

export interface BuildNeed {
  readonly kind: 'module' | 'commonjs';
  /** What it imports or requires, each once, in order. */
  readonly specifiers: readonly string[];
  /** The 1-based line of the first import or require. */
  readonly line: number;
  /** What a browser says when it runs the file as a classic script. */
  readonly browserError: string;
}

/** V8's errors for syntax only a module may hold. */
const MODULE_ONLY = [/Cannot use import statement outside a module/, /Unexpected token 'export'/, /Cannot use 'import\.meta' outside a module/, /await is only valid in async functions and the top level bodies of modules/];
const MODULE_SYSTEMS = new Set(['require', 'module', 'exports', 'define']);

const lineAt = (source: string, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
};

const isProperty = (tokens: readonly JsToken[], i: number) => tokens[i - 1]?.kind === 'punct' && tokens[i - 1]!.text === '.';

/** The string after `from` in an `import`/`export` statement starting at token `i`, with its index. */
function fromSpecifier(tokens: readonly JsToken[], i: number): { text: string; at: number } | null {
  for (let j = i + 1; j < tokens.length && j < i + 400; j++) {
    const t = tokens[j]!;
    if (t.kind === 'punct' && t.text === ';') return null;
    if (t.kind === 'name' && t.text === 'from' && tokens[j + 1]?.kind === 'string') return { text: tokens[j + 1]!.text, at: tokens[j + 1]!.offset };
    // a declaration (`export function f() {…}`) has no `from`
    if (t.kind === 'name' && (t.text === 'import' || t.text === 'export') && j > i + 1 && !isProperty(tokens, j)) return null;
  }
  return null;
}

function moduleNeed(source: string, browserError: string): BuildNeed {
  const tokens = jsTokens(source);
  const specifiers: string[] = [];
  let first = -1;
  tokens.forEach((t, i) => {
    if (t.kind !== 'name' || (t.text !== 'import' && t.text !== 'export') || isProperty(tokens, i)) return;
    const next = tokens[i + 1];
    // import('x') and import.meta are not static imports
    if (next?.kind === 'punct' && (next.text === '(' || next.text === '.')) return;
    const found = t.text === 'import' && next?.kind === 'string' ? { text: next.text, at: next.offset } : fromSpecifier(tokens, i);
    if (first < 0) first = found?.at ?? t.offset;
    if (found !== null && !specifiers.includes(found.text)) specifiers.push(found.text);
  });
  return { kind: 'module', specifiers, line: lineAt(source, Math.max(0, first)), browserError };
}

function commonJsNeed(source: string): BuildNeed | null {
  const tokens = jsTokens(source);
  const specifiers: string[] = [];
  let first = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'name') continue;
    // a file that asks which module system it runs under works without one (UMD)
    if (t.text === 'typeof' && tokens[i + 1]?.kind === 'name' && MODULE_SYSTEMS.has(tokens[i + 1]!.text)) return null;
    if (t.text !== 'require' || isProperty(tokens, i)) continue;
    const [open, arg, close] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    const call = open?.text === '(' && arg?.kind === 'string' && close?.text === ')';
    // `require` used otherwise (declared, a parameter, passed on): the file brings its own
    if (!call) return null;
    if (first < 0) first = t.offset;
    if (!specifiers.includes(arg.text)) specifiers.push(arg.text);
  }
  return specifiers.length === 0 ? null : { kind: 'commonjs', specifiers, line: lineAt(source, first), browserError: 'require is not defined' };
}

/** What `source` needs a build for, or null when a browser can run it as it is. */
export function scriptBuildNeed(source: string): BuildNeed | null {
  try {
    new Script(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (error instanceof SyntaxError && MODULE_ONLY.some((m) => m.test(message))) return moduleNeed(source, message);
    // any other syntax error is the browser's to report, as it is for any broken script
    return null;
  }
  return commonJsNeed(source);
}

const cache = new Map<string, { stamp: string; need: BuildNeed | null }>();
const MAX_CACHED = 256;

/** `scriptBuildNeed` of the file at `path`, read again only when it changed; null when it cannot be read. */
export function scriptFileBuildNeed(path: string): BuildNeed | null {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isFile()) return null;
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const cached = cache.get(path);
  if (cached?.stamp === stamp) return cached.need;
  let need: BuildNeed | null;
  try {
    need = scriptBuildNeed(readFileSync(path, 'utf8'));
  } catch {
    need = null;
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(path, { stamp, need });
  return need;
}

/** The problem's words for a script `name` (`scripts/main.js`) that needs a build. */
export function buildNeedMessage(name: string, need: BuildNeed): string {
  const list = (s: readonly string[]) => (s.length <= 1 ? (s[0] ?? '') : `${s.slice(0, -1).join(', ')} and ${s[s.length - 1]}`);
  const what =
    need.kind === 'module'
      ? `is ES-module source${need.specifiers.length === 0 ? '' : `: it imports ${list(need.specifiers)}`} (line ${need.line})`
      : `is CommonJS source: it requires ${list(need.specifiers)} (line ${need.line})`;
  return `${name} ${what}, which a browser cannot run as the classic script this tag loads ("${need.browserError}"). The theme's build must bundle it with what it imports into one script in scripts/; until then it is not loaded.`;
}
