/**
 * The `<squarespace:…>` tags rewritten into JSON-T: what each becomes, and every problem at its file:line:col
 * (the tag's, or the attribute's), also for engine problems in the rewritten source.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../engine/index.js';
import { decodeKey, rewritePlatformTags, type TagTheme } from './platform-tags.js';

const THEME: TagTheme = {
  navigations: ['mainNav', 'footerNav'],
  hasBlock: (name) => ['nav.block', 'cats.block'].includes(name),
  hasScript: (path) => path === 'site.js',
  blockNames: () => ['nav.block', 'cats.block'],
  scriptNames: () => ['site.js'],
  blockFieldNonce: 'NONCE',
};

const rewrite = (source: string) => rewritePlatformTags(source, 'head.region', THEME);
const problems = (source: string) => rewrite(source).problems.map((p) => `${p.filename}:${p.line}:${p.column}: ${p.severity} ${p.code}: ${p.message}`);

describe('rewriting the platform tags', () => {
  it('navigation: the first navigation is the main one, others by name; a block or the body as its template', () => {
    expect(rewrite('<squarespace:navigation navigationId="mainNav" template="nav" />').source).toBe('{squarespace-tags.navigation.main|apply nav.block}');
    expect(rewrite("<squarespace:navigation navigationId='footerNav' template='nav.block'/>").source).toBe('{squarespace-tags.navigation.named-footerNav|apply nav.block}');
    expect(rewrite('x <squarespace:navigation navigationId="mainNav">{.if items.0} on{.end}</squarespace:navigation> y').source).toBe(
      'x {.macro squarespace-navigation-1-3}{.if items.0} on{.end}{.end}{squarespace-tags.navigation.main|apply squarespace-navigation-1-3} y',
    );
  });

  it('query: its attributes held in the key it reads; the body over { collection, items }', () => {
    const { source } = rewrite('<squarespace:query collection="/blog" limit="3" skip="1" tag="linen" featured="true">{.repeated section items}{title}{.end}</squarespace:query>');
    const key = /squarespace-tags\.query\.(q[0-9a-f]+)\|/.exec(source)![1]!;
    expect(decodeKey('q', key)).toEqual({ collection: 'blog', limit: 3, skip: 1, tag: 'linen', featured: true });
    expect(source).toContain('{.repeated section items}{title}{.end}');
  });

  it('folder-navigation and related render only when there is something; category reads its collection', () => {
    expect(rewrite('<squarespace:folder-navigation template="nav"/>').source).toBe('{.if squarespace-tags.folderNavigation}{squarespace-tags.folderNavigation|apply nav.block}{.end}');
    expect(rewrite('<squarespace:related limit="4" template="nav"/>').source).toMatch(/^\{\.if squarespace-tags\.related\.(r[0-9a-f]+)\.items\}\{squarespace-tags\.related\.\1\|apply nav\.block\}\{\.end\}$/);
    expect(rewrite('<squarespace:category collection="blog" template="cats"/>').source).toMatch(/^\{squarespace-tags\.category\.c[0-9a-f]+\|apply cats\.block\}$/);
  });

  it('block-field: a marker keeping its JSON-T id and class; script: a script tag for the theme file', () => {
    expect(rewrite('<squarespace:block-field id="{id}_intro" class="a {.if b}b{.end}" columns="8" label="Intro"/>').source).toBe('\u0001NONCE 8\u0002{id}_intro\u0002a {.if b}b{.end}\u0003');
    expect(rewrite('<squarespace:script src="site.js" combo="false" />').source).toBe('<script src="/scripts/site.js"></script>');
  });

  it('leaves everything else as it is, and a tag inside an HTML attribute works', () => {
    const source = '<body class="a<squarespace:navigation navigationId="mainNav">{.if items} nav{.end}</squarespace:navigation>">';
    expect(rewrite(source).source).toBe('<body class="a{.macro squarespace-navigation-1-15}{.if items} nav{.end}{.end}{squarespace-tags.navigation.main|apply squarespace-navigation-1-15}">');
    expect(rewrite('<p>no tags {here}</p>').source).toBe('<p>no tags {here}</p>');
  });

  it('reports each mistake at the tag or attribute, in words', () => {
    expect(problems('\n  <squarespace:navigation template="nav"/>')).toEqual(['head.region:2:3: error MISSING_ATTRIBUTE: <squarespace:navigation> needs the attribute navigationId.']);
    expect(problems('<squarespace:navigation navigationId="sideNav" template="nav"/>')).toEqual([
      'head.region:1:39: error UNKNOWN_NAVIGATION: The navigation "sideNav" is not listed in template.conf\'s navigations (mainNav, footerNav).',
    ]);
    expect(problems('<squarespace:navigation navigationId="mainNav" template="menu"/>')).toEqual([
      'head.region:1:58: error UNKNOWN_PARTIAL: The template "menu" of <squarespace:navigation> is not a block of the theme (blocks/menu.block).',
    ]);
    expect(problems('<squarespace:query collection="blog" limit="500">x</squarespace:query>')).toEqual([
      'head.region:1:45: error INVALID_ATTRIBUTE: The limit of <squarespace:query> must be a whole number from 1 to 100; 100 is used.',
    ]);
    expect(problems('<squarespace:query collection="{collection.urlId}">x</squarespace:query>')).toEqual([
      'head.region:1:32: error DYNAMIC_ATTRIBUTE: The collection of <squarespace:query> must be plain text, not JSON-T.',
    ]);
    expect(problems('<squarespace:query collection="blog"/>')).toEqual(['head.region:1:1: error MISSING_ATTRIBUTE: <squarespace:query> needs a template (a block\'s name) or a body.']);
    expect(problems('<squarespace:script src="missing.js"/>')).toEqual(['head.region:1:26: error UNKNOWN_SCRIPT: The script "missing.js" is not a file in the theme\'s scripts/ folder.']);
    expect(problems('<squarespace:block-field id="x" width="3"/>')).toEqual(['head.region:1:33: warning UNKNOWN_ATTRIBUTE: <squarespace:block-field> has no attribute width; it is ignored.']);
    expect(problems('<squarespace:navigation navigationID="mainNav" template="nave"/><squarespace:navigaton /><squarespace:script src="sites.js"/>')).toEqual([
      'head.region:1:1: error MISSING_ATTRIBUTE: <squarespace:navigation> needs the attribute navigationId.',
      'head.region:1:25: warning UNKNOWN_ATTRIBUTE: <squarespace:navigation> has no attribute navigationID; it is ignored. Did you mean "navigationId"?',
      'head.region:1:65: error UNKNOWN_TAG: <squarespace:navigaton> is not a tag of the platform; it renders nothing. Did you mean "<squarespace:navigation>"?',
      'head.region:1:115: error UNKNOWN_SCRIPT: The script "sites.js" is not a file in the theme\'s scripts/ folder. Did you mean "site.js"?',
    ]);
    expect(problems('<squarespace:navigation navigationId="mainnav" template="nav"/>')).toEqual([
      'head.region:1:39: error UNKNOWN_NAVIGATION: The navigation "mainnav" is not listed in template.conf\'s navigations (mainNav, footerNav). Did you mean "mainNav"?',
    ]);
    expect(problems('<squarespace:folder-navigation template="nave"/>')).toEqual([
      'head.region:1:42: error UNKNOWN_PARTIAL: The template "nave" of <squarespace:folder-navigation> is not a block of the theme (blocks/nave.block). Did you mean "nav"?',
    ]);
    expect(problems('a\n<squarespace:navbar />')).toEqual([
      'head.region:2:1: error UNKNOWN_TAG: <squarespace:navbar> is not a tag of the platform; it renders nothing (known: navigation, folder-navigation, query, category, related, block-field, script).',
    ]);
    expect(problems('<squarespace:query collection="blog">{.repeated section items}')).toEqual([
      'head.region:1:1: error UNCLOSED_TAG: <squarespace:query> has no </squarespace:query> (or write it as <squarespace:query … />).',
    ]);
    expect(problems('<squarespace:navigation navigationId="mainNav" template="nav"')).toEqual(['head.region:1:1: error UNCLOSED_TAG: <squarespace:navigation> is not closed with > or />.']);
  });

  it('maps engine problems in the rewritten source back to the theme file', () => {
    // the engine reads a tag as plain text, so compiling the file as it is gives the positions to expect
    for (const source of [
      '<p>\n<squarespace:navigation navigationId="mainNav" template="nav"/> {.section x}\n  {y|nosuchformatter}\n{.end}',
      '<squarespace:query collection="blog" limit="2">\n  {y|nosuchformatter}\n</squarespace:query>',
    ]) {
      const rewritten = rewrite(source);
      const [got] = compile(rewritten.source).errors;
      const [want] = compile(source).errors;
      expect(rewritten.locate(got!.line, got!.column)).toEqual({ line: want!.line, column: want!.column });
    }
  });
});
