/**
 * The reference's golden `eval-*` fixtures, run through the expression module alone: every `{.eval …}` tag is
 * replaced by its formatted value, the rest of the template is literal text.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it, expect } from 'vitest';
import { evaluateExpression, formatExprValue, parseExpression, type ExprScope } from './index.js';

const DIR = resolve(import.meta.dirname, '../../../shared/conformance/template-engine/resources');

function sections(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let name: string | null = null;
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^:([A-Z]+)\s*$/.exec(line);
    if (m) {
      if (name !== null) out[name] = lines.join('\n');
      name = m[1]!;
      lines = [];
    } else lines.push(line);
  }
  if (name !== null) out[name] = lines.join('\n');
  return out;
}

/** End of the `{.eval …}` tag starting at `start`: the first `}` outside a string literal. */
function tagEnd(src: string, start: number): number {
  let quote = 0;
  for (let i = start; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92) i++;
      else if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 125) return i;
  }
  return -1;
}

function step(v: unknown, seg: string): unknown {
  if (typeof v !== 'object' || v === null) return undefined;
  return (v as Record<string, unknown>)[seg];
}

/** Render a template whose only instructions are `{.eval …}` tags. Assignments stay bound for later tags. */
function renderEvals(template: string, json: unknown): string {
  const vars = new Map<string, unknown>();
  const scope: ExprScope = {
    resolve(path) {
      const first = path[0]!;
      let v: unknown = first === '@' ? json : first.startsWith('@') ? vars.get(first) : step(json, first);
      for (let i = 1; i < path.length && v !== undefined; i++) v = step(v, path[i]!);
      return v;
    },
  };
  let out = '';
  let pos = 0;
  for (;;) {
    const start = template.indexOf('{.eval', pos);
    if (start < 0) break;
    const end = tagEnd(template, start);
    if (end < 0) break;
    out += template.slice(pos, start);
    const code = template.slice(start + '{.eval'.length + 1, end);
    const parsed = parseExpression(code);
    expect(parsed.error).toBeNull();
    if (parsed.expression !== null) {
      const r = evaluateExpression(parsed.expression, scope);
      if (r.ok) {
        for (const [k, v] of r.assignments) vars.set(k, v);
        if (r.hasValue) out += formatExprValue(r.value);
      }
    }
    pos = end + 1;
  }
  return out + template.slice(pos);
}

const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => /^eval-\d+\.html$/.test(f)) : [];

describe('eval fixtures', () => {
  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
  });
  for (const file of files.sort()) {
    it(file, () => {
      const s = sections(readFileSync(join(DIR, file), 'utf8'));
      const json: unknown = JSON.parse(s.JSON ?? 'null');
      expect(renderEvals(s.TEMPLATE ?? '', json).trim()).toBe((s.OUTPUT ?? '').trim());
    });
  }
});

describe('eval cases from other fixtures', () => {
  it('include-1: assignments bound for later references', () => {
    const r = evaluateExpression(
      parseExpression('@width = 600 ; @height = @width * aspectRatio').expression!,
      { resolve: (p) => (p[0] === 'aspectRatio' ? 0.6 : undefined) },
    );
    expect(r).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@width', 600], ['@height', 360]]) });
    expect(formatExprValue(360)).toBe('360');
  });
  it('include-2: assignments leave no value', () => {
    expect(renderEvals(' pre {.eval @foo = 3 ** factor} post {.eval @foo}', { factor: 3 })).toBe(' pre  post 27');
    expect(renderEvals(' pre {.eval @bar = 4 << factor} post {.eval @bar}', { factor: 3 })).toBe(' pre  post 32');
  });
  it('ast-19 and pretty-1', () => {
    expect(renderEvals('{.eval 1 * (2 + 7 / 2)}', {})).toBe('5.5');
    expect(renderEvals('{.eval @a = 3 * a.b.c; @a * 7}', { a: { b: { c: 2 } } })).toBe('42');
  });
});
