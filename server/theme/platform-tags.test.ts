/**
 * The `<squarespace:…>` tags as a page renders them: attributes plain or JSON-T (rendered where the tag stands,
 * as the platform runs JSON-T over attributes before it processes tags), what each tag asks of the page's data
 * and shows, and every problem at its file:line:col (the tag's, the attribute's), also for engine problems in
 * the rewritten source and for problems found only when a JSON-T attribute is rendered.
 */
import { describe, expect, it } from 'vitest';
import { compile, createPluginTable, DEFAULT_PLUGINS, render } from '../../engine/index.js';
import type { Json } from '../commerce/catalog.js';
import { type QuerySpec, type TagData, TAGS_KEY } from './platform-data.js';
import { rewritePlatformTags, type TagTheme } from './platform-tags.js';
import { SYSTEM_PARTIALS } from './system-partials.js';
import { platformTagFormatter } from './tag-formatter.js';

const THEME: TagTheme = {
  navigations: ['mainNav', 'footerNav'],
  hasBlock: (name) => ['nav.block', 'cats.block', 'list.block'].includes(name),
  findScript: (path) => (path === 'site.js' ? path : path === 'core.js' ? 'vendor/core.js' : null),
  blockNames: () => ['nav.block', 'cats.block', 'list.block'],
  scriptNames: () => ['site.js'],
};

const PLUGINS = createPluginTable(
  { formatters: [...DEFAULT_PLUGINS.formatters.values()], predicates: [...DEFAULT_PLUGINS.predicates.values()] },
  { formatters: [platformTagFormatter(() => THEME)] },
);

const PARTIALS: Record<string, string> = {
  ...SYSTEM_PARTIALS,
  'nav.block': '{.repeated section items}[{collection.title}]{.end}',
  'list.block': '{.repeated section items}<{title}>{.end}',
  'cats.block': '{.repeated section items}{name}({count}){.end}',
};

/** Page data that answers every ask with `answers` and records what was asked. */
function pageData(answers: Partial<Record<keyof TagData, (...args: never[]) => unknown>> = {}) {
  const asked: string[] = [];
  const queries: QuerySpec[] = [];
  const data: TagData = {
    navigation: (id, main) => (asked.push(`navigation ${id} ${main}`), (answers.navigation?.() as Json) ?? { items: [{ collection: { title: id } }] }),
    folderNavigation: () => (asked.push('folder'), answers.folderNavigation?.() as Json | undefined),
    query: (spec) => (queries.push(spec), { collection: { urlId: spec.collection }, items: [{ title: `${spec.collection}-1` }, { title: `${spec.collection}-2` }] }),
    category: (c) => (asked.push(`category ${c}`), { collection: null, items: [{ name: 'Linen', count: 2 }] }),
    related: (limit, products) => (asked.push(`related ${limit} ${products}`), { items: [{ title: 'near' }] }),
    blockField: (id) => (asked.push(`field ${id}`), id === 'full' ? [{ type: 'html', html: '<p>hi</p>' }] : []),
  };
  return { data, asked, queries };
}

/** Renders `source` (the file head.region) over `context` with `data` as the page's tag data. */
function renderTags(source: string, context: Record<string, unknown> = {}, data = pageData().data) {
  const rewritten = rewritePlatformTags(source, 'head.region', THEME);
  const { template, errors } = compile(rewritten.source, { filename: 'head.region' }, PLUGINS);
  const root = { ...context };
  Object.defineProperty(root, TAGS_KEY, { value: data, enumerable: false });
  const result = render(template, root, { partials: PARTIALS }, PLUGINS);
  type Problem = { line: number; column: number; severity: string; code: string; message: string };
  const describe = (e: Problem) => `head.region:${e.line}:${e.column}: ${e.severity} ${e.code}: ${e.message}`;
  // the engine's problems are at places of the rewritten source; the tags' already at the file's
  const at = (e: Problem) => describe({ ...e, ...rewritten.locate(e.line, e.column) });
  return { html: result.html, problems: [...rewritten.problems.map(describe), ...errors.map(at)], renderProblems: result.errors.map(at) };
}
const problems = (source: string) => renderTags(source).problems;

