/**
 * The assembler: a state machine that turns the token stream into the instruction tree.
 *
 * States: root, and one per open block — section, repeated, alternates-with, predicate, or-predicate, if,
 * macro — ending in EOF. Each state decides which instructions it accepts; a misplaced `.or`,
 * `.alternates with` or `.end` is reported and dropped, and blocks still open at EOF are reported and closed,
 * so a broken template still renders as much as it can.
 */
import { check, predicateCalls, resolvePredicate, seenTags, type Checks } from './compiler.js';
import { addProblem, ErrorCode, MAX_NESTING, messages, NestedTooDeeply } from './errors.js';
import type { BlockNode, Node, OrNode, RootNode } from './instructions.js';
import { scan, type TokenSink } from './lexer.js';
import { keepShape } from './keep-shape.js';
import { compactFor, fit, Kind, parsed, parseTag, sharePredicateCalls, shareTags } from './parser.js';

/** A problem found while assembling, at a source offset. */
export interface AssemblyProblem {
  code: string;
  message: string;
  offset: number;
  severity: 'error' | 'warning';
}

type State = 'section' | 'repeated' | 'alternates-with' | 'predicate' | 'or-predicate' | 'if' | 'macro';

interface OpenBlock {
  readonly node: BlockNode;
  state: State;
  /** Where instructions currently go. */
  target: Node[];
  /** The last `.or` branch of this block's chain. */
  lastOr: OrNode | null;
  /** A plain `.or` was seen: any further branch is dead code. */
  closedChain: boolean;
  /** The nesting level this block opened at, itself included, and its `.or` branches so far (see MAX_NESTING). */
  readonly level: number;
  ors: number;
  /** The deepest level reached inside it. */
  deepest: number;
}

/** The state a block opens in: its own type's name (a block type is also a state). */
function stateOf(node: BlockNode): State {
  return node.type;
}

const DESCRIPTION: Record<State, string> = {
  section: 'a {.section} block',
  repeated: 'a {.repeated section} block',
  'alternates-with': 'an {.alternates with} block',
  predicate: 'a predicate block',
  'or-predicate': 'an {.or} block',
  if: 'an {.if} block',
  macro: 'a {.macro} block',
};

/**
 * The tree of `source` and the problems of its structure. With `checks`, each instruction is also checked as it
 * is added (names resolved, arguments prepared, see compiler.ts `check`), its problems going to `checks.problems`.
 */
export function assemble(source: string, checks: Checks | null = null): { root: RootNode; problems: AssemblyProblem[] } {
  const compact = compactFor(source.length);
  const a = new Assembler(source, checks, compact);
  // Predicate calls, and tags seen before, are shared only when calls are resolved as they are parsed, for one
  // plugin table; a huge template's tags share their parts their own way (see compactFor).
  // (Where tags are kept, a call is kept with its tag: keeping it by its own text too costs more than it saves.)
  shareTags(checks === null || compact ? null : seenTags(checks.plugins));
  sharePredicateCalls(checks === null || !compact ? null : predicateCalls(checks.plugins));
  try {
    scan(source, a);
    return a.finish();
  } finally {
    a.release();
    compactFor(null);
    sharePredicateCalls(null);
    shareTags(null);
  }
}

const RELEASED_ROOT: RootNode = { type: 'root', block: [], unreachable: [], depth: 0 };

class Assembler implements TokenSink {
  problems: AssemblyProblem[] = [];
  root: RootNode = { type: 'root', block: [], unreachable: [], depth: 0 };
  private stack: OpenBlock[] = [];
  /**
   * The nesting level here (open blocks and their `.or` branches, see MAX_NESTING), and the deepest a render of
   * the template reaches: outside macro bodies, which nest as deep as they do wherever they are applied.
   */
  private level = 0;
  private deepest = 0;
  private target: Node[] = this.root.block;
  /**
   * Text not yet added to the tree, as a source range. Text and tag look-alikes (CSS and script braces) come
   * in many adjacent pieces; slicing the whole run once keeps text nodes flat. Joined with `+`, they would be
   * V8 ropes, and the output of every render would have to walk their pieces again when it is flattened.
   */
  private textStart = -1;
  private textEnd = -1;

  constructor(
    private source: string,
    private checks: Checks | null,
    /** Parsed compactly (a huge template): node lists are trimmed to their length as their block closes. */
    private readonly compact: boolean,
  ) {}

  /** Drop the template's tree and source once assembled, and keep this object's map alive (see keep-shape.ts). */
  release(): void {
    this.source = '';
    this.checks = null;
    this.problems = [];
    this.root = RELEASED_ROOT;
    this.target = RELEASED_ROOT.block;
    this.stack = [];
    keepShape(this);
  }

  private pendingText(start: number, end: number): void {
    if (this.textEnd === start && this.textStart >= 0) {
      this.textEnd = end;
      return;
    }
    this.flushText();
    this.textStart = start;
    this.textEnd = end;
  }

  /** Adds the pending text; called before anything else goes into the tree or the target changes. */
  private flushText(): void {
    if (this.textStart < 0) return;
    this.appendText(this.source.slice(this.textStart, this.textEnd));
    this.textStart = this.textEnd = -1;
  }

  private report(code: string, message: string, offset: number, severity: 'error' | 'warning' = 'error'): void {
    addProblem(this.problems, { code, message, offset, severity });
  }

  private appendText(text: string): void {
    const target = this.target;
    // Index -1 of an empty array is a property lookup by name in V8, a slow path: test the length first.
    const last = target.length > 0 ? target[target.length - 1] : undefined;
    // after a dropped misplaced tag, text resumes past a gap in the source: joined, then flattened (see above)
    if (last !== undefined && last.type === 'text') (last.text += text).charCodeAt(0);
    else target.push({ type: 'text', text });
  }

