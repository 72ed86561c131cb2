/**
 * jQuery on a public CDN, served from this server: which addresses are recognised, how a template's
 * `<script src>` is rewritten when it loads (the local file of the same major line, the CDN's integrity hash
 * dropped, a warning at the `src`, every later position still right), the file served hashed and cached for
 * good, and the warning in `tessera check` on langate.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkTemplates } from '../../bin/check.js';
import { repoRoot } from '../db/database.js';
import { cdnLibraryOf } from '../libraries/cdn-urls.js';
import { localLibraries } from '../libraries/library-files.js';
import { demoApp } from '../test-support.js';
import { rewritePlatformTags, type TagTheme } from './platform-tags.js';

const NO_THEME: TagTheme = { navigations: [], hasBlock: () => false, findScript: () => null };
const require = createRequire(import.meta.url);
const LANGATE = resolve(repoRoot(), '../shared/themes/langate');

describe('jQuery addresses of the public CDNs', () => {
  it('reads Google, cdnjs and code.jquery.com, over http, https or protocol-relative, minified or not, slim', () => {
    const cases: [string, string, boolean][] = [
      ['//ajax.googleapis.com/ajax/libs/jquery/1.10.2/jquery.min.js', '1.10.2', false],
      ['https://ajax.googleapis.com/ajax/libs/jquery/2.1.4/jquery.js', '2.1.4', false],
      ['http://AJAX.googleapis.com/ajax/libs/jquery/3.3.1/jquery.slim.min.js', '3.3.1', true],
      ['https://ajax.googleapis.com/ajax/libs/jquery/1/jquery.min.js', '1', false],
      ['https://cdnjs.cloudflare.com/ajax/libs/jquery/3.6.0/jquery.min.js', '3.6.0', false],
      ['//cdnjs.cloudflare.com/ajax/libs/jquery/2.2.4/jquery.js', '2.2.4', false],
      ['https://code.jquery.com/jquery-3.3.1.slim.min.js', '3.3.1', true],
      ['http://code.jquery.com/jquery-1.11.0.js', '1.11.0', false],
      ['https://code.jquery.com/jquery-2.2.4.min.js?v=2', '2.2.4', false],
    ];
    for (const [url, version, slim] of cases) expect(cdnLibraryOf(url), url).toEqual({ name: 'jquery', version, major: Number(version.split('.')[0]), slim });
  });

  it('leaves every other address alone', () => {
    for (const url of [
      'https://ajax.googleapis.com/ajax/libs/jqueryui/1.12.1/jquery-ui.min.js',
      'https://code.jquery.com/ui/1.12.1/jquery-ui.min.js',
      'https://cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.21/lodash.min.js',
      'https://example.com/ajax/libs/jquery/1.10.2/jquery.min.js',
      '/scripts/jquery.min.js',
      'https://code.jquery.com/jquery-migrate-1.4.1.min.js',
    ]) {
      expect(cdnLibraryOf(url), url).toBeNull();
    }
  });

  it('serves each major line by its last release; a line not served (4.x) is not rewritten', () => {
    const local = (v: string, slim = false) => localLibraries().forCdn({ name: 'jquery', version: v, major: Number(v.split('.')[0]), slim });
    expect(local('1.10.2')).toMatchObject({ version: '1.12.4', title: 'jQuery 1.12.4' });
    expect(local('2.1.4')).toMatchObject({ version: '2.2.4' });
    expect(local('3.3.1', true)).toMatchObject({ version: '3.8.0', title: 'jQuery 3.8.0 (slim)' });
    expect(local('1.10.2')!.url).toMatch(/^\/static\/libraries\/jquery-1\.12\.4\.min\.[0-9a-f]{12}\.js$/);
    expect(local('3.3.1', true)!.url).toMatch(/^\/static\/libraries\/jquery-3\.8\.0\.slim\.min\.[0-9a-f]{12}\.js$/);
    expect(local('4.0.0')).toBeNull();
    const rewritten = rewritePlatformTags('<script src="https://code.jquery.com/jquery-4.0.0.min.js"></script>', 'a.region', NO_THEME);
    expect(rewritten.source).toContain('code.jquery.com');
    expect(rewritten.problems).toEqual([]);
  });
});

describe('a template loading jQuery from a CDN', () => {
  const source = [
    '<footer>{website.siteTitle}</footer>',
    '<script src="//ajax.googleapis.com/ajax/libs/jquery/1.10.2/jquery.min.js"></script>',
    '<script type="text/javascript" integrity="sha384-q8i/X+965DzO0rT7abK41JStQIAqVgRVzpbzo5smXKp4YfRvH+8abtTE1Pi6jizo" src=\'https://code.jquery.com/jquery-3.3.1.slim.min.js\' crossorigin="anonymous"></script>',
    '<SCRIPT SRC=http://code.jquery.com/jquery-1.7.2.min.js></SCRIPT> {.section nothing}',
  ].join('\n');

  it('is rewritten when it loads to the local copy, the integrity hash dropped, with a warning at each src', () => {
    const { source: out, problems, locate } = rewritePlatformTags(source, 'footer.region', NO_THEME);
    const one = localLibraries().forCdn(cdnLibraryOf('//ajax.googleapis.com/ajax/libs/jquery/1.10.2/jquery.min.js')!)!;
    const slim = localLibraries().forCdn(cdnLibraryOf('https://code.jquery.com/jquery-3.3.1.slim.min.js')!)!;
    expect(out).toBe(
      [
        '<footer>{website.siteTitle}</footer>',
        `<script src="${one.url}"></script>`,
        `<script type="text/javascript" src='${slim.url}' crossorigin="anonymous"></script>`,
        `<SCRIPT SRC=${one.url}></SCRIPT> {.section nothing}`,
      ].join('\n'),
    );
    expect(problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}`)).toEqual([
      '2:14 warning LOCAL_LIBRARY',
      `3:${source.split('\n')[2]!.indexOf('https://code.jquery.com') + 1} warning LOCAL_LIBRARY`,
      '4:13 warning LOCAL_LIBRARY',
    ]);
    expect(problems[0]!.message).toBe(
      "The script //ajax.googleapis.com/ajax/libs/jquery/1.10.2/jquery.min.js (jQuery 1.10.2 on a public CDN) is served from this server as jQuery 1.12.4, the last release of its 1.x line, since Tessera's content policy lets no page load from another host.",
    );
    expect(problems[1]!.message).toContain('jQuery 3.3.1 slim on a public CDN) is served from this server as jQuery 3.8.0 (slim)');
    expect(problems[1]!.message).toContain("Its integrity attribute (the CDN file's hash) is dropped.");
    expect(problems[2]!.message).toContain('jQuery 1.9 removed .live(), .die(), $.browser and more');
    // the engine's positions in the rewritten text still point into the theme's file: `{.section` on line 4
    const section = out.split('\n')[3]!.indexOf('{.section') + 1;
    expect(locate(4, section)).toEqual({ line: 4, column: source.split('\n')[3]!.indexOf('{.section') + 1 });
  });

  it('keeps a CDN script written inside a tag body it copies, and leaves <squarespace:escape> as written', () => {
    const body = '<squarespace:escape><script src="//ajax.googleapis.com/ajax/libs/jquery/1.10.2/jquery.min.js"></script></squarespace:escape>';
    expect(rewritePlatformTags(body, 'a.block', NO_THEME).source).toContain('ajax.googleapis.com');
  });

  it('answers the local file from this server: hashed, cached for good, compressed, the package file itself', async () => {
    const { app } = await demoApp({ themeDir: resolve(repoRoot(), 'fixtures/themes/platform-runtime') });
    try {
      const local = localLibraries().forCdn(cdnLibraryOf('https://code.jquery.com/jquery-1.11.0.js')!)!;
      const plain = await app.inject(local.url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.rawPayload.equals(readFileSync(require.resolve('jquery1/dist/jquery.min.js')))).toBe(true);
      const br = await app.inject({ url: local.url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      for (const bad of ['/static/libraries/jquery-1.12.4.min.000000000000.js', '/static/libraries/..%2Fpackage.json', '/static/libraries/']) expect((await app.inject(bad)).statusCode, bad).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!existsSync(LANGATE))('langate', () => {
  it("gets the local jQuery on its pages, and check says so at the tag's place", async () => {
    const { app } = await demoApp({ themeDir: LANGATE });
    try {
      const page = await app.inject('/about');
      expect(page.body).not.toContain('ajax.googleapis.com');
      const src = /<script src="(\/static\/libraries\/jquery-1\.12\.4\.min\.[0-9a-f]+\.js)"><\/script>/.exec(page.body)?.[1];
      expect(src).toBeDefined();
      expect((await app.inject(src!)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const { report } = checkTemplates([LANGATE]);
    const line = report.find((r) => r.includes('[LOCAL_LIBRARY]'))!;
    expect(line.split('\n')[0]).toMatch(/langate\/footer\.region:37:14: warning: The script \/\/ajax\.googleapis\.com\/ajax\/libs\/jquery\/1\.10\.2\/jquery\.min\.js \(jQuery 1\.10\.2 on a public CDN\) is served from this server as jQuery 1\.12\.4/);
    expect(line).toContain('37 | <script src="//ajax.googleapis.com/ajax/libs/jquery/1.10.2/jquery.min.js"></script>');
  });
});
