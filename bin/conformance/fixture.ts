/**
 * Reading conformance fixtures: a text file split into sections by header lines `:NAME` alone on a line.
 * A section's content is every line up to the next header, joined with `\n`.
 */
import { readFileSync } from 'node:fs';

export type Sections = Record<string, string>;

const HEADER = /^:([A-Z]+)$/;
/** Headers of the helper-data files (`:getItemVariant-1-expected`). */
export const ANY_HEADER = /^:(\S+)$/;

export function parseSections(text: string, header: RegExp = HEADER): Sections {
  const sections: Sections = {};
  let name: string | null = null;
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    const m = header.exec(line.replace(/\r$/, ''));
    if (m) {
      if (name !== null) sections[name] = lines.join('\n');
      name = m[1]!;
      lines = [];
    } else if (name !== null) {
      lines.push(line);
    }
  }
  if (name !== null) sections[name] = lines.join('\n');
  return sections;
}

export interface Fixture {
  /** Path relative to the fixture root, with forward slashes. */
  readonly id: string;
  readonly path: string;
  readonly sections: Sections;
}

export function readFixture(path: string, id: string): Fixture {
  return { id, path, sections: parseSections(readFileSync(path, 'utf8')) };
}
