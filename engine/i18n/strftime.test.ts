import { describe, expect, it } from 'vitest';
import { compileStrftime, strftime } from './strftime.js';

const T = 1613597165345; // 2021-02-17T21:26:05.345Z

describe('strftime', () => {
  it('formats in the zone with its abbreviation', () => {
    expect(strftime(T, '%Y-%m-%d %H:%M:%S %Z %z', 'Asia/Tokyo')).toBe('2021-02-18 06:26:05 JST +09:00');
    expect(strftime(T, '%c', 'America/New_York')).toBe('Wed, Feb 17, 2021 4:26:05 PM EST');
    expect(strftime(Date.UTC(2021, 6, 1, 12), '%Z %z', 'America/New_York')).toBe('EDT -04:00');
    expect(strftime(Date.UTC(2021, 6, 1, 12), '%Z', 'Europe/London')).toBe('BST');
  });

  it('falls back to UTC for an unknown zone, as the platform', () => {
    expect(strftime(T, '%H %Z', 'Mars/Olympus')).toBe('21 UTC');
  });

  it('drops unknown directives (the % too), keeps literal text, %% as one % and a final %', () => {
    expect(strftime(T, '100%% %Q %', 'UTC')).toBe('100%  %');
    expect(strftime(T, 'a% b%-c%', 'UTC')).toBe('abc%');
  });

  it('numbers %U and %W alike, as the platform: Sunday weeks, week 1 holding January 1', () => {
    const f = compileStrftime('%U %W');
    // 2019-12-29 (a Sunday) starts the week holding 2020-01-01: week 1.
    expect(f(Date.UTC(2019, 11, 29, 12), 'UTC')).toBe('01 01');
    // 2022-12-31 (a Saturday): 2023-01-01 is next week, so week 53 of 2022.
    expect(f(Date.UTC(2022, 11, 31, 12), 'UTC')).toBe('53 53');
    expect(f(Date.UTC(2023, 10, 14, 12), 'UTC')).toBe('46 46');
  });

  it('%s truncates toward zero', () => {
    expect(strftime(-1500, '%s', 'UTC')).toBe('-1');
    expect(strftime(-1, '%s', 'UTC')).toBe('0');
  });

  it('%i is the hour on 12 hours, unpadded', () => {
    expect(strftime(Date.UTC(2021, 2, 5, 17), '%i|%l', 'UTC')).toBe('5| 5');
  });

  it('counts weeks the reference way', () => {
    const f = compileStrftime('%U %W %V %G %g %j %u %w');
    expect(f(T, 'UTC')).toBe('08 08 07 2021 21 048 3 3');
    expect(f(Date.UTC(2021, 0, 1), 'UTC')).toBe('01 01 53 2020 20 001 5 5');
  });

  it('pads the space-padded fields with spaces', () => {
    expect(strftime(Date.UTC(2021, 2, 5, 3), '[%e][%k][%l][%v]', 'UTC')).toBe('[ 5][ 3][ 3][ 5-Mar-2021]');
  });
});