describe('the platform tags, plain attributes', () => {
  it('navigation: the first navigation is the main one, others by name; a block or the body as its template', () => {
    const page = pageData();
    expect(renderTags('<squarespace:navigation navigationId="mainNav" template="nav" />', {}, page.data).html).toBe('[mainNav]');
    expect(renderTags("<squarespace:navigation navigationId='footerNav' template='nav.block'/>", {}, page.data).html).toBe('[footerNav]');
    expect(renderTags('x <squarespace:navigation navigationId="mainNav">{.if items.0} on{.end}</squarespace:navigation> y', {}, page.data).html).toBe('x  on y');
    expect(page.asked).toEqual(['navigation mainNav true', 'navigation footerNav false', 'navigation mainNav true']);
  });

  it('query: asks with its attributes; the body over { collection, items }, outer names found outward', () => {
    const page = pageData();
    const { html } = renderTags(
      '<squarespace:query collection="/blog" limit="3" skip="1" tag="linen" featured="true">{.repeated section items}{title} {website.siteTitle};{.end}</squarespace:query>',
      { website: { siteTitle: 'Site' } },
      page.data,
    );
    expect(html).toBe('blog-1 Site;blog-2 Site;');
    expect(page.queries).toEqual([{ collection: 'blog', limit: 3, skip: 1, tag: 'linen', featured: true }]);
  });

  it('folder-navigation and related render only when there is something; category reads its collection', () => {
    const page = pageData({ folderNavigation: () => undefined });
    expect(renderTags('<squarespace:folder-navigation template="nav"/>', {}, page.data).html).toBe('');
    expect(renderTags('<squarespace:related limit="4" template="list"/>|<squarespace:related-products template="list"/>', {}, page.data).html).toBe('<near>|<near>');
    expect(renderTags('<squarespace:category collection="blog" template="cats"/>', {}, page.data).html).toBe('Linen(2)');
    expect(page.asked).toEqual(['folder', 'related 4 false', 'related 3 true', 'category blog']);
  });

  it('block-field: the stored blocks or an empty field; script, versioned-asset and escape are written out', () => {
    expect(renderTags('<squarespace:block-field id="full" columns="8" class="a b" label="Intro"/>').html).toBe(
      '<div class="sqs-layout sqs-grid-8 columns-8 a b" data-type="block-field" id="full"><div class="row sqs-row"><div class="col sqs-col-8 span-8">' +
        '<div class="sqs-block html-block sqs-block-html" data-block-type="2" id="block-full-1"><div class="sqs-block-content"><p>hi</p></div></div></div></div></div>',
    );
    expect(renderTags('<squarespace:block-field id="none" columns="12" />').html).toContain('class="sqs-layout sqs-grid-12 columns-12 empty"');
    const rewritten = rewritePlatformTags('<squarespace:script src="site.js" combo="false" /><link href="<squarespace:versioned-asset src="app.css"/>">', 'f', THEME);
    expect(rewritten.source).toBe('<script src="/scripts/site.js"></script><link href="/versioned-assets/app.css">');
    expect(renderTags('<SquareSpace:Escape>\n  {not json-t} {.section x}\n</SquareSpace:Escape>').html).toBe('{not json-t} {.section x}');
  });

  it('leaves everything else as it is; a tag inside an HTML attribute works; tag names in any case', () => {
    expect(renderTags('<body class="a<squarespace:navigation navigationId="mainNav">{.if items} nav{.end}</squarespace:navigation>">').html).toBe('<body class="a nav">');
    expect(renderTags('<Squarespace:Navigation navigationId="mainNav" template="nav"></Squarespace:Navigation>').html).toBe('[mainNav]');
    expect(rewritePlatformTags('<p>no tags {here}</p>', 'f', THEME).source).toBe('<p>no tags {here}</p>');
  });

  it('comments and social-share show the platform partials over the page item', () => {
    const context = { item: { title: 'Post', fullUrl: '/blog/post' }, websiteSettings: { shareButtonOptions: { 1: true } } };
    expect(renderTags('<squarespace:social-share />', context).html).toContain('<div class="sqs-share-buttons">');
    expect(renderTags('<squarespace:social-share />').html).toBe('');
  });
});

