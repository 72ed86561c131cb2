/**
 * Renders one fuzz case with our engine and with the reference engine (`@squarespace/template-engine`, through
 * its public API only) and says whether the HTML is the same.
 */
import { Compiler } from '@squarespace/template-engine';
import { render } from '../../engine/index.js';
import type { FuzzCase } from './generator.js';

/** A fixed "now", so nothing depends on the clock. */
const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);

const reference = new Compiler();

/** What each engine rendered; `reference` is the thrown message when the reference engine throws. */
export interface Outcome {
  ours: string;
  reference: string;
  same: boolean;
}

export function renderReference(c: FuzzCase): string {
  try {
    return reference.execute({ code: reference.parse(c.template).code, json: c.data, partials: {}, now: NOW, enableExpr: true, enableInclude: true }).ctx.render();
  } catch (e) {
    return `<reference threw: ${e instanceof Error ? e.message : String(e)}>`;
  }
}

export function renderOurs(c: FuzzCase): string {
  return render(c.template, c.data, { now: NOW }).html;
}

export function compareCase(c: FuzzCase): Outcome {
  const ours = renderOurs(c);
  const ref = renderReference(c);
  return { ours, reference: ref, same: ours === ref };
}

/** A difference as text for a report: the template, the data and both outputs. */
export function describeDifference(c: FuzzCase, o: Outcome): string {
  return [
    `template:  ${JSON.stringify(c.template)}`,
    `data:      ${JSON.stringify(c.data)}`,
    `ours:      ${JSON.stringify(o.ours)}`,
    `reference: ${JSON.stringify(o.reference)}`,
  ].join('\n');
}
