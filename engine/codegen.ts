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
  formatterFailed,
} from './compiler.js';
import { lookupSource, stepSource } from './accessors.js';
import { isPlainKey, type Site } from './context.js';
import { type IfNode, KEYWORD_TEXT, type Node, type OrNode, type PredicateCall, type VariableNode, type VarRef } from './instructions.js';
import { CORE_APPLY, type ApplyState } from './plugins/core/formatters.js';
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

/**
 * Constant text carried into a branch, or past its end, to be joined with the text there. Every piece of
 * output is a leaf of the page's rope, which V8 copies one by one when the page is flattened; joining the
 * whitespace and markup around block tags at compile time (`\n    ` + `{.end}` + `\n    <div …`) saves a leaf
 * and an append at each. Longer runs are written where they stand, so no text is copied into many branches.
 */
const MAX_CARRIED_TEXT = 256;

class Generator {
  readonly table: unknown[] = [];
  private depth = 0;
  /**
   * Sections whose frame is not built (see frameFree), innermost last: the locals holding their nodes, which
   * inline reads look in before the frames of `ctx.frame`.
   */
  private virtual: string[] = [];
  private labels = 0;

  constructor(private readonly env: CompileEnv) {}

  private ref(value: unknown): string {
    this.table.push(value);
    return `K[${this.table.length - 1}]`;
  }

  /**
   * A block's code, appending `before`, then the block's output, then `after` (text of the enclosing block, that
   * the caller leaves out). Inline when small, else a call to one generated function per chunk of it.
   */
  block(nodes: readonly Node[], before: string, after: string): string {
    const weights = nodes.map(weight);
    if (weights.reduce((a, b) => a + b, 0) <= CHUNK) return this.sequence(nodes, before, after);
    let code = '';
    let start = 0;
    while (start < nodes.length) {
      let end = start + 1;
      let w = weights[start]!;
      while (end < nodes.length && w + weights[end]! <= CHUNK) w += weights[end++]!;
      const chunk = this.function(nodes.slice(start, end), start === 0 ? before : '', end === nodes.length ? after : '');
      code += `ctx.out = out; ${this.ref(chunk)}(ctx); out = ctx.out;\n`;
      start = end;
    }
    return code;
  }

  /** A function of its own for `nodes`, sharing this generator's table. */
  function(nodes: readonly Node[], before: string, after: string): Exec {
    const depth = this.depth;
    const virtual = this.virtual;
    this.depth = 0;
    this.virtual = [];
    const body = this.sequence(nodes, before, after);
    this.depth = depth;
    this.virtual = virtual;
    return this.compile(body);
  }

  /** The generated function around `body`, with this generator's table. */
  compile(body: string): Exec {
    const source = `'use strict';\nreturn function generated(ctx) {\nlet out = ctx.out;\nlet v, f, n, c;\n${body}ctx.out = out;\n};`;
    return new Function('K', 'T', 'I', 'E', 'F', source)(this.table, toText, isTruthy, jsonEqual, formatterFailed) as Exec;
  }

