/** Public types of the JSON-T engine. */

export type Severity = 'error' | 'warning';

/** A problem found while compiling or rendering. Positions are 1-based. */
export interface TemplateError {
  severity: Severity;
  code: string;
  message: string;
  line: number;
  column: number;
  filename?: string;
}

export interface CompileOptions {
  filename?: string;
  /** Largest template source compiled, in characters. Default 2,000,000. */
  maxTemplateLength?: number;
}

export interface RenderOptions {
  /** Partial templates by name: source strings (compiled lazily, cached) or compiled templates. */
  partials?: Record<string, string | import('./template.js').Template>;
  /** Injectable values for `.inject` by path. */
  injects?: Record<string, unknown>;
  /** Locale for i18n formatters; `null` means no locale data. Default `en`. */
  locale?: string | null;
  /** Epoch milliseconds to use as "now". Default: the clock. */
  now?: number;
  /** Enable `.eval` expressions. Default true. */
  enableExpressions?: boolean;
  /** Enable `.include`. Default true. */
  enableInclude?: boolean;
  /** Optional expression limits. */
  maxExpressionTokens?: number;
  maxExpressionStringLength?: number;
  /** Work budget: instructions run (sections, loop elements, partial/macro applies). Default 1,000,000. */
  maxSteps?: number;
  /** Work budget: characters of output, partials' included. Default 20,000,000. */
  maxOutput?: number;
}

export interface CompileResult {
  template: import('./template.js').Template;
  errors: TemplateError[];
}

export interface RenderResult {
  html: string;
  errors: TemplateError[];
}
