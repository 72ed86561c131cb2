/**
 * Both engines' golden fixtures, run through vitest: the reference's (TypeScript, template-engine/) and the
 * Java original's (template-compiler/, what the hosted platform runs). Each suite has its own list of known
 * failures; every other fixture must pass, and a listed fixture that passes fails this suite, so each list
 * can only shrink.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listFixtures, runFixture, shortDiff } from './run.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const SUITES = [
  { name: 'reference (TypeScript)', dir: '../shared/conformance/template-engine', known: 'fixtures/conformance-known-failures.txt', atLeast: 400 },
  { name: 'Java engine', dir: '../shared/conformance/template-compiler', known: 'fixtures/conformance-known-failures-java.txt', atLeast: 250 },
] as const;

function readKnownFailures(file: string): Map<string, string> {
  const known = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const [id, ...why] = t.split(/\s+#\s*/);
    known.set(id!.trim(), why.join(' '));
  }
  return known;
}

for (const suite of SUITES) {
  const fixtureDir = resolve(root, suite.dir);
  describe.runIf(existsSync(fixtureDir))(`conformance fixtures: ${suite.name}`, () => {
    const known = readKnownFailures(resolve(root, suite.known));
    const fixtures = listFixtures(fixtureDir);

    it('finds the fixtures', () => {
      expect(fixtures.length).toBeGreaterThan(suite.atLeast);
    });

    it('lists only fixtures that exist, each with its reason', () => {
      const ids = new Set(fixtures.map((f) => f.id));
      expect([...known.keys()].filter((id) => !ids.has(id))).toEqual([]);
      expect([...known].filter(([, why]) => why === '').map(([id]) => id)).toEqual([]);
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
}