  /**
   * The nodes of one block in order. Constant text is held back (`pending`) past instructions that write no
   * output (a frame, a test, `.var`, `.macro`) and carried into the branches of a section, predicate or `.if`,
   * together with the text that follows it (see MAX_CARRIED_TEXT); it is written before any instruction that
   * writes output and at the end.
   */
  private sequence(nodes: readonly Node[], before: string, after: string): string {
    let code = '';
    let pending = before;
    const flush = (): string => {
      const text = pending === '' ? '' : `out += ${JSON.stringify(pending)};\n`;
      pending = '';
      return text;
    };
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      const text = constantText(node);
      if (text !== null) {
        pending += text;
        continue;
      }
      switch (node.type) {
        case 'section':
        case 'predicate':
        case 'if': {
          // The text after the branch point, up to the next instruction (and the block's `after` at its end).
          let j = i + 1;
          let following = '';
          for (let t: string | null; j < nodes.length && (t = constantText(nodes[j]!)) !== null; j++) following += t;
          if (j === nodes.length) following += after;
          if (pending.length > MAX_CARRIED_TEXT) code += flush();
          if (following.length > MAX_CARRIED_TEXT) {
            code += this.branching(node, pending, '');
            pending = '';
            continue;
          }
          code += this.branching(node, pending, following);
          pending = '';
          i = j - 1;
          if (j === nodes.length) return code; // `after` went into the branches
          continue;
        }
        case 'bindvar':
        case 'ctxvar':
        case 'macro':
        case 'inject':
          code += this.silent(node);
          continue;
        default:
          code += flush() + this.writing(node);
      }
    }
    pending += after;
    return code + flush();
  }

  /** A section, predicate or `.if`, each of its paths starting with `before` and ending with `after`. */
  private branching(node: Node, before: string, after: string): string {
    switch (node.type) {
      case 'section': {
        const d = this.depth++;
        let code = this.sectionValue(node.path, `s${d}`);
        if (weight(node) <= CHUNK && this.frameFree(node.block) && this.alternativeFree(node.alternative)) {
          // No frame object: the block's reads look in `s${d}` first (see frameFree); the step is counted all the same.
          code += this.count(node.offset, before);
          this.virtual.push(`s${d}`);
          code += `if (${truthy(`s${d}`)}) {\n${this.block(node.block, before, after)}}` + this.elseBranch(node.alternative, before, after) + '\n';
          this.virtual.pop();
        } else {
          code +=
            this.push(`s${d}`, '-1', node.offset, before) +
            `if (${truthy(`s${d}`)}) {\n${this.block(node.block, before, after)}}` +
            this.elseBranch(node.alternative, before, after) +
            `\n${POP}`;
        }
        this.depth--;
        return `{\n${code}}\n`;
      }
      case 'predicate':
        return this.branch(node.predicate, node.offset, node.block, node.alternative, before, after);
      case 'if': {
        // `{.if }` (no condition) runs neither branch (see compileIf).
        if (node.vars.length === 0) return before + after === '' ? '' : `out += ${JSON.stringify(before + after)};\n`;
        const test = this.ifTest(node);
        if (test === null) {
          return `if (${this.ref(compileIfTest(node))}(ctx)) {\n${this.block(node.block, before, after)}}${this.elseBranch(node.alternative, before, after)}\n`;
        }
        const d = this.depth++;
        const code = `{\nlet c${d};\n${test(`c${d}`)}if (c${d}) {\n${this.block(node.block, before, after)}}${this.elseBranch(node.alternative, before, after)}\n}\n`;
        this.depth--;
        return code;
      }
      default:
        throw new Error(`not a branching instruction: ${node.type}`);
    }
  }

  /** An instruction that writes no output. */
  private silent(node: Node): string {
    if (node.type === 'bindvar' && node.formatters.length === 0 && node.vars.length === 1) {
      // `{.var @name path}` without formatters: the path read inline.
      const inline = this.refCode(node.vars[0]!, 'v', false);
      if (inline !== null) return `${inline}ctx.setVar(${JSON.stringify(node.name)}, v);\n`;
    }
    return this.closure(node);
  }

  /** An instruction that writes output: a variable, a repeated section, `.include`, `.eval`. */
  private writing(node: Node): string {
    switch (node.type) {
      case 'variable': {
        const inline = node.formatters.length === 0 && node.vars.length === 1 ? this.refCode(node.vars[0]!, 'v', false) : null;
        if (inline !== null) return `${inline}${this.write(node.offset)}`;
        const apply = this.applyCode(node);
        if (apply !== null) return `${apply}${this.write(node.offset)}`;
        const value = compileValue(node.vars, node.formatters, this.env);
        // ctx.out is brought up to date first: should a formatter stop the render (an apply over the budget), the
        // page returned holds everything written before it, as with closures.
        return `ctx.out = out; v = ${this.ref(value)}(ctx);\n${this.write(node.offset)}`;
      }
      case 'repeated': {
        const d = this.depth++;
        const between = node.alternatesWith === null ? '' : this.block(node.alternatesWith, '', '');
        const code =
          this.sectionValue(node.path, `a${d}`) +
          `if (Array.isArray(a${d}) && a${d}.length > 0) {\n` +
          `const n${d} = a${d}.length;\n` +
          // the list is a frame under its elements (see compiler.ts)
          this.push(`a${d}`, '-1', node.offset) +
          `for (let i${d} = 0; i${d} < n${d}; i${d}++) {\n` +
          `const e${d} = a${d}[i${d}];\n` +
          this.push(`e${d}`, `i${d}`, node.offset) +
          this.block(node.block, '', '') +
          (between === '' ? '' : `if (i${d} < n${d} - 1) {\n${between}}\n`) +
          `${POP}}\n${POP}}` +
          this.elseBranch(node.alternative, '', '') +
          '\n';
        this.depth--;
        return `{\n${code}}\n`;
      }
      default:
        // include, eval
        return this.closure(node);
    }
  }

  /**
   * `{path|apply name}` (a theme's partials, a few per page) as inline code leaving the partial's output in `v`:
   * the path read inline and the partial run through RenderContext.applyTemplate, without the formatter's
   * closure, its generic call and its state checks. The same steps as singleFormatter in compiler.ts, but for
   * the formatter's frame, which is counted and not built: the partial's own frame holds the same node, and a
   * frame without variables, macros, index or stop is only its node on any walk. A failure is reported as
   * FORMATTER_FAILED. Null for any other tag, and for an apply with `key=value` arguments (each call needs its
   * own copy of them).
   */
  private applyCode(node: VariableNode): string | null {
    if (node.vars.length !== 1 || node.formatters.length !== 1) return null;
    const call = node.formatters[0]!;
    const r = call.resolved;
    if (r === null || r === undefined || r.impl !== CORE_APPLY) return null;
    const state = r.state as ApplyState | undefined;
    if (state === undefined || state.kv !== null) return null;
    const read = this.refCode(node.vars[0]!, 'v', false);
    if (read === null) return null;
    const site = this.ref({ unit: this.env.unit, offset: call.offset } satisfies Site);
    return (
      `${read}ctx.site = ${site};\n` +
      `if (++ctx.steps > ctx.maxSteps || out.length > ctx.maxOutput) { ctx.out = out; ctx.checkBudget(out.length, ${site}); }\n` +
      `ctx.out = out;\n` +
      `try { v = ctx.applyTemplate(${JSON.stringify(state.name)}, v, null, ${state.isPrivate}); } ` +
      `catch (e) { v = F(ctx, ${JSON.stringify(CORE_APPLY.name)}, e); }\n`
    );
  }

  /**
   * A new frame for `node` (an expression of the generated code): the work budget counted as RenderContext.push
   * does, the frame written as newFrame writes it (same shape), and the instruction's position for the error.
   */
  private push(node: string, index: string, offset: number, carried = ''): string {
    return this.count(offset, carried) + `ctx.frame = { node: ${node}, parent: ctx.frame, index: ${index}, vars: null, macros: null, stop: false };\n`;
  }

  /**
   * The work budget counted for a frame at `offset`, as RenderContext.push counts it. `carried`: the text before
   * the instruction that this code writes inside its branches (see sequence); closures write it before the frame
   * is counted, so it counts here too, and a render stopped here ends with it.
   */
  private count(offset: number, carried = ''): string {
    const site: Site = { unit: this.env.unit, offset };
    const length = carried === '' ? 'out.length' : `out.length + ${carried.length}`;
    const written = carried === '' ? '' : `out += ${JSON.stringify(carried)}; `;
    return `if (++ctx.steps > ctx.maxSteps || ${length} > ctx.maxOutput) { ${written}ctx.out = out; ctx.checkBudget(out.length, ${this.ref(site)}); }\n`;
  }

  /**
   * Whether a section's block can run without its frame object: every instruction in it is text, a variable
   * read inline, or a section, `.if` or `equal?`/`notEqual?` made of the same. Nothing in such a block looks at
   * the frames but the inline reads, which look in the sections' locals first: a frame without variables,
   * macros or a stop is only its node on the walk outward. Anything that runs a closure (formatters, other
   * predicates, `.var`, loops, `apply`) sees `ctx.frame` and needs the frame built.
   */
  private frameFree(nodes: readonly Node[]): boolean {
    return nodes.every((node) => {
      if (constantText(node) !== null) return true;
      switch (node.type) {
        case 'variable':
          return node.formatters.length === 0 && node.vars.length === 1 && inlineRef(node.vars[0]!, false);
        case 'section':
          return inlineRef(node.path, true) && this.frameFree(node.block) && this.alternativeFree(node.alternative);
        case 'if':
          return (
            node.vars.slice(0, ifOperands(node)).every((ref) => inlineRef(ref, false)) &&
            this.frameFree(node.block) &&
            this.alternativeFree(node.alternative)
          );
        case 'predicate':
          return this.equalityTest(node.predicate, 'a', 'b') !== null && this.frameFree(node.block) && this.alternativeFree(node.alternative);
        default:
          return false;
      }
    });
  }

  private alternativeFree(or: OrNode | null): boolean {
    for (; or !== null; or = or.alternative) {
      if (or.predicate !== null && this.equalityTest(or.predicate, 'a', 'b') === null) return false;
      if (!this.frameFree(or.block)) return false;
    }
    return true;
  }

  /**
   * Appends the value `v` of the variable at `offset` as text, unless it would take the page past maxOutput
   * (see compiler.ts `write`): the render then stops there, with the page written so far.
   */
  private write(offset: number): string {
    const site: Site = { unit: this.env.unit, offset };
    return (
      `if (typeof v !== 'string') v = T(v);\n` +
      `if (out.length + v.length > ctx.maxOutput) { ctx.out = out; ctx.outputExceeded(${this.ref(site)}); }\nout += v;\n`
    );
  }

  /** An instruction run by its closure, with the output handed over. */
  private closure(node: Node): string {
    const exec = compileNode(node, this.env);
    return `ctx.out = out; ${this.ref(exec)}(ctx); out = ctx.out;\n`;
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
    if (!inlineRef(ref, section)) return null;
    const [first, ...rest] = ref.segs as [string, ...string[]];
    const here = this.here();
    let code: string;
    if (first === '@') code = `${target} = ${here};\n`;
    // A section without its frame sets no variables: the walk for one starts at the frames.
    else if (first.charCodeAt(0) === 64) code = varSource(target, first);
    else if (section) code = `${target} = ${here};\n${stepSource(target, first)}`;
    else code = this.lookupCode(target, first); // written out at each use: each gets its own inline cache
    for (const key of rest) code += isPlainKey(key) ? stepSource(target, key) : indexStepSource(target, key);
    return code;
  }

  /** The current node: the innermost section without a frame, else the current frame's. */
  private here(): string {
    return this.virtual.length > 0 ? this.virtual[this.virtual.length - 1]! : 'ctx.frame.node';
  }

  /** `key` looked up innermost outward: in the nodes of sections without frames, then along `ctx.frame`. */
  private lookupCode(target: string, key: string): string {
    if (this.virtual.length === 0) return lookupSource(target, key, 'ctx.frame');
    const label = `l${this.labels++}`;
    let code = `${label}: {\n`;
    for (let i = this.virtual.length - 1; i >= 0; i--) {
      code += `n = ${this.virtual[i]}; if (n !== null && n !== undefined && (${target} = n[${JSON.stringify(key)}]) !== undefined) break ${label};\n`;
    }
    return `${code}${lookupSource(target, key, 'ctx.frame')}}\n`;
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
      let code = `${reads[0]}${c} = ${truthy('v')};\n`;
      for (let i = 1; i < reads.length; i++) code += `if (${and ? '' : '!'}${c}) {\n${reads[i]}${c} = ${truthy('v')};\n}\n`;
      return code;
    };
  }

  /** The alternative of a branch; without one, a path that writes only `before` and `after`. */
  private elseBranch(or: OrNode | null, before: string, after: string): string {
    if (or === null) return before + after === '' ? '' : ` else {\nout += ${JSON.stringify(before + after)};\n}`;
    if (or.predicate === null) return ` else {\n${this.block(or.block, before, after)}}`;
    return ` else {\n${this.branch(or.predicate, or.offset, or.block, or.alternative, before, after)}}`;
  }

  /** A predicate with its block and alternatives: `equal?`/`notEqual?` inline, others through their closure. */
  private branch(
    call: PredicateCall,
    offset: number,
    block: readonly Node[],
    alternative: OrNode | null,
    before: string,
    after: string,
  ): string {
    const d = this.depth++;
    const inline = this.equalityTest(call, `a${d}`, `b${d}`);
    const body = this.block(block, before, after);
    const otherwise = this.elseBranch(alternative, before, after);
    let code: string;
    if (inline !== null) code = `{\nlet a${d}, b${d};\n${inline.setup}if (${inline.test}) {\n${body}}${otherwise}\n}\n`;
    else {
      // A predicate that failed (undefined) runs neither branch (see compilePredicate); the text around still prints.
      const neither = `else if (t${d} === undefined) {\n${before + after === '' ? '' : `out += ${JSON.stringify(before + after)};\n`}}`;
      code = `{\nconst t${d} = ${this.ref(compilePredicate(call, offset, this.env))}(ctx);\nif (t${d}) {\n${body}} ${neither}${otherwise}\n}\n`;
    }
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
    const first = args.length === 2 ? side(args[0]!, a) : `${a} = ${this.here()};\n`;
    const second = side(args[args.length - 1]!, b);
    if (first === null || second === null) return null;
    return { setup: first + second, test: `${name === 'equal?' ? '' : '!'}${equal(a, b)}` };
  }
}

