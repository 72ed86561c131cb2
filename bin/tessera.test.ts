import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '../server/db/database.js';
import { contributors } from '../server/db/schema.js';
import { seedDemoStore } from '../server/db/seed.js';
import { verifyPassword } from '../server/owner/password.js';
import { ensureSiteOwner } from '../server/owner/site-owner.js';
import { main } from './tessera.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  return { out: () => out.join(''), err: () => err.join('') };
}

afterEach(() => vi.restoreAllMocks());

/** Temporary folders of this file, removed at its end. */
const temporary: string[] = [];
const tempDir = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(made);
  return made;
};
afterAll(() => {
  for (const made of temporary) rmSync(made, { recursive: true, force: true });
});

const dir = tempDir('tessera-cli-');
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
    // the store's commands (server/db/portable.test.ts runs them)
    for (const command of ['tessera migrate [up | status]', 'tessera export FILE', 'tessera import FILE']) expect(io.out()).toContain(command);
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
    expect(io.out()).toContain('bad.html:2:6: error: ');
    expect(io.out()).toContain('[DEAD_CODE]');
    expect(io.out()).toContain('bad.html:1:1: error: ');
    expect(io.out()).toContain('[EOF_IN_BLOCK]');
  });

  it('checks every template of a theme folder, with a code frame and did-you-mean, and skips assets', async () => {
    const dir = tempDir('tessera-check-');
    mkdirSync(join(dir, 'collections'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'template.conf'), '{}');
    writeFileSync(join(dir, 'site.region'), '<main>{squarespace.main-content}</main>');
    writeFileSync(join(dir, 'collections', 'blog.list'), '<p>\n\t{title|htlm}\n  {.equl? a 1}x{.end}</p>');
    writeFileSync(join(dir, 'assets', 'broken.html'), '{.section a}');
    const io = capture();
    expect(await main(['check', dir])).toBe(1);
    const out = io.out();
    const list = relative(process.cwd(), join(dir, 'collections', 'blog.list'));
    // the caret keeps the line's tab, so it sits under the formatter however tabs are shown
    expect(out).toContain(`${list}:2:8: error: Formatter 'htlm' is unknown. Did you mean 'html'? [UNKNOWN_FORMATTER]\n2 | \t{title|htlm}\n  | \t      ^`);
    expect(out).toContain(`${list}:3:3: error: Predicate 'equl?' is unknown. Did you mean 'equal?'? [UNKNOWN_PREDICATE]\n3 |   {.equl? a 1}x{.end}</p>\n  |   ^`);
    expect(out).not.toContain('broken.html');
    expect(out.trimEnd().split('\n').at(-1)).toBe('2 errors, 0 warnings in 2 templates');
    writeFileSync(join(dir, 'collections', 'blog.list'), '{title|html}');
    const clean = capture();
    expect(await main(['check', dir])).toBe(0);
    // a clean theme says so, with what was checked
    expect(clean.out()).toBe('0 errors, 0 warnings in 2 templates\n');
  });

  it('rejects unknown commands', async () => {
    const io = capture();
    expect(await main(['frobnicate'])).toBe(2);
    expect(io.err()).toContain("unknown command 'frobnicate'");
  });
});

describe('tessera owner-password', () => {
  it("sets the owner's password of the store at TESSERA_DB; says so when the store has no owner yet", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tessera-owner-'));
    const before = process.env['TESSERA_DB'];
    process.env['TESSERA_DB'] = join(folder, 'store.db');
    try {
      const store = openStore();
      seedDemoStore(store);
      store.$client.close();
      const io = capture();
      expect(await main(['owner-password'])).toBe(1);
      expect(io.out()).toContain('no site owner yet');
      const again = openStore();
      await ensureSiteOwner(again, { TESSERA_OWNER_PASSWORD: 'first password' }, () => {});
      again.$client.close();
      expect(await main(['owner-password'])).toBe(0);
      const password = /Password: (\S+)/.exec(io.out())![1]!;
      const after = openStore();
      expect(await verifyPassword(password, after.select().from(contributors).get()!.passwordHash)).toBe(true);
      after.$client.close();
      expect(await main(['owner-password', 'x'])).toBe(2);
    } finally {
      if (before === undefined) delete process.env['TESSERA_DB'];
      else process.env['TESSERA_DB'] = before;
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
