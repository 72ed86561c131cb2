import type { Expression } from './expr/index.js';
import type { Formatter, Predicate, PredicateArg } from './plugins/types.js';

/**
 * The instruction tree the assembler builds and the compiler turns into closures.
 * Every node keeps the offset of its tag so problems can be reported with a line and column.
 */

/** A variable reference, split once: `a.b.0` → ['a','b','0']; `@` → ['@']. */
export interface VarRef {
  readonly raw: string;
  readonly segs: readonly string[];
}

export interface FormatterCall {
  readonly name: string;
  readonly args: readonly string[];
  /** The delimiter that split the arguments ('' when there are none). */
  readonly delimiter: string;
  readonly offset: number;
  /** Set at compile time: the formatter and its prepared state, or null when the name is unknown. */
  resolved?: { readonly impl: Formatter; readonly state: unknown } | null;
}

export interface PredicateCall {
  /** Including the trailing `?`. */
  readonly name: string;
  readonly args: readonly string[];
  readonly delimiter: string;
  /** Set at compile time: the predicate, its parsed arguments and prepared state, or null when unknown. */
  resolved?: { readonly impl: Predicate; readonly args: readonly PredicateArg[]; readonly state: unknown } | null;
  /**
   * Set with `resolved`: what is wrong with the call (unknown name, bad arguments), reported at every tag that
   * makes it (a call is shared by the tags written the same, see parser.ts sharePredicateCalls), else null.
   */
  problem?: { readonly code: string; readonly message: string } | null;
}

interface At {
  /** Offset of the tag's `{` in the source. */
  readonly offset: number;
}

export interface TextNode {
  readonly type: 'text';
  text: string;
}

export interface VariableNode extends At {
  readonly type: 'variable';
  readonly vars: readonly VarRef[];
  readonly formatters: readonly FormatterCall[];
  /**
   * The whole tag, braces included, when it has formatters: emitted verbatim when one is unknown. Empty
   * without formatters (never printed; a huge template keeps no copy of every tag).
   */
  readonly source: string;
}

/** An `{.or}` / `{.or pred? args}` branch. */
export interface OrNode extends At {
  readonly type: 'or';
  readonly predicate: PredicateCall | null;
  block: Node[];
  alternative: OrNode | null;
}

export interface SectionNode extends At {
  readonly type: 'section';
  readonly path: VarRef;
  block: Node[];
  alternative: OrNode | null;
}

export interface RepeatedNode extends At {
  readonly type: 'repeated';
  readonly path: VarRef;
  block: Node[];
  alternatesWith: Node[] | null;
  alternative: OrNode | null;
}

export interface PredicateNode extends At {
  readonly type: 'predicate';
  readonly predicate: PredicateCall;
  block: Node[];
  alternative: OrNode | null;
}

export interface IfNode extends At {
  readonly type: 'if';
  /** Operators between consecutive variables, applied left to right. */
  readonly operators: readonly ('&&' | '||')[];
  readonly vars: readonly VarRef[];
  block: Node[];
  alternative: OrNode | null;
}

export interface MacroNode extends At {
  readonly type: 'macro';
  readonly name: string;
  block: Node[];
  /** How deep blocks nest in the body (see MAX_NESTING), set when the macro closes. */
  depth: number;
}

export interface BindVarNode extends At {
  readonly type: 'bindvar';
  readonly name: string;
  readonly vars: readonly VarRef[];
  readonly formatters: readonly FormatterCall[];
  readonly source: string;
}

export interface CtxVarNode extends At {
  readonly type: 'ctxvar';
  readonly name: string;
  readonly bindings: readonly { readonly key: string; readonly ref: VarRef }[];
}

export interface IncludeNode extends At {
  readonly type: 'include';
  readonly name: string;
  readonly args: readonly string[];
}

export interface InjectNode extends At {
  readonly type: 'inject';
  readonly name: string;
  readonly path: string;
  readonly args: readonly string[];
}

export interface EvalNode extends At {
  readonly type: 'eval';
  readonly code: string;
  readonly debug: boolean;
  /** Set at compile time: the parsed expression, or null when it does not parse. */
  expression?: Expression | null;
}

export interface CommentNode extends At {
  readonly type: 'comment';
  readonly text: string;
  readonly multiLine: boolean;
}

export type Keyword = 'meta-left' | 'meta-right' | 'newline' | 'space' | 'tab';

export interface KeywordNode extends At {
  readonly type: 'keyword';
  readonly keyword: Keyword;
}

export const KEYWORD_TEXT: Record<Keyword, string> = {
  'meta-left': '{',
  'meta-right': '}',
  newline: '\n',
  space: ' ',
  tab: '\t',
};

/** Nodes that open a block closed by `{.end}`. */
export type BlockNode = SectionNode | RepeatedNode | PredicateNode | IfNode | MacroNode;

export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | MacroNode
  | BindVarNode
  | CtxVarNode
  | IncludeNode
  | InjectNode
  | EvalNode
  | CommentNode
  | KeywordNode;

/** The root of a compiled template's tree. */
export interface RootNode {
  readonly type: 'root';
  block: Node[];
  /** Branches that can never run (after a plain `{.or}`): not rendered, but still checked for problems. */
  readonly unreachable: OrNode[];
  /** How deep blocks nest in the template (see MAX_NESTING). */
  readonly depth: number;
}
