/**
 * The second tier of execution: a block tree turned into one generated JavaScript function.
 *
 * The closures of compiler.ts cost a call per node, and every piece of output goes through `ctx.out`. For a
 * template rendered again and again (a theme's page), this module writes the same control flow as straight
 * JavaScript — text as string literals appended to a local, sections, repeated sections, predicates and
 * `.if` as plain `if` and `for` — and calls out only for what needs the compiler's closures (variable
 * getters with their formatters, predicate tests, and the rarer instructions, run as they are).
 *
 * Nothing from the template reaches the generated source except through JSON.stringify (string literals)
 * and indexes into the closure table, so a template cannot inject code.
 */
import {
  type CompileEnv,
  compileIfTest,
  ifOperands,
  compileNode,
  compilePredicate,
  compileSectionRef,
  compileValue,
  type Exec,
} from './compiler.js';
import { lookupSource, stepSource } from './accessors.js';
import { isPlainKey } from './context.js';
import { type IfNode, KEYWORD_TEXT, type Node, type OrNode, type PredicateCall, type VarRef } from './instructions.js';
import { CORE_PREDICATES, jsonEqual } from './plugins/core/predicates.js';
import type { PredicateArg } from './plugins/types.js';
import { isTruthy, toText } from './values.js';

/** The core equality predicates, which generated code may replace with inline comparisons. */
const CORE_EQUALITY: ReadonlySet<unknown> = new Set(CORE_PREDICATES.filter((p) => p.name === 'equal?' || p.name === 'notEqual?'));

/**
 * Instructions per generated function. V8 optimises small functions and leaves huge ones to the interpreter,
 * so a long block is cut into functions of about this size, called one after the other.
 */
const CHUNK = 120;

/** An instruction with everything nested in it, counted in instructions. */
function weight(node: Node): number {
  let w = 1;
  const add = (nodes: readonly Node[] | null) => {
    if (nodes !== null) for (const n of nodes) w += weight(n);
  };
  if ('block' in node) add(node.block);
  if (node.type === 'repeated') add(node.alternatesWith);
  if ('alternative' in node) for (let or = node.alternative; or !== null; or = or.alternative) add(or.block);
  return w;
}

class Generator {
  readonly table: unknown[] = [];
  private depth = 0;

  constructor(private readonly env: CompileEnv) {}

  private ref(value: unknown): string {
    this.table.push(value);
    return `K[${this.table.length - 1}]`;
  }

  /** A block's code: inline when small, else a call to one generated function per chunk of it. */
  block(nodes: readonly Node[]): string {
    const weights = nodes.map(weight);
    if (weights.reduce((a, b) => a + b, 0) <= CHUNK) return this.inline(nodes);
    let code = '';
    let start = 0;
    while (start < nodes.length) {
      let end = start + 1;
      let w = weights[start]!;
      while (end < nodes.length && w + weights[end]! <= CHUNK) w += weights[end++]!;
      code += `ctx.out = out; ${this.ref(this.function(nodes.slice(start, end)))}(ctx); out = ctx.out;\n`;
      start = end;
    }
    return code;
  }

  private inline(nodes: readonly Node[]): string {
    let code = '';
    for (const node of nodes) code += this.node(node);
    return code;
  }

  /** A function of its own for `nodes`, sharing this generator's table. */
  function(nodes: readonly Node[]): Exec {
    const depth = this.depth;
    this.depth = 0;
    const body = this.inline(nodes);
    this.depth = depth;
    return this.compile(body);
  }

  /** The generated function around `body`, with this generator's table. */
  compile(body: string): Exec {
    const source = `return function generated(ctx) {\nlet out = ctx.out;\nlet v, f, n;\n${body}ctx.out = out;\n};`;
    return new Function('K', 'T', 'I', 'E', source)(this.table, toText, isTruthy, jsonEqual) as Exec;
  }

