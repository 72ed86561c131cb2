/**
 * Partials a template applies (`{@|apply name.block}`, `{.include name}`) that the theme does not have: at
 * render they print nothing and report "could not be found", so `tessera check` reports them up front, with
 * the closest known name. Known: the theme's blocks, Tessera's system blocks and partials, and the macros the
 * template itself defines.
 */
import { suggest } from '../../engine/errors.js';
import type { Template } from '../../engine/index.js';
import { inSourceOrder } from './template-walk.js';
import type { LintProblem } from './unescaped.js';

export const PARTIAL_NOT_FOUND = 'PARTIAL_NOT_FOUND';

export function unknownPartials(template: Template, known: ReadonlySet<string>): LintProblem[] {
  const macros = new Set<string>();
  const uses: { name: string; offset: number }[] = [];
  for (const { node } of inSourceOrder(template.root)) {
    if (node.type === 'macro') macros.add(node.name);
    else if (node.type === 'include') uses.push({ name: node.name, offset: node.offset });
    else if (node.type === 'variable' || node.type === 'bindvar') {
      for (const f of node.formatters) {
        const name = f.args[0];
        // the name's own position: after `|apply` and the argument delimiter
        if (f.name === 'apply' && name !== undefined && name !== '') uses.push({ name, offset: f.offset + 1 + f.name.length + f.delimiter.length });
      }
    }
  }
  const problems: LintProblem[] = [];
  for (const { name, offset } of uses) {
    if (macros.has(name) || known.has(name)) continue;
    const near = suggest(name, [...known, ...macros]);
    problems.push({ offset, message: `Attempt to apply partial '${name}' which could not be found.${near === null ? '' : ` Did you mean '${near}'?`}` });
  }
  return problems;
}