/**
 * The text a node writes when it is constant: text, a keyword, a comment (nothing), and a variable or `.var`
 * with an unknown formatter (the tag itself, as the reference does); null for anything else.
 */
function constantText(node: Node): string | null {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'keyword':
      return KEYWORD_TEXT[node.keyword];
    case 'comment':
      return '';
    case 'variable':
    case 'bindvar':
      return node.formatters.some((call) => call.resolved === null || call.resolved === undefined) ? node.source : null;
    default:
      return null;
  }
}

/**
 * An expression with isTruthy's value for the variable `x`. The commonest values of a test (a boolean, or
 * nothing at all) are decided inline: isTruthy is too large for V8 to inline into generated code, and its
 * call per test showed in profiles of a theme page.
 */
function truthy(x: string): string {
  return `(${x} === true || ${x} !== false && ${x} !== undefined && I(${x}))`;
}

/**
 * An expression with jsonEqual's value for the variables `a` and `b`. Identical values are equal, and two
 * different values that are not both objects (null is one) are not: missing equals only null, and any other
 * pair of unequal primitives is unequal. Only the rest needs the structural comparison.
 */
function equal(a: string, b: string): string {
  return `(${a} === ${b} || (typeof ${a} === 'object' || typeof ${b} === 'object') && E(${a}, ${b}))`;
}

