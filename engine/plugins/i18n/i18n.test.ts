import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import type { RenderOptions } from '../../types.js';

const html = (tpl: string, data: unknown, opts: RenderOptions = {}) => render(tpl, data, { locale: 'en', ...opts }).html;
const errors = (tpl: string, data: unknown, opts: RenderOptions = {}) =>
  render(tpl, data, { locale: 'en', ...opts }).errors.map((e) => e.message);

describe('message', () => {
  it('formats positional and named arguments (every argument also has a position)', () => {
    expect(html('{m|message name=person.name what n}', { m: 'Hi {name}: {1} {2 plural one{# item} other{# items}}', person: { name: 'Bob' }, what: 'cart', n: 3 })).toBe(
      'Hi Bob: cart 3 items',
    );
    expect(html('{m|message data:bytes}', { m: '{data}', bytes: 'x' })).toBe('x');
  });
  it('is aliased as plural and selects ordinals', () => {
    expect(html('{m|plural n}', { m: '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', n: 3 })).toBe('3rd');
  });
  it('counts visible fraction digits: "1.0" is other in English', () => {
    expect(html('{m|message n}', { m: '{0 plural one{ONE} other{OTHER}}', n: '1.0' })).toBe('OTHER');
    expect(html('{m|message n}', { m: '{0 plural one{ONE} other{OTHER}}', n: '1' })).toBe('ONE');
  });
  it('prefers explicit =N cases and applies offsets', () => {
    const m = '{0 plural offset:1 =0{nobody} =1{just you} one{you and # other} other{you and # others}}';
    expect(['0', '1', '2', '3'].map((n) => html('{m|message n}', { m, n }))).toEqual(['nobody', 'just you', 'you and 1 other', 'you and 2 others']);
  });
  it('reports an invalid plural key (spec: zero, one, two, few, many, other or =N)', () => {
    expect(errors('{m|message n}', { m: '{0 plural one{a} lots{b} other{c}}', n: 1 })).toEqual([
      "message: Invalid plural key 'lots': expected zero, one, two, few, many, other or =N.",
    ]);
  });
  it('reports an offset on a non-numeric value', () => {
    const r = render('{m|message n}', { m: '{0 plural offset:1 other{x}}', n: 'abc' }, { locale: 'en' });
    expect(r.html).toBe('');
    expect(r.errors.map((e) => e.message)).toEqual(["message: Plural offset 1 applied to a non-numeric value 'abc'."]);
  });
  it('formats money, decimals and dates inside messages', () => {
    expect(html('{m|message v}', { m: '{0 money style:short}|{0 currency style:name}', v: { decimalValue: '123456.789', currencyCode: 'EUR' } })).toBe(
      '€123K|123,456.79 euros',
    );
    expect(html('{m|message n}', { m: '{0 decimal maximumFractionDigits:1}', n: '12345.67899' })).toBe('12,345.7');
  });
  it('renders nothing without locale data', () => {
    expect(html('{m|message n}', { m: '{0}', n: 1 }, { locale: null })).toBe('');
  });
  it('keeps an empty argument in its position, and reads a position no argument fills as NaN in a plural (found against the reference)', () => {
    expect(html('{m|message  name}', { name: 'J', m: '{0}|{1}' })).toBe('|J');
    expect(html('{m|message a  b}', { a: 'A', b: 'B', m: '{0}|{1}|{2}' })).toBe('A||B');
    expect(html('{m|plural}', { m: '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}' })).toBe('NaNth');
    expect(html('{m|plural n}', { m: '{0 plural one{# item} other{# items}}' })).toBe('0 items');
  });
  it('renders nothing for a list (not its items joined), as for an object', () => {
    for (const m of [['a', 'b'], [1], {}, { a: 1 }]) for (const f of ['message', 'plural']) expect(html(`{m|${f} n}`, { m, n: 1 })).toBe('');
  });
  it("quotes with apostrophes as the platform does: '' is one, 'text' is literal, a lone one runs to the end", () => {
    const quoted = (m: string) => html('{m|message n}', { m, n: 2 });
    expect(quoted("it''s {0}")).toBe("it's 2");
    expect(quoted("'{0}' {0}")).toBe('{0} 2');
    expect(quoted("it's {0}")).toBe('its {0}');
    expect(quoted("'a''b' x '' y")).toBe("ab x ' y");
    expect(quoted("{0 plural one{x} other{'#' is #}}")).toBe('2 is 2');
    // A quote that swallows a case's brace leaves the argument unterminated: the text as written.
    expect(quoted("{0 plural one{it's #} other{x}}")).toBe("{0 plural one{it's #} other{x}}");
    expect(html("{m|html|message n}", { m: "<b>it's</b> {0}", n: 2 })).toBe('&lt;b&gt;its&lt;/b&gt; {0}');
  });
});

