import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './tessera.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  return { out: () => out.join(''), err: () => err.join('') };
}

afterEach(() => vi.restoreAllMocks());

const dir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('tessera command', () => {
  it('prints help', async () => {
    const io = capture();
    expect(await main(['--help'])).toBe(0);
    expect(io.out()).toContain('tessera render TEMPLATE');
  });

  it('renders a template with data and partials, problems on stderr with file:line:col', async () => {
    const t = file('page.html', 'Hi {name|html}!\n{@|apply p}{x|nope}');
    const d = file('data.json', '{"name": "<Ada>"}');
    const p = file('partials.json', '{"p": "[{name}]"}');
    const io = capture();
    expect(await main(['render', t, '--data', d, '--partials', p])).toBe(0);
    expect(io.out()).toBe('Hi &lt;Ada&gt;!\n[<Ada>]{x|nope}');
    expect(io.err()).toBe(`${t}:2:14: error UNKNOWN_FORMATTER: Formatter 'nope' is unknown\n`);
  });

  it('says clearly when the data is not JSON', async () => {
    const io = capture();
    expect(await main(['render', file('a.html', '{a}'), '--data', file('bad.json', '{nope')])).toBe(2);
    expect(io.err()).toMatch(/data file .*bad\.json is not valid JSON/);
  });

  it('checks templates and fails on errors', async () => {
    const io = capture();
    expect(await main(['check', file('ok.html', '{.section a}{b}{.end}')])).toBe(0);
    expect(await main(['check', file('bad.html', '{.section a}\n{.or}{.or}')])).toBe(1);
    expect(io.out()).toContain('bad.html:2:6: error DEAD_CODE');
    expect(io.out()).toContain('bad.html:1:1: error EOF_IN_BLOCK');
  });

  it('rejects unknown commands', async () => {
    const io = capture();
    expect(await main(['frobnicate'])).toBe(2);
    expect(io.err()).toContain("unknown command 'frobnicate'");
  });
});
