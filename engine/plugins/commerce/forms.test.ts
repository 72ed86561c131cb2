/**
 * `summary-form-field` with parts of an answer missing, as the platform writes it (the whole answers are in the
 * Java fixtures f-summary-form-field-*; the missing parts were found against the reference engine).
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

/** The answer part of the summary box. */
const answer = (field: unknown) => {
  const out = render('{f|summary-form-field}', field === undefined ? {} : { f: field }, { locale: 'en' }).html;
  return out.slice(out.indexOf('</span> ') + 8, out.lastIndexOf('\n</div>'));
};

describe('summary-form-field with missing parts', () => {
  it('writes a time as the platform does: missing, empty or zero parts are 00, others as they are', () => {
    expect(answer({ type: 'time', rawTitle: 'T', values: { Hour: 9, Minute: 15, Second: 31, Ampm: 'am' } })).toBe('9:15:31 am');
    expect(answer({ type: 'time', rawTitle: 'T', values: { Hour: 4, Ampm: 'pm' } })).toBe('4:00:00 pm');
    expect(answer({ type: 'time', rawTitle: 'T', values: { Minute: 5 } })).toBe('00:5:00 ');
    expect(answer({ type: 'time', rawTitle: 'T', values: { Hour: '07', Minute: '5', Second: '' } })).toBe('07:5:00 ');
    expect(answer({ type: 'time', rawTitle: 'T', values: { Hour: 12, Minute: 0, Second: 0 } })).toBe('12:00:00 ');
    expect(answer({ type: 'time', rawTitle: 'T', values: { Hour: 1, Minute: 2, Second: 3, Ampm: 'AM' } })).toBe('1:2:3 AM');
    expect(answer({ type: 'time', rawTitle: 'T' })).toBe('00:00:00 ');
    expect(answer({ type: 'time', rawTitle: 'T', values: null, value: '9:15' })).toBe('00:00:00 ');
  });

  it('leaves the missing parts of dates, names and phones empty around their separators', () => {
    expect(answer({ type: 'date', rawTitle: 'D', values: { Month: 3 } })).toBe('3//');
    expect(answer({ type: 'date', rawTitle: 'D' })).toBe('//');
    expect(answer({ type: 'name', rawTitle: 'N', values: { First: 'Ada' } })).toBe('Ada ');
    expect(answer({ type: 'name', rawTitle: 'N', values: { Last: 'Lovelace' } })).toBe(' Lovelace');
    expect(answer({ type: 'phone', rawTitle: 'P', values: { Line: '4567' } })).toBe('--4567');
    expect(answer({ type: 'phone', rawTitle: 'P', values: { Country: '44', Line: '1' } })).toBe('+44 --1');
  });

  it('keeps the address block and its last line, and an empty likert block', () => {
    expect(answer({ type: 'address', rawTitle: 'A', values: { Line1: '1 Main St', City: 'Springfield' } })).toBe(
      '<div style="padding-left:5px;">\n  <div>1 Main St</div>\n  <div>Springfield,   </div>\n</div>',
    );
    expect(answer({ type: 'likert', rawTitle: 'L', values: {} })).toBe('<div style="padding-left:5px;">\n</div>');
    // An answer outside -2..2 reads as Neutral.
    expect(answer({ type: 'likert', rawTitle: 'L', values: { q: '12.50' } })).toContain('q:</span> Neutral</div>');
  });

  it('says N/A for no checkbox ticked, and renders the box for a value that is not a field', () => {
    expect(answer({ type: 'checkbox', rawTitle: 'C', values: [] })).toBe('N/A');
    expect(answer({ type: 'checkbox', rawTitle: 'C', value: false })).toBe('N/A');
    expect(answer({ type: 'checkbox', rawTitle: 'C', value: ['a', 'b'] })).toBe('a,b');
    expect(answer({ type: 'date', rawTitle: 'D', values: 'text' })).toBe('//');
    // any truthy values of a checkbox make a list, only a list's choices give it text
    expect(answer({ type: 'checkbox', rawTitle: 'C', values: '1', value: 'v' })).toBe('\n');
    expect(answer({ type: 'checkbox', rawTitle: 'C', values: { a: 1 } })).toBe('\n');
    expect(answer({ type: 'checkbox', rawTitle: 'C', values: {}, value: 'v' })).toBe('v');
    // another type's plain answer shows when it prints as some text: false and 0 do, an object does not
    expect(answer({ value: false })).toBe('false');
    expect(answer({ type: 'x', value: 0 })).toBe('0');
    expect(answer({ value: { a: 1 } })).toBe('N/A');
    expect(answer({ type: 'checkbox', value: 0 })).toBe('N/A');
    expect(answer({ type: 'checkbox', value: { a: 1 } })).toBe('N/A');
    for (const v of [undefined, null, '', 12, [1]]) {
      expect(render('{f|summary-form-field}', { f: v }, { locale: 'en' }).html).toBe(
        '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">:</span> N/A\n</div>',
      );
    }
  });

  it('reads parts as variables print, by truthiness where the platform tests them (differential)', () => {
    expect(answer({ type: 'time', values: { Hour: false, Minute: [0], Second: '0' } })).toBe('00:0:0 ');
    expect(answer({ type: 'time', values: { Hour: [1, 2], Minute: { a: 1 } } })).toBe('1,2::00 ');
    expect(answer({ type: 'date', values: { Month: [1, 2], Day: { a: 1 } } })).toBe('1,2//');
    expect(answer({ type: 'phone', values: { Country: 0, Areacode: 0 } })).toBe('0--');
    expect(answer({ type: 'phone', values: { Country: [0], Line: [1, [2]] } })).toBe('+0 --1,2');
    expect(answer({ type: 'address', values: { Line1: 0, Line2: false } })).toBe('<div style="padding-left:5px;">\n  <div>0</div>\n  <div>,   </div>\n</div>');
  });

  it("lists a likert's answers by their keys, and prints nothing without any (differential)", () => {
    const lines = (values: unknown) => answer({ type: 'likert', values }).match(/bold;">[^<]*<\/span> [^<]*/g);
    expect(lines('ab')).toEqual(['bold;">0:</span> Neutral', 'bold;">1:</span> Neutral']);
    expect(lines([1])).toEqual(['bold;">0:</span> Agree']);
    expect(lines({ q: [1], r: '2', s: '-2.0' })).toEqual(['bold;">q:</span> Agree', 'bold;">r:</span> Strongly Agree', 'bold;">s:</span> Neutral']);
    expect(lines(3)).toBeNull();
    for (const values of [undefined, null]) expect(render('{f|summary-form-field}', { f: { type: 'likert', values } }).html).toBe('');
  });
});
