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

  it('falls back to New York for an unknown zone', () => {
    expect(strftime(T, '%H %Z', 'Mars/Olympus')).toBe('16 EST');
  });

  it('keeps unknown directives and literal text as written, and %% as one %', () => {
    expect(strftime(T, '100%% %Q %', 'UTC')).toBe('100% %Q %');
  });

  it('counts weeks the reference way', () => {
    const f = compileStrftime('%U %W %V %G %g %j %u %w');
    expect(f(T, 'UTC')).toBe('08 08 07 2021 21 048 3 3');
    expect(f(Date.UTC(2021, 0, 1), 'UTC')).toBe('01 01 53 2020 20 001 5 5');
  });

  it('pads the space-padded fields with spaces', () => {
    expect(strftime(Date.UTC(2021, 2, 5, 3), '[%e][%k][%l][%v]', 'UTC')).toBe('[ 5][ 3][ 3][5-Mar-2021]');
  });
});
