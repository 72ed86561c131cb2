/**
 * Writes an instruction tree back as template source, for the Java suite's `roundtrip-*` fixtures: a template
 * parsed and written back must give its source byte for byte. That holds only if the parser keeps every text
 * run, comment body, argument list and delimiter as written, which is what the check is for.
 *
 * In preprocessor mode instructions are written as `{^...}` and the brace keywords (which is how the
 * preprocessor source rewrite carries plain braces through) as the braces themselves.
 */
import type { FormatterCall, Node, OrNode, PredicateCall, RootNode, VarRef } from '../../engine/instructions.js';

export function sourceOf(root: RootNode, preprocessor = false): string {
  const open = preprocessor ? '{^' : '{';
  const tag = (body: string) => `${open}${body}}`;
  const refs = (vars: readonly VarRef[]) => vars.map((v) => v.raw).join(',');
  const formatters = (calls: readonly FormatterCall[]) =>
    calls.map((c) => `|${c.name}${c.delimiter === '' ? '' : c.delimiter + c.args.join(c.delimiter)}`).join('');
  const predicate = (p: PredicateCall) => `${p.name}${p.delimiter === '' ? '' : p.delimiter + p.args.join(p.delimiter)}`;

  const block = (nodes: readonly Node[]): string => nodes.map(node).join('');
  const alternative = (or: OrNode | null): string =>
    or === null ? tag('.end') : tag(or.predicate === null ? '.or' : `.or ${predicate(or.predicate)}`) + block(or.block) + alternative(or.alternative);

  function node(n: Node): string {
    switch (n.type) {
      case 'text':
        return n.text;
      case 'variable':
        return tag(refs(n.vars) + formatters(n.formatters));
      case 'section':
        return tag(`.section ${n.path.raw}`) + block(n.block) + alternative(n.alternative);
      case 'repeated':
        return (
          tag(`.repeated section ${n.path.raw}`) +
          block(n.block) +
          (n.alternatesWith === null ? '' : tag('.alternates with') + block(n.alternatesWith)) +
          alternative(n.alternative)
        );
      case 'predicate':
        return tag(`.${predicate(n.predicate)}`) + block(n.block) + alternative(n.alternative);
      case 'if': {
        const condition = n.vars.map((v, i) => (i === 0 ? v.raw : ` ${n.operators[i - 1]} ${v.raw}`)).join('');
        return tag(`.if ${condition}`) + block(n.block) + alternative(n.alternative);
      }
      case 'bindvar':
        return tag(`.var ${n.name} ${refs(n.vars)}${formatters(n.formatters)}`);
      case 'ctxvar':
        return tag(`.ctx ${n.name}${n.bindings.map((b) => ` ${b.key}=${b.ref.raw}`).join('')}`);
      case 'inject':
        return tag(`.inject ${n.name} ${n.path}${n.args.map((a) => ' ' + a).join('')}`);
      case 'include':
        return tag(`.include ${n.name}${n.args.map((a) => ' ' + a).join('')}`);
      case 'macro':
        return tag(`.macro ${n.name}`) + block(n.block) + tag('.end');
      case 'eval':
        return tag(`.eval ${n.code}`);
      case 'comment':
        return n.multiLine ? `${open}##${n.text}##}` : `${open}#${n.text}}`;
      case 'keyword':
        if (preprocessor && n.keyword === 'meta-left') return '{';
        if (preprocessor && n.keyword === 'meta-right') return '}';
        return tag(`.${n.keyword}`);
    }
  }
  return block(root.block);
}
