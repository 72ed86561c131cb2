/**
 * The outbound-URL lint: what a platform theme's files would load from other hosts (a template's `src`,
 * `srcset`, `poster`, a loading `<link href>`, CSS `url()` and `@import`), never a link a visitor clicks, a
 * comment, or jQuery from a CDN (served from here); and `tessera check` summing them in one line per rule
 * (every one with `--verbose`), only on platform themes.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/db/database.js';
import { checkTemplates } from '../check.js';
import { outboundStylesheetUrls, outboundTemplateUrls } from './outbound-urls.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');

/** Each finding as `line:col url`. */
function found(text: string, list: readonly { offset: number; message: string }[]): string[] {
  return list.map((u) => {
    const before = text.slice(0, u.offset).split('\n');
    return `${before.length}:${before[before.length - 1]!.length + 1} ${u.message.split(' ')[0]}`;
  });
}

/** `line:col url` of the first `url` on a line of `text`. */
const at = (text: string, line: number, url: string) => `${line}:${text.split('\n')[line - 1]!.indexOf(url) + 1} ${url}`;

describe('a template', () => {
  it('loads from another host by src, srcset, poster, a loading <link href> and CSS url()', () => {
    const text = [
      '<link rel="stylesheet" href="//fonts.googleapis.com/css?family=Heebo" />',
      '<link rel="icon" href="https://cdn.example.com/i.png"><img class="a" src="https://static1.squarespace.com/a.png">',
      '<img srcset="/assets/a.png 1x, https://img.example.com/b.png 2x"><video poster="http://v.example.com/p.jpg"></video>',
      '<div style="background: url(\'https://img.example.com/bg.jpg\')"></div><iframe src="https://player.vimeo.com/video/1"></iframe>',
      '<style>.x { background: url(https://img.example.com/c.png) } @import "https://fonts.example.com/f.css";</style>',
      '<script src="https://www.googletagmanager.com/gtag/js"></script>',
    ].join('\n');
    expect(found(text, outboundTemplateUrls(text))).toEqual(
      [
        [1, '//fonts.googleapis.com/css?family=Heebo'],
        [2, 'https://cdn.example.com/i.png'],
        [2, 'https://static1.squarespace.com/a.png'],
        [3, 'https://img.example.com/b.png'],
        [3, 'http://v.example.com/p.jpg'],
        [4, 'https://img.example.com/bg.jpg'],
        [4, 'https://player.vimeo.com/video/1'],
        [5, 'https://img.example.com/c.png'],
        [5, 'https://fonts.example.com/f.css'],
        [6, 'https://www.googletagmanager.com/gtag/js'],
      ].map(([line, url]) => at(text, line as number, url as string)),
    );
    const hint = '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>';
    expect(outboundTemplateUrls(hint).map((u) => u.message)).toEqual([
      'https://fonts.gstatic.com (<link rel="preconnect">) opens a connection to another host, which no content policy blocks: remove it (it is only a hint, and nothing of that host loads here unless its origin is in TESSERA_ALLOWED_ORIGINS).',
    ]);
    expect(outboundTemplateUrls(text)[0]!.message).toBe(
      "//fonts.googleapis.com/css?family=Heebo (<link href>) is on another host: blocked by Tessera's content policy unless its origin (https://fonts.googleapis.com) is in TESSERA_ALLOWED_ORIGINS.",
    );
  });

  it('does not load a link a visitor clicks, a page a <link> names, a comment, the site itself, or a CDN jQuery served from here', () => {
    const text = [
      '<a href="https://www.squarespace.com">Made with</a><area href="http://example.com/map">',
      '<link rel="canonical" href="https://example.com/page"><link rel="alternate" type="application/rss+xml" href="https://example.com/rss">',
      '<!-- <img src="https://old.example.com/a.png"> -->{# <img src="https://x.example.com/j.png"> }',
      '{##\n<script src="https://x.example.com/a.js"></script>\n##}',
      '<img src="/assets/a.png"><img src="{item.assetUrl}"><img src="{website.baseUrl}/a.png"><form action="https://mailchimp.example.com/post"></form>',
      '<script src="//ajax.googleapis.com/ajax/libs/jquery/1.10.2/jquery.min.js"></script>',
    ].join('\n');
    expect(outboundTemplateUrls(text)).toEqual([]);
  });
});

describe('a stylesheet', () => {
  it("loads its url()s; its @imports when it is served as written (the theme's LESS leaves them out itself)", () => {
    const text = "@import url('https://fonts.googleapis.com/css?family=Roboto');\n.a { background: url(https://img.example.com/a.png) no-repeat; }\n.b { background: url('/assets/b.png'), url(data:image/png;base64,AAAA); }";
    expect(found(text, outboundStylesheetUrls(text, true))).toEqual([at(text, 2, 'https://img.example.com/a.png')]);
    expect(found(text, outboundStylesheetUrls(text, false))).toEqual([at(text, 1, 'https://fonts.googleapis.com/css?family=Roboto'), at(text, 2, 'https://img.example.com/a.png')]);
  });
});

describe.skipIf(!existsSync(CORPUS))('tessera check', () => {
  it("sums a platform theme's outbound URLs in one line per rule, and prints each with --verbose", () => {
    const baldface = resolve(CORPUS, 'baldface');
    const { report, problems } = checkTemplates([baldface]);
    const outbound = problems.filter((p) => p.code === 'OUTBOUND_URL');
    expect(outbound.length).toBe(43);
    const summary = report.filter((r) => r.includes('[OUTBOUND_URL]'));
    expect(summary).toEqual([
      `warning: 43 × URLs on other hosts (blocked by Tessera's content policy unless their origin is in TESSERA_ALLOWED_ORIGINS) in 3 file(s): ${['assets/static/events.css (40)', 'pages/events.page (2)', 'site.region (1)']
        .map((f) => `${relative(process.cwd(), baldface)}/${f}`)
        .join(', ')}; --verbose prints each [OUTBOUND_URL]`,
    ]);
    const verbose = checkTemplates([baldface], { verbose: true }).report.filter((r) => r.includes('[OUTBOUND_URL]'));
    expect(verbose.length).toBe(43);
    expect(verbose.find((r) => r.includes('site.region:20:'))!.split('\n')[0]).toMatch(
      /site\.region:20:21: warning: \/\/fonts\.googleapis\.com\/css\?family=Heebo:400,500,700 \(<link href>\) is on another host: blocked by Tessera's content policy unless its origin \(https:\/\/fonts\.googleapis\.com\) is in TESSERA_ALLOWED_ORIGINS\. \[OUTBOUND_URL\]/,
    );
  });

  it('reports none on the default theme, which has no content policy', () => {
    expect(checkTemplates([resolve(repoRoot(), 'templates')]).problems.filter((p) => p.code === 'OUTBOUND_URL')).toEqual([]);
  });
});
