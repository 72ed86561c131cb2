/**
 * The reference engine's golden fixtures, run through vitest. Fixtures listed in
 * fixtures/conformance-known-failures.txt may fail; every other fixture must pass, and a listed fixture
 * that passes fails this suite, so the list can only shrink.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listFixtures, runFixture, shortDiff } from './run.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fixtureDir = resolve(root, '../shared/conformance/template-engine');
const knownFile = resolve(root, 'fixtures/conformance-known-failures.txt');

function readKnownFailures(): Map<string, string> {
  const known = new Map<string, string>();
  for (const line of readFileSync(knownFile, 'utf8').split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const [id, ...why] = t.split(/\s+#\s*/);
    known.set(id!.trim(), why.join(' '));
  }
  return known;
}

describe.runIf(existsSync(fixtureDir))('conformance fixtures', () => {
  const known = readKnownFailures();
  const fixtures = listFixtures(fixtureDir);

  it('finds the fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(400);
  });

  it('lists only fixtures that exist', () => {
    const ids = new Set(fixtures.map((f) => f.id));
    expect([...known.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const fixture of fixtures) {
    it(fixture.id, () => {
      const outcome = runFixture(fixture);
      if (known.has(fixture.id)) {
        expect(outcome.status, `${fixture.id} passes now: remove it from the known failures`).not.toBe('pass');
        return;
      }
      if (outcome.status === 'fail') {
        expect.fail(`${fixture.id}${outcome.note ? ` (${outcome.note})` : ''}\n${shortDiff(outcome.expected, outcome.actual)}`);
      }
    });
  }
});