describe('datetime', () => {
  const t = 1582571080000;
  it('uses CLDR widths with U+202F before the day period', () => {
    expect(html('{t|datetime}', { t })).toBe('February 24, 2020');
    expect(html('{t|datetime short}', { t })).toBe('2/24/20, 2:04\u202fPM');
    expect(html('{t|datetime date:medium time:hm wrap:full}', { t })).toBe('Feb 24, 2020 at 2:04\u202fPM');
  });
  it('follows website.timeZone', () => {
    expect(html('{t|datetime date:short time:short}', { t, website: { timeZone: 'America/Los_Angeles' } })).toBe('2/24/20, 11:04\u202fAM');
  });
  it('reports dates outside the Julian day range (4713 BC to 8652 AD)', () => {
    const r = render('{t|datetime}', { t: 1e15 }, { locale: 'en' });
    expect(r.html).toBe('Invalid date.');
    expect(r.errors.map((e) => e.message)).toEqual(['datetime: Julian day out of supported range (4713 BC to 8652 AD).']);
  });
  it('renders nothing for a missing value, except datetime, which formats the epoch (in New York)', () => {
    expect(html('{@|datetimefield}|{@|unit}|{x|datetime}', {})).toBe('||December 31, 1969');
  });
  it('datetimefield picks one localized field', () => {
    expect(html('{t|datetimefield month}/{t|datetimefield weekday short}/{t|datetimefield year}', { t })).toBe('February/Mon/2020');
  });
});

describe('relative-time', () => {
  const now = 1502298000000;
  it('picks the largest bucket reached and rounds', () => {
    expect(html('{a,b|relative-time allowWeeks:false}', { a: 1509647217000, b: 1510641417000 }, { now })).toBe('in 12 days');
    expect(html('{a,b|relative-time}', { a: 1509647217000, b: 1510641417000 }, { now })).toBe('in 2 weeks');
    expect(html('{t|relative-time context:begin-sentence}', { t: now + 7200000 }, { now })).toBe('In 2 hours');
    expect(html('{t|relative-time}', { t: now - 40000000 }, { now })).toBe('11 hours ago');
  });
});

describe('a value that is not a number', () => {
  it('is empty text from datetime, decimal and relative-time, which raw and json then print (found against the reference)', () => {
    for (const f of ['datetime', 'decimal', 'relative-time']) {
      expect(html(`[{v|${f}|raw}|{v|${f}|json}]`, { v: 'x' })).toBe('[""|""]');
    }
  });
});

describe('decimal', () => {
  it('accepts the spec rounding modes', () => {
    const r = (mode: string, n: string) => html(`{n|decimal maxfrac:0 round:${mode}}`, { n });
    expect(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even'].map((m) => r(m, '-2.5'))).toEqual(['-3', '-2', '-2', '-3', '-3', '-2', '-2']);
  });
  it('reports an unknown rounding mode', () => {
    expect(errors('{n|decimal round:sideways}', { n: 1 })[0]).toContain("Invalid rounding mode 'sideways'");
  });
  it('clamps digit options to 0..50', () => {
    expect(html('{n|decimal minfrac:99}', { n: '1' })).toBe('1.' + '0'.repeat(50));
    expect(html('{n|decimal maxfrac:-3}', { n: '1.6' })).toBe('2');
  });
  it('formats styles', () => {
    expect(html('{n|decimal style:percent}|{n|decimal style:short}', { n: '123456.7890' })).toBe('12,345,679%|123K');
  });
});

describe('unit', () => {
  it('converts, sequences and picks the best unit for the locale system', () => {
    expect(html('{n|unit in:inch}', { n: '12345' })).toBe('342.9yd');
    expect(html('{n|unit in:inch}', { n: '12345' }, { locale: 'fr-FR' })).toBe('313,6m');
    expect(html('{n|unit in:inch sequence:foot,inch group format:long}', { n: '12345' })).toBe('1,028 feet 9 inches');
    expect(html('{n|unit in:byte compact:bytes}', { n: '15789655' })).toBe('15.1MB');
    expect(html('{n|unit in:fahrenheit out:celsius format:long}', { n: '32' })).toBe('0 degrees Celsius');
  });
  it('units-metric? follows the locale measurement system', () => {
    const tpl = '{.units-metric? length}metric{.or}us{.end}';
    expect(html(tpl, {})).toBe('us');
    expect(html(tpl, {}, { locale: 'fr-FR' })).toBe('metric');
  });
});

describe('message arguments as the platform reads them (found against the reference engine)', () => {
  const m = (msg: string, v: unknown) => html('{m|message v}', v === undefined ? { m: msg } : { m: msg, v });
  const eur = { decimalValue: '12.5', currencyCode: 'EUR' };
  it('reads a money object as its amount', () => {
    expect(m('{0}', eur)).toBe('12.5');
    expect(m('{0 plural one{# item} other{# items}}', eur)).toBe('12.5 items');
    expect(m('{0 decimal}', eur)).toBe('12.5');
    expect(m('{0 money}', eur)).toBe('€12.50');
  });
  it('counts a value that is not a number as 0, and dates it at the epoch', () => {
    for (const v of [undefined, null, 'abc']) {
      expect(m('{0 plural one{# item} other{# items}}', v)).toBe('0 items');
      expect(m('{0 decimal}', v)).toBe('0');
    }
    expect(m('{0 datetime}', undefined)).toBe('December 31, 1969');
    expect(m('{0 datetime}', eur)).toBe('December 31, 1969');
    expect(m('{0;0 datetime-interval yMMMMd}', 'abc')).toBe('December 31, 1969');
    expect(m('{0 datetime-interval yMMMd}', 1520751625000)).toBe('');
  });
  it('has no relative-time inside messages', () => {
    expect(m('{0 relative-time}', 1520751625000)).toBe('');
  });
});

describe('without locale data', () => {
  it('the i18n formatters give empty text, as the platform without CLDR (so a chain goes on with text)', () => {
    for (const f of ['message', 'plural', 'datetime', 'datetime-interval', 'relative-time', 'decimal']) {
      expect(render(`{x|${f}|json}|{x|${f}|round}`, { x: 5 }, { locale: null }).html).toBe('""|NaN');
    }
  });
});