describe('JSON-T in attributes, rendered where the tag stands', () => {
  it('a query of the page collection (hnp, deemjournal)', () => {
    const page = pageData();
    const { html, problems } = renderTags('<squarespace:query collection="{collection.urlId}" featured="true">{items.0.title}</squarespace:query>', { collection: { urlId: 'stories' } }, page.data);
    expect(problems).toEqual([]);
    expect(html).toBe('stories-1');
    expect(page.queries).toEqual([{ collection: 'stories', limit: 100, skip: 0, featured: true }]);
  });

  it('a query per collection of a loop (langate content-blog.region)', () => {
    const page = pageData();
    const source = '{.repeated section collection.collections}<squarespace:query collection="{urlId}" limit="100">{@|apply list.block}</squarespace:query>{.end}';
    const { html } = renderTags(source, { collection: { collections: [{ urlId: 'news' }, { urlId: 'work/it-services' }] } }, page.data);
    expect(html).toBe('<news-1><news-2><work/it-services-1><work/it-services-2>');
    expect(page.queries.map((q) => q.collection)).toEqual(['news', 'work/it-services']);
  });

  it('combo of a script (labspace, langate): accepted, never rendered; the script written out', () => {
    const source = '<squarespace:script src="site.js" combo="{.if authenticatedAccount}false{.or}true{.end}" />';
    expect(renderTags(source).problems).toEqual([]);
    expect(rewritePlatformTags(source, 'f', THEME).source).toBe('<script src="/scripts/site.js"></script>');
  });

  it('a block field named after the page (boxen) and a class from the page', () => {
    const page = pageData();
    const { html } = renderTags('<squarespace:block-field id="boxen--stories--{collection.urlId}" class="{.if x}on{.end}" columns="12" />', { collection: { urlId: 'stories' }, x: true }, page.data);
    expect(html).toContain('class="sqs-layout sqs-grid-12 columns-12 empty on" data-type="block-field" id="boxen--stories--stories"');
    expect(page.asked).toEqual(['field boxen--stories--stories']);
  });

  it('a navigation, template or script named by JSON-T; what names nothing is reported at the tag when rendered', () => {
    const context = { nav: 'footerNav', bad: 'sideNav', block: 'list', n: 'lots' };
    expect(renderTags('<squarespace:navigation navigationId="{nav}" template="{.if nav}nav{.end}" />', context).html).toBe('[footerNav]');
    const bad = renderTags('\n  <squarespace:navigation navigationId="{bad}" template="nav" /><squarespace:query collection="blog" limit="{n}" template="{block}" />', context);
    expect(bad.html).toBe('\n  <blog-1><blog-2>');
    expect(bad.renderProblems).toEqual([
      'head.region:2:3: error UNKNOWN_NAVIGATION: The navigation "sideNav" is not listed in template.conf\'s navigations (mainNav, footerNav). (navigationId="sideNav" as rendered here)',
      'head.region:2:65: warning INVALID_ATTRIBUTE: The limit of <squarespace:query> must be a whole number from 1 to 100, not "lots"; 100 is used. (limit="lots" as rendered here)',
    ]);
  });

  it('an engine problem inside an attribute is at its place in the attribute', () => {
    expect(problems('<p>\n<squarespace:query collection="{collection.urlId|nosuch}">x</squarespace:query>')).toEqual([
      expect.stringMatching(/^head\.region:2:49: error UNKNOWN_FORMATTER: /),
    ]);
  });
});