  private node(node: Node): string {
    switch (node.type) {
      case 'text':
        return node.text === '' ? '' : `out += ${JSON.stringify(node.text)};\n`;
      case 'comment':
        return '';
      case 'keyword':
        return `out += ${JSON.stringify(KEYWORD_TEXT[node.keyword])};\n`;
      case 'variable': {
        const inline = node.formatters.length === 0 && node.vars.length === 1 ? this.refCode(node.vars[0]!, 'v', false) : null;
        if (inline !== null) return `${inline}out += typeof v === 'string' ? v : T(v);\n`;
        const value = compileValue(node.vars, node.formatters, this.env);
        if (value === null) return `out += ${JSON.stringify(node.source)};\n`;
        return `v = ${this.ref(value)}(ctx); out += typeof v === 'string' ? v : T(v);\n`;
      }
      case 'section': {
        const d = this.depth++;
        const code =
          this.sectionValue(node.path, `s${d}`) +
          `ctx.push(s${d}, -1, false);\n` +
          `if (I(s${d})) {\n${this.block(node.block)}}` +
          this.elseBranch(node.alternative) +
          `\nctx.pop();\n`;
        this.depth--;
        return `{\n${code}}\n`;
      }
      case 'repeated': {
        const d = this.depth++;
        const between = node.alternatesWith === null ? '' : this.block(node.alternatesWith);
        const code =
          this.sectionValue(node.path, `a${d}`) +
          `if (Array.isArray(a${d}) && a${d}.length > 0) {\n` +
          `const n${d} = a${d}.length;\n` +
          // the list is a frame under its elements (see compiler.ts)
          `ctx.push(a${d}, -1, false);\n` +
          `for (let i${d} = 0; i${d} < n${d}; i${d}++) {\n` +
          `const e${d} = a${d}[i${d}];\n` +
          `ctx.push(e${d} === null ? undefined : e${d}, i${d}, false);\n` +
          this.block(node.block) +
          (between === '' ? '' : `if (i${d} < n${d} - 1) {\n${between}}\n`) +
          `ctx.pop();\n}\nctx.pop();\n}` +
          this.elseBranch(node.alternative) +
          '\n';
        this.depth--;
        return `{\n${code}}\n`;
      }
      case 'predicate':
        return this.branch(node.predicate, node.offset, node.block, node.alternative);
      case 'if': {
        // `{.if }`: no condition, neither branch runs (as on the platform).
        if (node.vars.length === 0) return '';
        const test = this.ifTest(node);
        if (test === null) {
          return `if (${this.ref(compileIfTest(node))}(ctx)) {\n${this.block(node.block)}}${this.elseBranch(node.alternative)}\n`;
        }
        const d = this.depth++;
        const code = `{\nlet c${d};\n${test(`c${d}`)}if (c${d}) {\n${this.block(node.block)}}${this.elseBranch(node.alternative)}\n}\n`;
        this.depth--;
        return code;
      }
      default: {
        // bindvar, ctxvar, macro, include, inject, eval: run their closure, with the output handed over.
        const exec = compileNode(node, this.env);
        return `ctx.out = out; ${this.ref(exec)}(ctx); out = ctx.out;\n`;
      }
    }
  }

  /** `const name = <section value>;`, inline when the path allows, else through the compiled getter. */
  private sectionValue(path: VarRef, name: string): string {
    const inline = this.refCode(path, name, true);
    return inline !== null ? `let ${name};\n${inline}` : `const ${name} = ${this.ref(compileSectionRef(path))}(ctx);\n`;
  }

  /**
   * Statements that leave a path's value in `target`, with one inline property load per step (each with its
   * own inline cache). Null for the rarer heads and keys, which keep their compiled getters.
   */
  private refCode(ref: VarRef, target: string, section: boolean): string | null {
    const [first, ...rest] = ref.segs;
    if (first === undefined || !rest.every(isPlainKey)) return null;
    let code: string;
    if (first === '@') code = `${target} = ctx.frame.node;\n`;
    else if (first.charCodeAt(0) === 64 || !isPlainKey(first)) return null; // @index, @name...
    else if (section) code = `${target} = ctx.frame.node;\n${stepSource(target, first)}`;
    else code = lookupSource(target, first, 'ctx.frame'); // written out at each use: each gets its own inline cache
    for (const key of rest) code += stepSource(target, key);
    return code;
  }

