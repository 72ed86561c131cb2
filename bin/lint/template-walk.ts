/**
 * Every node of a compiled template in source order, with the section paths it sits in, for the lints of
 * `tessera check`. The order matters: text nodes are fed to an HTML tokenizer, which must see the markup as
 * it is written (a branch's text after the text before it). Dead branches (after a plain `{.or}`) are
 * skipped: the engine reports them already.
 */
import type { Node, OrNode, RootNode } from '../../engine/instructions.js';

export interface Visit {
  readonly node: Node | OrNode;
  /** The paths of the enclosing `{.section}` / `{.repeated section}` tags, outermost first. */
  readonly scope: readonly (readonly string[])[];
}

export function* inSourceOrder(root: RootNode): Generator<Visit> {
  yield* block(root.block, []);
}

function* block(nodes: readonly Node[], scope: readonly (readonly string[])[]): Generator<Visit> {
  for (const node of nodes) {
    yield { node, scope };
    switch (node.type) {
      case 'section':
      case 'repeated': {
        const inner = [...scope, node.path.segs];
        yield* block(node.block, inner);
        if (node.type === 'repeated' && node.alternatesWith !== null) yield* block(node.alternatesWith, inner);
        yield* alternatives(node.alternative, scope);
        break;
      }
      case 'predicate':
      case 'if':
        yield* block(node.block, scope);
        yield* alternatives(node.alternative, scope);
        break;
      case 'macro':
        yield* block(node.block, scope);
        break;
      default:
        break;
    }
  }
}

function* alternatives(or: OrNode | null, scope: readonly (readonly string[])[]): Generator<Visit> {
  for (let at = or; at !== null; at = at.alternative) {
    yield { node: at, scope };
    yield* block(at.block, scope);
  }
}
