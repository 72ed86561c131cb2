/**
 * A JSON view of the instruction tree in the reference engine's numeric encoding, for debugging parses
 * and for the `ast-N` conformance fixtures: `[17, 1, [...nodes], 18]` with one opcode per instruction.
 */
import type { FormatterCall, Node, OrNode, PredicateCall, RootNode, VarRef } from './instructions.js';

type Json = string | number | Json[];

const END = 3;
const KEYWORD_CODES = { 'meta-left': 12, 'meta-right': 13, newline: 14, space: 15, tab: 16 } as const;

/**
 * `java` is the Java engine's variant of the encoding (its `ast-N` fixtures): a repeated section without
 * `{.alternates with}` ends in 0 where the reference writes an empty list.
 */
export function astOf(root: RootNode, encoding: 'reference' | 'java' = 'reference'): Json {
  noAlternates = encoding === 'java' ? 0 : [];
  return [17, 1, block(root.block), 18];
}

let noAlternates: Json = [];

function block(nodes: readonly Node[]): Json[] {
  return nodes.map(node);
}

function path(ref: VarRef): Json[] {
  return ref.segs.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function formatters(calls: readonly FormatterCall[]): Json {
  if (calls.length === 0) return 0;
  return calls.map((c) => (c.delimiter === '' ? [c.name] : [c.name, [[...c.args], c.delimiter]]));
}

function predicateArgs(p: PredicateCall): Json {
  return p.delimiter === '' ? 0 : [[...p.args], p.delimiter];
}

function alternative(or: OrNode | null): Json {
  if (or === null) return END;
  const p = or.predicate;
  return [7, p === null ? 0 : p.name, p === null ? 0 : predicateArgs(p), block(or.block), alternative(or.alternative)];
}

function node(n: Node): Json {
  switch (n.type) {
    case 'text':
      return [0, n.text];
    case 'variable':
      return [1, n.vars.map(path), formatters(n.formatters)];
    case 'section':
      return [2, path(n.path), block(n.block), alternative(n.alternative)];
    case 'repeated':
      return [4, path(n.path), block(n.block), alternative(n.alternative), n.alternatesWith === null ? noAlternates : block(n.alternatesWith)];
    case 'predicate':
      return [5, n.predicate.name, predicateArgs(n.predicate), block(n.block), alternative(n.alternative)];
    case 'bindvar':
      return [6, n.name, n.vars.map(path), formatters(n.formatters)];
    case 'if':
      return [8, n.operators.map((op) => (op === '&&' ? 1 : 0)), n.vars.map(path), block(n.block), alternative(n.alternative)];
    case 'inject':
      return [9, n.name, n.path, n.args.length === 0 ? 0 : [[...n.args], ' ']];
    case 'macro':
      return [10, n.name, block(n.block)];
    case 'comment':
      return [11, n.text, n.multiLine ? 1 : 0];
    case 'keyword':
      return KEYWORD_CODES[n.keyword];
    case 'ctxvar':
      return [22, n.name, n.bindings.map((b) => [b.key, path(b.ref)])];
    case 'eval':
      return [23, n.code];
    case 'include':
      return [24, n.name, [[...n.args], ' ']];
  }
}
