/**
 * The public API of the JSON-T engine: compile once, render many times. Neither call throws for a bad
 * template or bad data; every problem comes back as a TemplateError with its code and 1-based position.
 */
import type { Runnable, TemplateSource } from './context.js';
import { DEFAULT_PLUGINS } from './plugins/registry.js';
import type { PluginTable } from './plugins/types.js';
import { Template } from './template.js';
import type { CompileOptions, CompileResult, RenderOptions, RenderResult, TemplateError } from './types.js';

export type { TemplateError, CompileOptions, RenderOptions, CompileResult, RenderResult, Severity } from './types.js';
export type { Formatter, Predicate, PluginContext, PluginTable, PredicateArg } from './plugins/types.js';
export { Template } from './template.js';
export { ErrorCode } from './errors.js';
export { isTruthy, toText } from './values.js';
export { createPluginTable, DEFAULT_PLUGINS, type PluginSet } from './plugins/registry.js';

export function compile(source: string, options: CompileOptions = {}, plugins: PluginTable = DEFAULT_PLUGINS): CompileResult {
  const template = Template.compile(String(source ?? ''), plugins, options.filename, options.maxTemplateLength);
  return { template, errors: [...template.errors] };
}

export function render(
  template: Template | string,
  data: unknown,
  options: RenderOptions = {},
  plugins: PluginTable = DEFAULT_PLUGINS,
): RenderResult {
  const compiled = typeof template === 'string' ? cachedPartial(template, undefined, plugins) : template;
  const result = compiled.render(data, options, templateSource(options.partials, plugins));
  if (typeof template === 'string' && compiled.errors.length > 0) result.errors.unshift(...compiled.errors);
  return result;
}

/**
 * Partials given as source are compiled on first use and kept in a bounded cache keyed by their source,
 * so a partials map rebuilt for every request (e.g. parsed from JSON) costs no recompilation.
 */
const CACHE_LIMIT = 1000;
const cache = new Map<string, Map<string | undefined, Template>>();
const cacheByTable = new WeakMap<PluginTable, typeof cache>();

function cachedPartial(source: string, name: string | undefined, plugins: PluginTable): Template {
  let table = cacheByTable.get(plugins);
  if (table === undefined) cacheByTable.set(plugins, (table = plugins === DEFAULT_PLUGINS ? cache : new Map()));
  let byName = table.get(source);
  if (byName === undefined) {
    if (table.size >= CACHE_LIMIT) table.clear();
    table.set(source, (byName = new Map()));
  }
  let t = byName.get(name);
  if (t === undefined) byName.set(name, (t = Template.compile(source, plugins, name)));
  return t;
}

/**
 * The template source of a render, kept per partials map and plugin table: a server renders every page with
 * the same map, and building the resolver anew cost a few allocations per render. It reads the map on every
 * call, so a map changed between renders is still seen.
 */
const sources = new WeakMap<PluginTable, WeakMap<object, TemplateSource>>();
const NO_PARTIALS = {};

/** The last pair looked up: renders in a row nearly always share it, and two WeakMap lookups cost more. */
let last: { partials: object; plugins: PluginTable; source: TemplateSource } | null = null;

function templateSource(partials: RenderOptions['partials'], plugins: PluginTable): TemplateSource {
  const key = partials ?? NO_PARTIALS;
  if (last !== null && last.partials === key && last.plugins === plugins) return last.source;
  let byMap = sources.get(plugins);
  if (byMap === undefined) sources.set(plugins, (byMap = new WeakMap()));
  let source = byMap.get(key);
  if (source === undefined) byMap.set(key, (source = newTemplateSource(partials, plugins)));
  last = { partials: key, plugins, source };
  return source;
}

function newTemplateSource(partials: RenderOptions['partials'], plugins: PluginTable): TemplateSource {
  const builtin = (source: string) => cachedPartial(source, BUILTIN, plugins).runnable;
  if (partials === undefined || partials === null) return { partial: () => null, builtin };
  const partial = (name: string): Runnable | { error: string } | null => {
    const p = partials[name];
    let t: Template;
    if (p instanceof Template) t = p;
    else if (typeof p === 'string') t = cachedPartial(p, name, plugins);
    else return null;
    // Only the map's own entries: not a string a polluted Object.prototype would lend it.
    if (!Object.hasOwn(partials, name)) return null;
    if (t.structuralError !== null) return { error: describeStructural(t.structuralError) };
    return t.runnable;
  };
  return { partial, builtin };
}

/** The filename reported for problems inside plugins' built-in templates. */
const BUILTIN = '(built-in)';

function describeStructural(e: TemplateError): string {
  return `${e.message} at line ${e.line}, column ${e.column}`;
}
