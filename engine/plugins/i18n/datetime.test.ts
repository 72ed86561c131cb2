/**
 * `datetime` and `relative-time` as the platform formats them (found against the reference engine with
 * bin/conformance/differential.ts): option combinations, values that are not numbers, locales with `_`.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';

/** 2020-02-24 14:04:40 in New York (the default time zone). */
const T = 1582571080000;
const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);
const fmt = (tpl: string, v: unknown, locale = 'en-US') => render(tpl, v === undefined ? {} : { v }, { locale, now: NOW }).html;

describe('datetime', () => {
  it('joins a date and a time skeleton as the date width joins them, in either order', () => {
    expect(fmt('{v|datetime yMMMd hm}', T)).toBe('Feb 24, 2020, 2:04\u202fPM');
    expect(fmt('{v|datetime hm yMMMd}', T)).toBe('Feb 24, 2020, 2:04\u202fPM');
    expect(fmt('{v|datetime yMMMMd hm}', T)).toBe('February 24, 2020 at 2:04\u202fPM');
    expect(fmt('{v|datetime yMMMMd Hm}', T, 'de_DE')).toBe('24. Februar 2020 um 14:04');
    expect(fmt('{v|datetime date:yMMMd hm}', T)).toBe('Feb 24, 2020, 2:04\u202fPM');
    expect(fmt('{v|datetime skeleton:yMMMd time:short}', T)).toBe('Feb 24, 2020, 2:04\u202fPM');
    expect(fmt('{v|datetime yMMMd hm wrap:full}', T)).toBe('Feb 24, 2020 at 2:04\u202fPM');
    expect(fmt('{v|datetime yMMMdhm}', T)).toBe('Feb 24, 2020, 2:04\u202fPM');
  });

  it('reads bare date and time as the short halves, and a width (bare or datetime:W) as both', () => {
    expect(fmt('{v|datetime date}', T)).toBe('2/24/20');
    expect(fmt('{v|datetime time}', T)).toBe('2:04\u202fPM');
    expect(fmt('{v|datetime date time}', T)).toBe('2/24/20, 2:04\u202fPM');
    expect(fmt('{v|datetime date:long time}', T)).toBe('February 24, 2020 at 2:04\u202fPM');
    expect(fmt('{v|datetime datetime:medium}', T)).toBe('Feb 24, 2020, 2:04:40\u202fPM');
    expect(fmt('{v|datetime datetime:yMMMd}', T)).toBe('Feb 24, 2020');
    expect(fmt('{v|datetime short date:long}', T)).toBe('2/24/20, 2:04\u202fPM');
  });

  it('reads a value that is not a number as the numeric formatters do: the epoch, or nothing for text without digits', () => {
    for (const v of [undefined, null, true, [], {}]) expect(fmt('{v|datetime}', v)).toBe('December 31, 1969');
    expect(fmt('{v|datetime short}', '2020-02-24')).toBe('12/31/69, 7:00\u202fPM');
    expect(fmt('{v|datetime}', '1520751625000')).toBe('March 11, 2018');
    expect(fmt('{v|datetime}', 'abc')).toBe('');
  });

  it('reads every bare word as part of one skeleton, a word with no field as the weekday (issue 23)', () => {
    expect(fmt('{v|datetime yMMMd EEEE}', T)).toBe('Monday, Feb 24, 2020');
    expect(fmt('{v|datetime yMMMd foo}', T)).toBe('Feb 24, 2020');
    for (const word of ['5', 'foo', 'skeleton:5']) expect(fmt(`{v|datetime ${word}}`, T)).toBe('Mon');
    expect(fmt('{v|datetime 5}', T, 'de_DE')).toBe('Mo');
    expect(fmt('{v|datetime a}', T)).toBe('2\u202fPM');
    expect(fmt('{v|datetime yMMMdhm wrap:full}', T)).toBe('Feb 24, 2020 at 2:04\u202fPM');
    expect(fmt('{v|datetime he}', T)).toBe('Mon, 2\u202fPM');
  });

  it('takes the other half from a skeleton beside date: or time:', () => {
    expect(fmt('{v|datetime date:short 5}', T)).toBe('2/24/20, Mon');
    expect(fmt('{v|datetime date:short yMMMd}', T)).toBe('2/24/20, Mon');
    expect(fmt('{v|datetime date:long hm}', T)).toBe('February 24, 2020 at 2:04\u202fPM');
    expect(fmt('{v|datetime time:short EEEE}', T)).toBe('Monday, 2:04\u202fPM');
    expect(fmt('{v|datetime time:short hm}', T)).toBe('Mon');
  });

  it('formats in UTC when website.timeZone is no zone, and finds a zone in any letter case', () => {
    const zoned = (zone: unknown) => render('{v|datetime hm}|{v|date %H %Z}', { v: T, website: { timeZone: zone } }, { locale: 'en-US', now: NOW }).html;
    for (const zone of ['Mars/Olympus', '+05:00', 'UTC+3', '', null, 5]) expect(zoned(zone)).toBe('7:04\u202fPM|19 UTC');
    expect(zoned('europe/paris')).toBe('8:04\u202fPM|20 CET');
    expect(zoned('Asia/Kathmandu')).toBe('12:49\u202fAM|00 +0545');
    expect(zoned('Asia/Dubai')).toBe('11:04\u202fPM|23 +04');
  });

  it('reads the page locale with a hyphen or an underscore', () => {
    expect(fmt('{v|datetime date:long time:short}', T, 'de_DE')).toBe('24. Februar 2020 um 14:04');
    expect(fmt('{v|datetime date:long time:short}', T, 'de-DE')).toBe('24. Februar 2020 um 14:04');
    expect(fmt('{v|datetime}', T, 'fr_FR')).toBe('24 février 2020');
  });
});