/** Leaves the current frame (the inverse of Generator.push). */
const POP = 'ctx.frame = ctx.frame.parent;\n';

/** Whether Generator.refCode reads `ref` inline (as a section's path when `section`); else its compiled getter runs. */
function inlineRef(ref: VarRef, section: boolean): boolean {
  const [first, ...rest] = ref.segs;
  if (first === undefined || !rest.every((key) => isPlainKey(key) || isIndexKey(key))) return false;
  if (first === '@') return true;
  if (first === '@index' || first === '@index0') return false;
  if (first.charCodeAt(0) === 64) return !section;
  return isPlainKey(first);
}

/** A path segment of digits naming an array index (`items.0`): no sign, no leading zero, below 2^31. */
function isIndexKey(key: string): boolean {
  return /^(0|[1-9][0-9]{0,8})$/.test(key);
}

/**
 * Source that sets `target` to element or member `key` (an index key) of it, as `step` reads it: a list's
 * element, an object's member of that name, nothing for anything else or for a function.
 */
function indexStepSource(target: string, key: string): string {
  return `${target} = typeof ${target} === 'object' && ${target} !== null ? ${target}[${key}] : undefined; if (typeof ${target} === 'function') ${target} = undefined;\n`;
}

/**
 * Source that sets `target` to the local variable `name` (`@name`), as lookupVar finds it: the innermost frame
 * that set it, stopping at a private frame. Uses the variables `f` and `c`.
 */
function varSource(target: string, name: string): string {
  const literal = JSON.stringify(name);
  return (
    `f = ctx.frame; ${target} = undefined;\n` +
    `for (;;) { c = f.vars; if (c !== null && c.index !== null) { c = c.index.get(${literal}); if (c !== undefined) ${target} = c.value; } ` +
    `else for (; c !== null; c = c.next) if (c.name === ${literal}) { ${target} = c.value; break; } ` +
    `if (${target} !== undefined || f.stop || (f = f.parent) === null) break; }\n`
  );
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
    return g.compile(g.block(nodes, '', ''));
  } catch {
    return null;
  }
}
