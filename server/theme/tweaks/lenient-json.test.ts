import { describe, expect, it } from 'vitest';
import { parseLenientJson } from './lenient-json.js';

const value = (text: string) => {
  const result = parseLenientJson(text);
  if (!result.ok) throw new Error(`${result.offset}: ${result.message}`);
  return result.value;
};

describe('tweak JSON as the platform reads it', () => {
  it('reads JSON', () => {
    expect(value('{ "type" : "value", "min" : -2, "max": 1e3, "property": ["a", "b"], "js": true, "x": null }')).toEqual({
      type: 'value',
      min: -2,
      max: 1000,
      property: ['a', 'b'],
      js: true,
      x: null,
    });
  });

  it("reads the JavaScript object syntax of Squarespace's own themes: bare keys, single quotes, trailing commas", () => {
    expect(value("{type:'dropdown',title:'Nav Style',options:['Icon on Right','Icon on Left',],default:'Icon on Right',}")).toEqual({
      type: 'dropdown',
      title: 'Nav Style',
      options: ['Icon on Right', 'Icon on Left'],
      default: 'Icon on Right',
    });
    expect(value("{ title: 'It\\'s \\u00e9', step: .5, max: +10 }")).toEqual({ title: "It's é", step: 0.5, max: 10 });
  });

  it('keeps a key named __proto__ as a plain key', () => {
    const read = value('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.keys(read)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('says where and why it cannot read one', () => {
    expect(parseLenientJson('{ "type": value }')).toEqual({ ok: false, offset: 10, message: "A value is expected here, not the bare word 'value' (quote it: 'value')" });
    expect(parseLenientJson('{ "type": "value" "title": "x" }')).toMatchObject({ ok: false, offset: 18, message: "A ',' or } is expected here, not '\"'" });
    expect(parseLenientJson('{ "type": "value"')).toMatchObject({ ok: false, offset: 17, message: "A ',' or } is expected here, not the end of the text" });
    expect(parseLenientJson('{ "title": "open }')).toMatchObject({ ok: false, offset: 11, message: 'A string opened here is never closed with "' });
    expect(parseLenientJson('{ } }')).toMatchObject({ ok: false, offset: 4, message: "Nothing may follow the value, but here is '}'" });
  });
});