describe('problems', () => {
  it('reports each mistake at the tag or attribute, in words', () => {
    expect(problems('\n  <squarespace:navigation template="nav"/>')).toEqual(['head.region:2:3: error MISSING_ATTRIBUTE: <squarespace:navigation> needs the attribute navigationId.']);
    expect(problems('<squarespace:navigation navigationId="sideNav" template="nav"/>')).toEqual([
      'head.region:1:39: error UNKNOWN_NAVIGATION: The navigation "sideNav" is not listed in template.conf\'s navigations (mainNav, footerNav).',
    ]);
    expect(problems('<squarespace:navigation navigationId="mainNav" template="menu"/>')).toEqual([
      'head.region:1:58: error UNKNOWN_PARTIAL: The template "menu" of <squarespace:navigation> is not a block of the theme (blocks/menu.block).',
    ]);
    expect(problems('<squarespace:query collection="blog" limit="500" skip="12">x</squarespace:query>')).toEqual([
      'head.region:1:45: warning INVALID_ATTRIBUTE: The limit of <squarespace:query> is at most 100 on the platform and at least 1; 100 is used for 500.',
      'head.region:1:56: warning INVALID_ATTRIBUTE: The skip of <squarespace:query> is at most 10 on the platform; 10 is used for 12.',
    ]);
    expect(problems('<squarespace:query collection="blog"/>')).toEqual([
      'head.region:1:1: warning MISSING_TEMPLATE: <squarespace:query> has neither a body nor a template (a block\'s name); the platform shows its own markup for it, which Tessera does not have, so it renders nothing.',
    ]);
    expect(problems('<squarespace:script src="missing.js"/>')).toEqual(['head.region:1:26: error UNKNOWN_SCRIPT: The script "missing.js" is not a file in the theme\'s scripts/ folder.']);
    expect(problems('<squarespace:script src="core.js"/>')).toEqual([
      'head.region:1:26: warning MOVED_SCRIPT: The script "core.js" is not in scripts/ itself; scripts/vendor/core.js is used (the only file of that name).',
    ]);
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
      'head.region:2:1: error UNKNOWN_TAG: <squarespace:navbar> is not a tag of the platform; it renders nothing (known: navigation, folder-navigation, query, category, related, related-products, block-field, script, versioned-asset, escape, comments, social-share, index, block).',
    ]);
    expect(problems('<squarespace:index template="nav" />')).toEqual([
      'head.region:1:1: warning UNSUPPORTED_TAG: <squarespace:index> is a tag of the platform whose data Tessera does not have (its shape is not public); it renders nothing.',
    ]);
    expect(problems('<squarespace:query collection="blog">{.repeated section items}')).toEqual([
      'head.region:1:1: error UNCLOSED_TAG: <squarespace:query> has no </squarespace:query> (or write it as <squarespace:query … />).',
      'head.region:1:38: error EOF_IN_BLOCK: Reached EOF in the middle of a {.repeated section} block: it is never closed with {.end}',
    ]);
    expect(problems('<squarespace:navigation navigationId="mainNav" template="nav"')).toEqual(['head.region:1:1: error UNCLOSED_TAG: <squarespace:navigation> is not closed with > or />.']);
  });

  it('maps engine problems in the rewritten source back to the theme file', () => {
    // the engine reads a tag as plain text, so compiling the file as it is gives the positions to expect
    for (const source of [
      '<p>\n<squarespace:navigation navigationId="mainNav" template="nav"/> {.section x}\n  {y|nosuchformatter}\n{.end}',
      '<squarespace:query collection="blog" limit="2">\n  {y|nosuchformatter}\n</squarespace:query>',
    ]) {
      const rewritten = rewritePlatformTags(source, 'f', THEME);
      const [got] = compile(rewritten.source, {}, PLUGINS).errors;
      const [want] = compile(source).errors;
      expect(rewritten.locate(got!.line, got!.column)).toEqual({ line: want!.line, column: want!.column });
    }
  });
});