describe('relative-time', () => {
  it('uses the locale words for now and for one unit, and width: for shorter units', () => {
    expect(fmt('{v|relative-time}', NOW)).toBe('now');
    expect(fmt('{v|relative-time}', NOW - 400 * 864e5)).toBe('last year');
    expect(fmt('{v|relative-time width:short}', NOW - 11.1 * 36e5)).toBe('11 hr. ago');
    expect(fmt('{v|relative-time style:short}', NOW - 11.1 * 36e5)).toBe('11 hours ago');
    expect(fmt('{v|relative-time}', NOW - 11.1 * 36e5, 'de_DE')).toBe('vor 11 Stunden');
  });

  it('counts from the epoch for a value that is not a number', () => {
    expect(fmt('{v|relative-time}', undefined)).toBe('54 years ago');
    expect(fmt('{v|relative-time}', 'abc')).toBe('');
  });
});

describe('datetime-interval', () => {
  const range = (args: string, s: unknown, e: unknown, locale = 'en-US') =>
    render(`{s,e|datetime-interval${args === '' ? '' : ' ' + args}}`, { s, e }, { locale, now: NOW }).html;
  it('gives each end its date when a time skeleton spans days, and keeps a skeleton without a year to its fields', () => {
    expect(range('hm', T, T + 3 * 864e5)).toBe('Feb 24, 2020, 2:04\u202fPM\u2009–\u2009Feb 27, 2020, 2:04\u202fPM');
    expect(range('MMMd', T, T + 400 * 864e5)).toBe('Feb 24\u2009–\u2009Mar 30');
  });
  it('writes a range that collapses to one time as that time, and reads values as the numeric formatters', () => {
    expect(range('hm', T, T)).toBe('2:04\u202fPM');
    expect(range('yMd', String(T), null)).toBe('2/24/2020\u2009–\u200912/31/1969');
  });
  it('is hm without a skeleton on one day, in every locale (Java fixture f-message-datetime-interval-fr-FR)', () => {
    expect(range('', T, T + 36e5, 'fr_FR')).toBe('2:04\u2009–\u20093:04\u202fPM');
  });
});
