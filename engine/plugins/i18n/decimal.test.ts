/**
 * `decimal` as the platform formats it: every style and digit option, odd inputs, and locales written with a
 * hyphen or an underscore. Expected values come from the reference engine (bin/conformance/differential.ts)
 * and, for `mode:`, from the Java engine's fixtures.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

const dec = (args: string, values: readonly unknown[], locale = 'en-US') =>
  values.map((v) => render(`{v|decimal${args === '' ? '' : ' ' + args}}`, v === undefined ? {} : { v }, { locale }).html);

describe('decimal', () => {
  it('rounds to 3 fraction digits by default, half-even, with grouping, and drops trailing zeros', () => {
    expect(dec('', [1234.5678, '12.50', 0.0005, '-0.0005', '12345678901234567890.123456789'])).toEqual([
      '1,234.568',
      '12.5',
      '0',
      '0',
      '12,345,678,901,234,567,890.123',
    ]);
  });

  it('prints nothing for booleans, containers and strings with spaces; NaN and ∞ for those words', () => {
    expect(dec('', [undefined, null, true, false, [], {}, ' 42 ', 'abc', 'NaN', 'Infinity', '-Infinity'])).toEqual([
      '', '', '', '', '', '', '', '', 'NaN', '∞', '∞',
    ]);
  });

  it('reads fraction digits: minfrac raises the maximum, a smaller maxfrac lowers minfrac, an empty value is 0', () => {
    expect(dec('minfrac:2', [1, 1234.5678])).toEqual(['1.00', '1,234.568']);
    expect(dec('minfrac:3 maxfrac:1', [1, 1234.5678])).toEqual(['1.0', '1,234.6']);
    expect(dec('maxfrac:', [1.5, 1234.5678])).toEqual(['2', '1,235']);
  });

  it('uses significant digits as soon as one is given: maxsig alone is also the minimum, minsig alone keeps every digit', () => {
    expect(dec('maxsig:2', [0, 1, 1234.5678, 0.000123])).toEqual(['0.0', '1.0', '1,200', '0.00012']);
    expect(dec('minsig:2', [1, 1234.5678])).toEqual(['1.0', '1,234.5678']);
    expect(dec('minsig:2 maxsig:4', [0, 1234.5678, 1.5])).toEqual(['0.0', '1,235', '1.5']);
    expect(dec('maxsig:0', [1234])).toEqual(['0']);
    expect(dec('minsig:30', ['12345678901234567890.123456789'])).toEqual(['12,345,678,901,234,567,890.1234567890']);
  });

  it('follows the Java engine for mode:significant-maxfrac (fixture f-decimal-2)', () => {
    expect(dec('mode:significant-maxfrac minsig:1 maxfrac:3', ['3.14159', '1.01', '0'])).toEqual(['3.142', '1.01', '0']);
  });

  it('knows every rounding mode, truncate included', () => {
    const v = [1.2345, -1.2345, 2.5];
    expect(dec('maxfrac:0 round:half-even', v)).toEqual(['1', '-1', '2']);
    expect(dec('maxfrac:2 round:up', v)).toEqual(['1.24', '-1.24', '2.5']);
    expect(dec('maxfrac:2 round:ceiling', v)).toEqual(['1.24', '-1.23', '2.5']);
    expect(dec('maxfrac:2 round:floor', v)).toEqual(['1.23', '-1.24', '2.5']);
    expect(dec('round:truncate', [1234.5678])).toEqual(['1,234.567']);
  });

  it('groups unless told not to, and keeps the locale minimum grouping (Polish 1234)', () => {
    expect(dec('no-group', [1234567.5])).toEqual(['1234567.5']);
    expect(dec('group:false', [1234567.5])).toEqual(['1234567.5']);
    expect(dec('', [1234.5, 12345.5], 'pl_PL')).toEqual(['1234,5', '12\u00a0345,5']);
  });

  it('pads integer digits, and minint:0 drops the leading zero', () => {
    expect(dec('minint:3', [1.5, 0])).toEqual(['001.5', '000']);
    expect(dec('minint:0', [0.5, -0.5, 0])).toEqual(['.5', '-.5', '0']);
  });

  it('formats percent and permille with no fraction digits by default, in the locale pattern', () => {
    expect(dec('style:percent', [0.5, 1234.5678, '-0.0005'])).toEqual(['50%', '123,457%', '0%']);
    expect(dec('style:percent minfrac:1', [1234.5678])).toEqual(['123,456.8%']);
    expect(dec('style:permille', [0.5, 1234.5678])).toEqual(['500‰', '1,234,568‰']);
    expect(dec('style:permille', [0.5], 'fr_FR')).toEqual(['500\u00a0‰']);
  });

  it('formats compact numbers, grouped as the platform groups them', () => {
    expect(dec('style:short', [1234.5678, '-0.0005'])).toEqual(['1.2K', '-0.0005']);
    expect(dec('style:short maxfrac:2', [1234.5678, '-0.0005'])).toEqual(['1.23K', '0']);
    expect(dec('style:long minsig:3', [1234.5678, 999999.99])).toEqual(['1.23 thousand', '1.00 million']);
    expect(dec('style:short minfrac:1', [1234.5678, 12])).toEqual(['1.2K', '12.0']);
    expect(dec('style:short', [1234.5678], 'de_DE')).toEqual(['1.235']);
  });

  it('formats scientific notation with a signed exponent, none for 10^0', () => {
    expect(dec('style:scientific', [0, 1.5, 1234.5678, 0.00123])).toEqual(['0', '2', '1E+3', '1E-3']);
    expect(dec('style:scientific maxfrac:2', [1234.5678, 999999.99])).toEqual(['1.23E+3', '1E+6']);
    expect(dec('style:scientific minsig:3', [12])).toEqual(['1.20E+1']);
  });

  it('reads the page locale with a hyphen or an underscore', () => {
    expect(dec('', [1234.5], 'de_DE')).toEqual(dec('', [1234.5], 'de-DE'));
    expect(dec('', [1234.5], 'de_DE')).toEqual(['1.234,5']);
    expect(dec('', [1234.5], 'fr_FR')).toEqual(['1\u00a0234,5']);
  });
});