  /**
   * `{.if a && b || c}` inline: the operands that count (see ifOperands), short-circuit, each path read inline.
   * Null when a path needs its compiled getter.
   */
  private ifTest(node: IfNode): ((target: string) => string) | null {
    const reads = node.vars.slice(0, ifOperands(node)).map((ref) => this.refCode(ref, 'v', false));
    if (reads.some((r) => r === null)) return null;
    const and = node.operators[0] === '&&';
    return (c) => {
      let code = `${reads[0]}${c} = I(v);\n`;
      for (let i = 1; i < reads.length; i++) code += `if (${and ? '' : '!'}${c}) {\n${reads[i]}${c} = I(v);\n}\n`;
      return code;
    };
  }

  private elseBranch(or: OrNode | null): string {
    if (or === null) return '';
    if (or.predicate === null) return ` else {\n${this.block(or.block)}}`;
    return ` else {\n${this.branch(or.predicate, or.offset, or.block, or.alternative)}}`;
  }

  /** A predicate with its block and alternatives: `equal?`/`notEqual?` inline, others through their closure. */
  private branch(call: PredicateCall, offset: number, block: readonly Node[], alternative: OrNode | null): string {
    const d = this.depth++;
    const inline = this.equalityTest(call, `a${d}`, `b${d}`);
    const code =
      inline === null
        ? `if (${this.ref(compilePredicate(call, offset, this.env))}(ctx)) {\n${this.block(block)}}${this.elseBranch(alternative)}\n`
        : `{\nlet a${d}, b${d};\n${inline.setup}if (${inline.test}) {\n${this.block(block)}}${this.elseBranch(alternative)}\n}\n`;
    this.depth--;
    return code;
  }

  /**
   * `{.equal? a "b"}` and `{.notEqual? …}` (the commonest predicates of real themes) as inline code with the
   * same meaning as the core predicates: two sides, either the current node and one argument or two
   * arguments, compared by JSON equality. Null for anything else.
   */
  private equalityTest(call: PredicateCall, a: string, b: string): { setup: string; test: string } | null {
    const r = call.resolved;
    if (r === null || r === undefined) return null;
    const name = r.impl.name;
    if (!CORE_EQUALITY.has(r.impl)) return null;
    const args = r.args;
    if (args.length === 0 || args.length > 2) return null;
    const side = (arg: PredicateArg, target: string): string | null => {
      if (arg.kind === 'literal') return `${target} = ${this.ref(arg.value)};\n`;
      return this.refCode({ raw: arg.raw, segs: arg.path }, target, false);
    };
    const first = args.length === 2 ? side(args[0]!, a) : `${a} = ctx.frame.node;\n`;
    const second = side(args[args.length - 1]!, b);
    if (first === null || second === null) return null;
    return { setup: first + second, test: `${name === 'equal?' ? '' : '!'}E(${a}, ${b})` };
  }
}

/**
 * Above this many instructions a template keeps its closures. Generated code is specific to each template,
 * so a very long one fills the instruction cache where closures share their code; measured on the bench
 * shapes, closures win from about 1,500 instructions of plain variables on (a theme page is a few hundred).
 */
export const MAX_GENERATED = 1500;

/**
 * Generated code for a block tree (one function, or a few for a long block); null when the tree is too large
 * to gain from it or generation fails.
 */
export function generateBlock(nodes: readonly Node[], env: CompileEnv): Exec | null {
  if (nodes.reduce((w, n) => w + weight(n), 0) > MAX_GENERATED) return null;
  const g = new Generator(env);
  try {
    return g.compile(g.block(nodes));
  } catch {
    return null;
  }
}
