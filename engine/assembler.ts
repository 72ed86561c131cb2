/**
 * The assembler: a state machine that turns the token stream into the instruction tree.
 *
 * States: root, and one per open block — section, repeated, alternates-with, predicate, or-predicate, if,
 * macro — ending in EOF. Each state decides which instructions it accepts; a misplaced `.or`,
 * `.alternates with` or `.end` is reported and dropped, and blocks still open at EOF are reported and closed,
 * so a broken template still renders as much as it can.
 */
import { ErrorCode, messages } from './errors.js';
import type { BlockNode, Node, OrNode, RootNode } from './instructions.js';
import { TokenKind, tokenize } from './lexer.js';
import { parseTag } from './parser.js';

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
}

const STATE_OF: Record<BlockNode['type'], State> = {
  section: 'section',
  repeated: 'repeated',
  predicate: 'predicate',
  if: 'if',
  macro: 'macro',
};

const DESCRIPTION: Record<State, string> = {
  section: 'a {.section} block',
  repeated: 'a {.repeated section} block',
  'alternates-with': 'an {.alternates with} block',
  predicate: 'a predicate block',
  'or-predicate': 'an {.or} block',
  if: 'an {.if} block',
  macro: 'a {.macro} block',
};

export function assemble(source: string): { root: RootNode; problems: AssemblyProblem[] } {
  const problems: AssemblyProblem[] = [];
  const root: RootNode = { type: 'root', block: [] };
  const stack: OpenBlock[] = [];
  let target = root.block;

  const report = (code: string, message: string, offset: number, severity: 'error' | 'warning' = 'error') =>
    problems.push({ code, message, offset, severity });

  const appendText = (text: string) => {
    const last = target[target.length - 1];
    if (last !== undefined && last.type === 'text') last.text += text;
    else target.push({ type: 'text', text });
  };

  for (const token of tokenize(source)) {
    switch (token.kind) {
      case TokenKind.Text:
        appendText(token.text);
        continue;
      case TokenKind.Comment:
      case TokenKind.MultiComment:
        if (token.unterminated) report(ErrorCode.UNTERMINATED_COMMENT, messages.unterminatedComment(), token.start);
        target.push({
          type: 'comment',
          text: token.text,
          multiLine: token.kind === TokenKind.MultiComment,
          offset: token.start,
        });
        continue;
    }
    const tagText = `{${token.text}}`;
    const parsed = parseTag(token.text, token.start);
    const top = stack[stack.length - 1];
    switch (parsed.kind) {
      case 'text':
        if (parsed.why !== null)
          report(ErrorCode.NOT_AN_INSTRUCTION, messages.notAnInstruction(tagText, parsed.why), token.start, 'warning');
        appendText(tagText);
        break;
      case 'node':
        target.push(parsed.node);
        break;
      case 'open':
        target.push(parsed.node);
        stack.push({
          node: parsed.node,
          state: STATE_OF[parsed.node.type],
          target: parsed.node.block,
          lastOr: null,
          closedChain: false,
        });
        target = parsed.node.block;
        break;
      case 'end':
        if (top === undefined) {
          report(ErrorCode.NOT_ALLOWED_AT_ROOT, messages.notAllowedAtRoot(tagText), token.start);
          break;
        }
        stack.pop();
        target = stack.length > 0 ? stack[stack.length - 1]!.target : root.block;
        break;
      case 'alternates':
        if (top === undefined) {
          report(ErrorCode.NOT_ALLOWED_AT_ROOT, messages.notAllowedAtRoot(tagText), token.start);
        } else if (top.state !== 'repeated' || top.node.type !== 'repeated') {
          report(ErrorCode.NOT_ALLOWED_IN_BLOCK, messages.notAllowedInBlock(tagText, DESCRIPTION[top.state]), token.start);
        } else {
          top.node.alternatesWith = [];
          top.state = 'alternates-with';
          top.target = target = top.node.alternatesWith;
        }
        break;
      case 'or': {
        if (top === undefined) {
          report(ErrorCode.NOT_ALLOWED_AT_ROOT, messages.notAllowedAtRoot(tagText), token.start);
          break;
        }
        if (top.node.type === 'macro') {
          report(ErrorCode.NOT_ALLOWED_IN_BLOCK, messages.notAllowedInBlock(tagText, DESCRIPTION[top.state]), token.start);
          break;
        }
        const branch: OrNode = {
          type: 'or',
          predicate: parsed.predicate,
          block: [],
          alternative: null,
          offset: token.start,
        };
        if (top.closedChain) {
          // Keep collecting into a detached branch so its content is not spilled into the live one.
          report(ErrorCode.DEAD_CODE, messages.deadCode(), token.start);
        } else if (top.lastOr !== null) {
          top.lastOr.alternative = branch;
        } else {
          top.node.alternative = branch;
        }
        if (parsed.predicate === null) top.closedChain = true;
        top.lastOr = branch;
        top.state = 'or-predicate';
        top.target = target = branch.block;
        break;
      }
    }
  }

  for (let i = stack.length - 1; i >= 0; i--) {
    const open = stack[i]!;
    problems.push({
      code: ErrorCode.EOF_IN_BLOCK,
      message: messages.eofInBlock(DESCRIPTION[STATE_OF[open.node.type]]),
      offset: open.node.offset,
      severity: 'error',
    });
  }
  return { root, problems };
}
