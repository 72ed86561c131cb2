/**
 * Renders one fuzz case with our engine and with the reference engine (`@squarespace/template-engine`, through
 * its public API only) and says whether the HTML is the same.
 */
import { Compiler } from '@squarespace/template-engine';
import { referenceCldr } from '../../bin/conformance/differential.js';
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
 * and `locale: null` to render ours without locale data, as the reference renders without CLDR, or a locale
 * (`en-US`) to render ours in it and give the reference that locale's CLDR data (the values arm).
 */
export interface CaseExtras {
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  locale?: null | string;
}

/** What an engine printed and the errors it reported (each as `kind: message`). */
export interface Rendered {
  html: string;
  errors: string[];
}

function errorText(e: unknown): string {
  if (e !== null && typeof e === 'object' && 'message' in e) return `${String((e as { type?: unknown }).type ?? 'error')}: ${String((e as { message: unknown }).message)}`;
  return String(e);
}

/** The reference's output, and its errors: the parser's, the assembler's and the engine's (`errors` lists). */
export function checkReference(c: FuzzCase & CaseExtras): Rendered {
  try {
    const parsed = reference.parse(c.template);
    const cldr = typeof c.locale === 'string' ? referenceCldr(c.locale) : undefined;
    const result = reference.execute({ code: parsed.code, json: c.data, partials: c.partials ?? {}, injects: c.injects ?? {}, now: NOW, cldr, enableExpr: true, enableInclude: true });
    return { html: result.ctx.render(), errors: [...parsed.errors, ...result.errors].map(errorText) };
  } catch (e) {
    const message = `<reference threw: ${e instanceof Error ? e.message : String(e)}>`;
    return { html: message, errors: [message] };
  }
}

/** Our output, and our problems of severity `error` (compile and render), as `CODE: message`. */
export function checkOurs(c: FuzzCase & CaseExtras): Rendered {
  const options = { now: NOW, partials: c.partials, injects: c.injects };
  const r = render(c.template, c.data, c.locale === undefined ? options : { ...options, locale: c.locale });
  return { html: r.html, errors: r.errors.filter((e) => e.severity === 'error').map((e) => `${e.code}: ${e.message}`) };
}

export function renderReference(c: FuzzCase & CaseExtras): string {
  return checkReference(c).html;
}

export function renderOurs(c: FuzzCase & CaseExtras): string {
  return checkOurs(c).html;
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
    ...(typeof c.locale === 'string' ? [`locale:    ${c.locale} (the reference given its CLDR)`] : []),
    ...(c.partials !== undefined && Object.keys(c.partials).length > 0 ? [`partials:  ${JSON.stringify(c.partials)}`] : []),
    ...(c.injects !== undefined && Object.keys(c.injects).length > 0 ? [`injects:   ${JSON.stringify(c.injects)}`] : []),
    `ours:      ${JSON.stringify(o.ours)}`,
    `reference: ${JSON.stringify(o.reference)}`,
  ].join('\n');
}