  text(start: number, end: number): void {
    this.pendingText(start, end);
  }

  comment(start: number, bodyStart: number, bodyEnd: number, multiLine: boolean, unterminated: boolean): void {
    if (unterminated) this.report(ErrorCode.UNTERMINATED_COMMENT, messages.unterminatedComment(), start);
    this.flushText();
    this.target.push({ type: 'comment', text: this.source.slice(bodyStart, bodyEnd), multiLine, offset: start });
  }

  tag(start: number, end: number): void {
    const kind = parseTag(this.source, start, end);
    const stack = this.stack;
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    switch (kind) {
      case Kind.Text:
        if (parsed.why !== null) {
          const tagText = this.source.slice(start, end);
          this.report(ErrorCode.NOT_AN_INSTRUCTION, messages.notAnInstruction(tagText, parsed.why), start, 'warning');
        }
        this.pendingText(start, end);
        return;
      case Kind.Node: {
        const node = parsed.node!;
        this.flushText();
        if (this.checks !== null) check(node, this.checks);
        this.target.push(node);
        return;
      }
      case Kind.Open: {
        const node = parsed.node as BlockNode;
        this.flushText();
        if (top !== undefined && top.state === 'alternates-with') {
          // As the platform does: a block opening inside the separator goes to the end of the loop's body, with
          // everything after it; the separator keeps only what came before (a later `.alternates with` adds to it).
          top.state = 'repeated';
          top.target = this.target = top.node.block;
        }
        this.deeper(start);
        if (this.checks !== null && node.type === 'predicate') resolvePredicate(node.predicate, start, this.checks);
        this.target.push(node);
        stack.push({
          node,
          state: stateOf(node),
          target: node.block,
          lastOr: null,
          closedChain: false,
          level: this.level,
          ors: 0,
          deepest: this.level,
        });
        this.target = node.block;
        return;
      }
      case Kind.End:
        if (top === undefined) return this.misplaced(start, end, top);
        this.flushText();
        this.close();
        this.target = stack.length > 0 ? stack[stack.length - 1]!.target : this.root.block;
        return;
      case Kind.Alternates:
        if (top === undefined || top.state !== 'repeated' || top.node.type !== 'repeated') return this.misplaced(start, end, top);
        this.flushText();
        top.node.alternatesWith ??= [];
        top.state = 'alternates-with';
        top.target = this.target = top.node.alternatesWith;
        return;
      case Kind.Or: {
        if (top === undefined || top.node.type === 'macro') return this.misplaced(start, end, top);
        if (top.closedChain) {
          // Reported, and dropped as the platform drops it: what follows goes on into the plain `.or` branch.
          this.report(ErrorCode.DEAD_CODE, messages.deadCode(), start);
          return;
        }
        this.flushText();
        this.deeper(start); // an else-if is one level deeper, in closures and generated code alike
        top.ors++;
        top.deepest = Math.max(top.deepest, this.level);
        const predicate = parsed.predicate;
        if (this.checks !== null && predicate !== null) resolvePredicate(predicate, start, this.checks);
        const branch: OrNode = { type: 'or', predicate, block: [], alternative: null, offset: start };
        if (top.lastOr !== null) {
          top.lastOr.alternative = branch;
        } else {
          top.node.alternative = branch;
        }
        if (predicate === null) top.closedChain = true;
        top.lastOr = branch;
        top.state = 'or-predicate';
        top.target = this.target = branch.block;
        return;
      }
    }
  }

  /** One level deeper, for the tag at `offset`; past MAX_NESTING the template is refused there. */
  private deeper(offset: number): void {
    if (++this.level > MAX_NESTING) throw new NestedTooDeeply(offset);
  }

  /** Closes the innermost open block. */
  private close(): void {
    const open = this.stack.pop()!;
    if (this.compact) seal(open.node);
    this.level -= 1 + open.ors;
    if (open.node.type === 'macro') {
      // Its body runs where it is applied, and adds its own depth there (see RenderContext.nestsWithin).
      open.node.depth = open.deepest - open.level;
      return;
    }
    const parent = this.stack.length > 0 ? this.stack[this.stack.length - 1]! : undefined;
    if (parent === undefined) this.deepest = Math.max(this.deepest, open.deepest);
    else if (open.deepest > parent.deepest) parent.deepest = open.deepest;
  }

  /** An `.or`, `.alternates with` or `.end` where the current state does not accept it: reported, dropped. */
  private misplaced(start: number, end: number, top: OpenBlock | undefined): void {
    const tagText = this.source.slice(start, end);
    if (top === undefined) this.report(ErrorCode.NOT_ALLOWED_AT_ROOT, messages.notAllowedAtRoot(tagText), start);
    else this.report(ErrorCode.NOT_ALLOWED_IN_BLOCK, messages.notAllowedInBlock(tagText, DESCRIPTION[top.state]), start);
  }

  finish(): { root: RootNode; problems: AssemblyProblem[] } {
    this.flushText();
    while (this.stack.length > 0) {
      const open = this.stack[this.stack.length - 1]!;
      this.report(ErrorCode.EOF_IN_BLOCK, messages.eofInBlock(DESCRIPTION[stateOf(open.node)]), open.node.offset);
      this.close();
    }
    return { root: { ...this.root, block: fit(this.root.block), depth: this.deepest }, problems: this.problems };
  }
}

/** A closed block's node lists at their exact length in a huge template (see fit). */
function seal(node: BlockNode): void {
  node.block = fit(node.block);
  if (node.type === 'repeated' && node.alternatesWith !== null) node.alternatesWith = fit(node.alternatesWith);
  if (node.type !== 'macro') for (let or = node.alternative; or !== null; or = or.alternative) or.block = fit(or.block);
}
