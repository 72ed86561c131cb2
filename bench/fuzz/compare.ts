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

/**
 * What a case may carry beyond its template and data (the grammar generator's cases do): partials, injectables,
 * and `locale: null` to render ours without locale data, as the reference renders without CLDR.
 */
export interface CaseExtras {
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  locale?: null;
}

export function renderReference(c: FuzzCase & CaseExtras): string {
  try {
    const code = reference.parse(c.template).code;
    return reference.execute({ code, json: c.data, partials: c.partials ?? {}, injects: c.injects ?? {}, now: NOW, enableExpr: true, enableInclude: true }).ctx.render();
  } catch (e) {
    return `<reference threw: ${e instanceof Error ? e.message : String(e)}>`;
  }
}

export function renderOurs(c: FuzzCase & CaseExtras): string {
  const options = { now: NOW, partials: c.partials, injects: c.injects };
  return render(c.template, c.data, c.locale === null ? { ...options, locale: null } : options).html;
}

export function compareCase(c: FuzzCase & CaseExtras): Outcome {
  const ours = renderOurs(c);
  const ref = renderReference(c);
  return { ours, reference: ref, same: ours === ref };
}

/** A difference as text for a report: the template, the data and both outputs. */
export function describeDifference(c: FuzzCase & CaseExtras, o: Outcome): string {
  return [
    `template:  ${JSON.stringify(c.template)}`,
    `data:      ${JSON.stringify(c.data)}`,
    ...(c.partials !== undefined && Object.keys(c.partials).length > 0 ? [`partials:  ${JSON.stringify(c.partials)}`] : []),
    ...(c.injects !== undefined && Object.keys(c.injects).length > 0 ? [`injects:   ${JSON.stringify(c.injects)}`] : []),
    `ours:      ${JSON.stringify(o.ours)}`,
    `reference: ${JSON.stringify(o.reference)}`,
  ].join('\n');
}
