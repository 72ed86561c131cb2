import { describe, expect, it } from 'vitest';
import { compile } from '../../engine/index.js';
import { preprocessorSource } from './preprocess.js';
import { sourceOf } from './source-emitter.js';

const roundTrip = (source: string, preprocessor = false) =>
  sourceOf(compile(preprocessor ? preprocessorSource(source) : source).template.root, preprocessor);

describe('sourceOf', () => {
  it('writes every kind of instruction back as it was written', () => {
    const source = [
      '{.section a}{b,c|truncate 10|json}{.or}none{.end}',
      '{.repeated section items}{@}{.alternates with}, {.or}empty{.end}',
      '{.equal?|x|"y"}1{.or greaterThan? x 2}2{.or}3{.end}',
      '{.if a && b || c}yes{.end}{.var @v a.b|html}{.ctx @c k=a.b}',
      '{.inject @j file.json}{.macro m}{x}{.end}{.eval 1 + 2}{# single #}{## multi\nline ##}',
      '{.meta-left}{.meta-right}{.space}{.tab}{.newline}',
    ].join('\n');
    expect(roundTrip(source)).toBe(source);
  });

  it('writes preprocessor instructions with {^ and keeps other braces as text', () => {
    const source = '{^.section a}{b}{^c}{.end}{^.end} {# x #}';
    expect(roundTrip(source, true)).toBe(source);
  });
});
