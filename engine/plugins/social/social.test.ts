import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSections } from '../../../bin/conformance/fixture.js';
import { Template } from '../../template.js';
import { render } from '../../index.js';
import type { RenderOptions } from '../../types.js';
import type { Formatter, PluginTable, Predicate } from '../types.js';
import { calendarStamp, googleCalendarUrl, locationLine, timeSince } from './calendar.js';
import { commentLabel } from './comments.js';
import { SOCIAL_PLUGINS } from './index.js';
import { commentsActive, usesDisqus } from './predicates.js';
import { activateTwitterLinks, afterLastSlash, twitterUserName } from './social.js';

const FIXTURES = resolve(import.meta.dirname, '../../../../shared/conformance/template-engine/plugins/resources');
const MINE = [
  /^f-comments-\d+\.html$/,
  /^f-comment-link-\d+\.html$/,
  /^f-comment-count-\d+\.html$/,
  /^f-like-button-\d+\.html$/,
  /^f-social-button-1\.html$/,
  /^f-social-button-inline-1\.html$/,
  /^f-google-calendar-url-\d+\.html$/,
  /^f-activate-twitter-links-1\.html$/,
  /^f-twitter-follow-button-\d+\.html$/,
  /^f-timesince-1\.html$/,
  /^p-comments-1\.html$/,
  /^p-disqus-1\.html$/,
];

type Renderer = (source: string, data: unknown, options?: RenderOptions) => { html: string; errors: unknown[] };
/** The public API with the default plugin table: the real core escapers around the social markup. */
const renderFull: Renderer = (source, data, options = {}) => render(source, data, options);
const renderHtml = (source: string, data: unknown, options?: RenderOptions) => renderFull(source, data, options).html;

function fixtureOptions(params: string | undefined): RenderOptions {
  const options: RenderOptions = {};
  if (params === undefined || params.trim() === '') return options;
  const p = JSON.parse(params) as { locale?: string; now?: number };
  if (p.locale !== undefined) options.locale = p.locale === 'none' ? null : p.locale;
  if (p.now !== undefined) options.now = p.now;
  return options;
}

const fixtureFiles = readdirSync(FIXTURES)
  .filter((f) => MINE.some((re) => re.test(f)))
  .sort();

describe('social fixtures', () => {
  it('finds all of its fixtures', () => {
    expect(fixtureFiles.length).toBe(19);
  });

  it.each(fixtureFiles)('%s', (file) => {
    const s = parseSections(readFileSync(`${FIXTURES}/${file}`, 'utf8'));
    const data = s['JSON'] === undefined || s['JSON'].trim() === '' ? {} : JSON.parse(s['JSON']);
    const html = renderHtml(s['TEMPLATE']!, data, fixtureOptions(s['PARAMS']));
    expect(html.trim()).toBe(s['OUTPUT']!.trim());
  });
});

describe('comments (spec 001 §4)', () => {
  it('is active if commentState equals 1 or the public comment count is above 0', () => {
    expect(commentsActive({ commentState: 1 }, undefined)).toBe(true);
    expect(commentsActive({ publicCommentCount: 3 }, undefined)).toBe(true);
    expect(commentsActive({ commentState: 2, publicCommentCount: 0 }, undefined)).toBe(false);
    expect(commentsActive({}, undefined)).toBe(false);
    expect(commentsActive(null, undefined)).toBe(false);
  });

  it('is disabled if site settings exist and commentsEnabled is not set', () => {
    expect(commentsActive({ commentState: 1 }, {})).toBe(false);
    expect(commentsActive({ commentState: 1 }, { commentsEnabled: false })).toBe(false);
    expect(commentsActive({ commentState: 1 }, { commentsEnabled: true })).toBe(true);
  });

  it('reads site settings from the frames in the predicate', () => {
    const src = '{.section item}{.comments?}on{.or}off{.end}{.end}';
    expect(renderHtml(src, { item: { commentState: 1 } })).toBe('on');
    expect(renderHtml(src, { websiteSettings: {}, item: { commentState: 1 } })).toBe('off');
    expect(renderHtml(src, { websiteSettings: { commentsEnabled: true }, item: { publicCommentCount: 2 } })).toBe('on');
  });

  it('uses Disqus markup with disqusShortname; the disqus? predicate reads disqusShortName alone (differential)', () => {
    expect(usesDisqus({ disqusShortname: 'abc' })).toBe(true);
    expect(usesDisqus({ disqusShortName: 'abc' })).toBe(false);
    expect(usesDisqus({ disqusShortname: '' })).toBe(false);
    expect(usesDisqus(undefined)).toBe(false);
    expect(renderHtml('{.disqus?}d{.or}n{.end}', { websiteSettings: { disqusShortName: 'x' } })).toBe('d');
    expect(renderHtml('{.disqus?}d{.or}n{.end}', { websiteSettings: { disqusShortname: 'x' } })).toBe('n');
    expect(renderHtml('{@|comments}', { websiteSettings: { disqusShortName: 'x' } })).toBe('\n  <div class="squarespace-comments" id="comments-"></div>\n');
    // the value's own settings first; a null there stops the lookup
    expect(renderHtml('{m|comments}', { m: { websiteSettings: null }, websiteSettings: { disqusShortname: 'x' } })).toBe(
      '\n  <div class="squarespace-comments" id="comments-"></div>\n',
    );
  });

  it('reads settings that are no object as comments off, and the fields as numbers (differential)', () => {
    const src = '{.section i}{.comments?}on{.or}off{.end}{.end}';
    expect(renderHtml(src, { websiteSettings: 3, i: { publicCommentCount: 20 } })).toBe('off');
    expect(renderHtml(src, { websiteSettings: null, i: { publicCommentCount: 20 } })).toBe('off');
    expect(renderHtml(src, { i: { commentState: true } })).toBe('on');
    expect(renderHtml(src, { i: { commentState: '1x' } })).toBe('on');
    expect(renderHtml(src, { i: { publicCommentCount: '1e3' } })).toBe('on');
    expect(renderHtml(src, { i: { publicCommentCount: [1] } })).toBe('off');
    // only the node's own fields count
    expect(renderHtml('{.section s}{.comments?}on{.or}off{.end}{.end}', { s: { a: 1 }, publicCommentCount: 5 })).toBe('off');
  });

  it('links to the full URL with anchor comments- followed by the item id', () => {
    const data = { item: { id: 'i1', fullUrl: '/blog/a?x=1&y="2"', publicCommentCount: 3 } };
    expect(renderHtml('{item|comment-link}', data)).toBe(
      '\n  <a href="/blog/a?x=1&amp;y=&quot;2&quot;#comments-i1" class="sqs-comment-link" data-id="i1">\n  3\n  Comments\n  </a>\n',
    );
  });

  it('reads a field the item lacks from the scopes around the tag, as the platform template does, but no view field', () => {
    const data = { url: 'WRONG', id: 'p', fullUrl: '/page', publicCommentCount: 2, item: { id: 'i' } };
    expect(renderHtml('{item|comment-link}', data)).toBe(
      '\n  <a href="/page#comments-i" class="sqs-comment-link" data-id="i">\n  2\n  Comments\n  </a>\n',
    );
    // a missing value or no item: every field from around the tag; a chain's formatters leave the tag's value in scope
    expect(renderHtml('{nope|comment-link}', data)).toContain('href="/page#comments-p"');
    expect(renderHtml('{item|htmlattr|comment-link}', data)).toContain('data-id="i"');
    expect(renderHtml('{nope|comments}|{.section item}{5|comments}{.end}', { id: 'p', item: { id: 'i' } })).toBe(
      '\n  <div class="squarespace-comments" id="comments-p" data-item-id="i" data-public-comment-count="" data-comment-state=""></div>\n|' +
        '\n  <div class="squarespace-comments" id="comments-i" data-item-id="i" data-public-comment-count="" data-comment-state=""></div>\n',
    );
  });

  it('words the link as the platform does: No only for the number 0, nothing for a missing count (differential)', () => {
    const link = (count: unknown) => renderHtml('{@|comment-link}', count === undefined ? {} : { publicCommentCount: count });
    expect(link(0)).toContain('\n  No\n  Comments\n');
    expect(link(undefined)).toContain('\n  \n  Comments\n');
    expect(link(null)).toContain('\n  \n  Comments\n');
    expect(link('0')).toContain('\n  0\n  Comments\n');
    expect(link(1)).toContain('\n  1\n  Comment\n');
    expect(renderHtml('{v|comment-link}', { v: 12 })).toBe('\n  <a href="#comments-" class="sqs-comment-link" data-id="">\n  \n  Comments\n  </a>\n');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: 'abc' })).toBe('NaN Comments');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: '12.50' })).toBe('12.5 Comments');
    // text read from its start, as the numeric formatters read it
    expect(renderHtml('{@|comment-count}', { publicCommentCount: '2x' })).toBe('2 Comments');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: '0x' })).toBe('No Comments');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: true })).toBe('1 Comment');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: false })).toBe('No Comments');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: [1] })).toBe('No Comments');
  });

  it('counts comments with Comment / Comments', () => {
    expect(commentLabel(1)).toBe('Comment');
    expect(commentLabel(0)).toBe('Comments');
    expect(renderHtml('{@|comment-count}', {})).toBe('No Comments');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: 0 })).toBe('No Comments');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: 1 })).toBe('1 Comment');
    expect(renderHtml('{@|comment-count}', { publicCommentCount: '12' })).toBe('12 Comments');
    // only an item's count counts, as on the platform: a bare number is no item
    expect(renderHtml('{n|comment-count}', { n: 3 })).toBe('No Comments');
  });

  it('renders the comment thread container', () => {
    expect(renderHtml('{item|comments}', { item: { id: 'a<b' } })).toBe(
      '\n  <div class="squarespace-comments" id="comments-a&lt;b" data-item-id="a&lt;b" data-public-comment-count="" data-comment-state=""></div>\n',
    );
    // no item in scope: the collection's attributes; neither: the bare container
    expect(renderHtml('{@|comments}', { collection: { id: 'c', publicCommentCount: 5, commentState: 2 } })).toBe(
      '\n  <div class="squarespace-comments" id="comments-" data-collection-id="c" data-public-comment-count="5" data-comment-state="2"></div>\n',
    );
    expect(renderHtml('{item|comments}', {})).toBe('\n  <div class="squarespace-comments" id="comments-"></div>\n');
  });
});

describe('like and share buttons', () => {
  it('renders the like button only with simpleLikingEnabled', () => {
    const item = { id: 'x', likeCount: 2 };
    expect(renderHtml('{item|like-button}', { websiteSettings: { simpleLikingEnabled: false }, item })).toBe('');
    expect(renderHtml('{item|like-button}', { websiteSettings: { simpleLikingEnabled: true }, item })).toContain(
      'data-item-id="x" data-like-count="2"',
    );
    // the platform template's line breaks; a missing count is an empty attribute; an empty item prints nothing
    expect(renderHtml('{item|like-button}', { websiteSettings: { simpleLikingEnabled: true }, item: { id: 'y' } })).toBe(
      '\n  <span class="sqs-simple-like" data-item-id="y" data-like-count="">\n    <span class="like-icon"></span>\n' +
        '    <span class="like-count"></span>\n  </span>\n',
    );
    expect(renderHtml('{item|like-button}', { websiteSettings: { simpleLikingEnabled: true }, item: {} })).toBe('');
  });

  it('renders share buttons only with shareButtonOptions, escaping attributes', () => {
    const item = { mainImageId: 'm', mainImage: { assetUrl: 'a.jpg' }, recordType: 1, title: 'Tom & "Jerry"', fullUrl: '/u' };
    expect(renderHtml('{@|social-button}', item)).toBe('');
    expect(renderHtml('{@|social-button}', { ...item, website: { shareButtonOptions: [] } })).toBe('');
    expect(renderHtml('{@|social-button-inline}', { ...item, website: { shareButtonOptions: { 1: true } } })).toBe(
      '<span class="squarespace-social-buttons inline-style" data-system-data-id="m" data-asset-url="a.jpg" data-record-type="1" data-full-url="/u" data-title="Tom &amp; &quot;Jerry&quot;"></span>',
    );
  });

  it('reads shareButtonOptions of the website in scope as a list or object with entries (differential)', () => {
    const empty = '<div class="squarespace-social-buttons button-style" data-system-data-id="" data-asset-url="" data-record-type="" data-full-url="" data-title=""></div>';
    for (const options of ['1', 1, true]) expect(renderHtml('{@|social-button}', { website: { shareButtonOptions: options } })).toBe('');
    // the site settings are not where the platform looks
    expect(renderHtml('{@|social-button}', { websiteSettings: { shareButtonOptions: { a: 1 } } })).toBe('');
    // any value gets the markup (only an object's own scalar fields fill it); its own website first
    expect(renderHtml('{e|social-button}', { website: { shareButtonOptions: [0] } })).toBe(empty);
    expect(renderHtml('{e|social-button}', { e: 'x', website: { shareButtonOptions: { a: null } } })).toBe(empty);
    expect(renderHtml('{e|social-button}', { e: { title: [1, 2], fullUrl: { a: 1 }, website: { shareButtonOptions: [1] } } })).toBe(empty);
    expect(renderHtml('{e|social-button}', { e: { website: null }, website: { shareButtonOptions: [1] } })).toBe('');
  });

  it("reads the like button's fields as variables, and renders for any truthy value (differential)", () => {
    const data = (item: unknown) => ({ item, id: 'R', likeCount: 9, websiteSettings: { simpleLikingEnabled: true } });
    expect(renderHtml('{item|like-button}', data(true))).toContain('data-item-id="R" data-like-count="9"');
    expect(renderHtml('{item|like-button}', data({ id: null }))).toContain('data-item-id="" data-like-count="9"');
    expect(renderHtml('{item|like-button}', data({ websiteSettings: null }))).toBe('');
    expect(renderHtml('{item|like-button}', data(0))).toBe('');
  });

  it('shares an image record itself', () => {
    const image = { systemDataId: 's', assetUrl: 'img.png', recordType: 2, website: { shareButtonOptions: ['x'] } };
    expect(renderHtml('{@|social-button}', image)).toContain('data-system-data-id="s" data-asset-url="img.png"');
  });

  it('takes the id and the address each from the record when it has the key, else from its main image, whatever the record type', () => {
    // pinned to the reference's output (issue 23: blog posts carrying both shared their main image here)
    const shared = (item: Record<string, unknown>) =>
      /data-system-data-id="([^"]*)" data-asset-url="([^"]*)"/.exec(renderHtml('{@|social-button}', { ...item, website: { shareButtonOptions: { a: 1 } } }))!.slice(1);
    const main = { mainImageId: 'M', mainImage: { assetUrl: 'MA' } };
    expect(shared({ recordType: 1, systemDataId: 'S', assetUrl: 'A', ...main })).toEqual(['S', 'A']);
    expect(shared({ recordType: 1, systemDataId: 'S', assetUrl: 'A' })).toEqual(['S', 'A']);
    expect(shared({ recordType: 2, ...main })).toEqual(['M', 'MA']);
    expect(shared({ recordType: 1, assetUrl: 'A', ...main })).toEqual(['M', 'A']);
    expect(shared({ recordType: 1, systemDataId: 'S', ...main })).toEqual(['S', 'MA']);
    // a key that is there stops the fallback, even empty, null or not text
    expect(shared({ recordType: 1, systemDataId: '', assetUrl: null, ...main })).toEqual(['', '']);
    expect(shared({ systemDataId: { a: 1 }, assetUrl: [1], ...main })).toEqual(['', '']);
    expect(shared({ systemDataId: false, assetUrl: 0, ...main })).toEqual(['false', '0']);
    expect(shared({ mainImageId: 5, mainImage: { assetUrl: 7 } })).toEqual(['5', '7']);
    expect(shared({ mainImageId: 'M', mainImage: 'x' })).toEqual(['M', '']);
  });
});

describe('twitter (spec 001: social links for @mentions and hashtags)', () => {
  it('links mentions and hashtags of ASCII word characters at the start or after a plain space', () => {
    expect(activateTwitterLinks('hi @Foo_1 #Bar! #12')).toBe(
      'hi <a target="new" href="https://twitter.com/Foo_1/">@Foo_1</a> <a target="new" href="https://twitter.com/hashtag/Bar?src=hash">#Bar</a>!' +
        ' <a target="new" href="https://twitter.com/hashtag/12?src=hash">#12</a>',
    );
    expect(activateTwitterLinks('#café @a@b')).toBe('<a target="new" href="https://twitter.com/hashtag/caf?src=hash">#caf</a>é <a target="new" href="https://twitter.com/a/">@a</a>@b');
    // As the reference links them: not after a newline, a tab, a no-break space or punctuation; inside markup too.
    for (const s of ['me@example.com', 'x\n@foo', 'x\t@foo', 'x\u00a0@foo', '(@foo)', 'a=#foo', '<b>@foo</b>', '##a']) expect(activateTwitterLinks(s)).toBe(s);
    expect(activateTwitterLinks('<p title=" @foo">')).toBe('<p title=" <a target="new" href="https://twitter.com/foo/">@foo</a>">');
  });

  it('links web addresses first, leaving trailing punctuation outside (the platform\'s pattern)', () => {
    expect(activateTwitterLinks('see http://x.com/#top, FTP://a.b/?q=@c; (https://x.y/a_b).')).toBe(
      'see <a target="new" href="http://x.com/#top">http://x.com/#top</a>, <a target="new" href="FTP://a.b/?q=@c">FTP://a.b/?q=@c</a>;' +
        ' (<a target="new" href="https://x.y/a_b">https://x.y/a_b</a>).',
    );
    expect(activateTwitterLinks('http://x*y http://x\\y https://é ahttp://x mailto:a@b www.x.com')).toBe(
      '<a target="new" href="http://x">http://x</a>*y <a target="new" href="http://x\\">http://x\\</a>y https://é ahttp://x mailto:a@b www.x.com',
    );
    expect(activateTwitterLinks('http://a @b')).toBe('<a target="new" href="http://a">http://a</a> <a target="new" href="https://twitter.com/b/">@b</a>');
  });

  it('prints a number as written', () => {
    expect(renderHtml('{n|activate-twitter-links}', { n: 5 })).toBe('5');
  });

  it('finds the user name from userName or the profile URL', () => {
    // As the platform reads them (differential against the reference): nothing trimmed or stripped.
    expect(twitterUserName({ userName: '@abc' })).toBe('@abc');
    expect(twitterUserName({ userName: 0, profileUrl: 'http://t.com/a' })).toBe('0');
    expect(twitterUserName({ userName: null, profileUrl: 'http://t.com/a' })).toBe('a');
    expect(twitterUserName({ userName: '', profileUrl: 'https://twitter.com/foo/?ref=1' })).toBe('?ref=1');
    expect(afterLastSlash('http://twitter.com')).toBe('twitter.com');
    expect(afterLastSlash('http://t.com/a/b/')).toBe('');
    // The platform still renders the button, with an empty user name.
    expect(renderHtml('{@|twitter-follow-button}', { profileUrl: 'http://twitter.com/' })).toContain('data-username=""');
    expect(renderHtml('{v|twitter-follow-button}', { v: 12 })).toContain('data-username=""');
  });
});

describe('calendar (spec 001 §9: UTC, YYYYMMDDTHHMMSSZ)', () => {
  it('formats UTC stamps', () => {
    expect(calendarStamp(0)).toBe('19700101T000000Z');
    expect(calendarStamp('1384518630000')).toBe('20131115T123030Z');
    expect(calendarStamp('soon')).toBe('');
    expect(calendarStamp(1e20)).toBe('');
  });

  it('builds the event-creation URL with title and location', () => {
    expect(
      googleCalendarUrl({ title: 'Tea & cake', startDate: 0, endDate: 3_600_000, location: { addressLine1: 'A', addressCountry: ' ' } }),
    ).toBe('http://www.google.com/calendar/event?action=TEMPLATE&text=Tea%20%26%20cake&dates=19700101T000000Z/19700101T010000Z&location=A');
    expect(locationLine({ addressLine2: 'B', addressCountry: 'US' })).toBe('B, US');
    // the title as JavaScript's escape() writes it, the location as a URI component (the platform's, differential)
    expect(googleCalendarUrl({ title: '\uD800x é–!(~+/@' })).toContain('text=%uD800x%20%E9%u2013%21%28%7E+/@&');
    expect(googleCalendarUrl({ location: { addressLine1: 'é(' } })).toContain('&location=%C3%A9(');
    expect(googleCalendarUrl({ title: [1, 2] })).toContain('&text=&');
  });

  it('fails on a date that is not a date: the tag prints nothing, even through later formatters, and says which', () => {
    const r = render('[{c|google-calendar-url}][{c|google-calendar-url|round}][{d|google-calendar-url|json}]', { c: { startDate: ' ' }, d: { endDate: 1e20 } });
    expect(r.html).toBe('[][][]');
    expect(r.errors.map((e) => [e.code, e.column, e.message])).toEqual([
      ['FORMATTER_FAILED', 4, `Formatter 'google-calendar-url' failed: startDate " " is not a date`],
      ['FORMATTER_FAILED', 29, `Formatter 'google-calendar-url' failed: startDate " " is not a date`],
      ['FORMATTER_FAILED', 60, 'Formatter \'google-calendar-url\' failed: endDate 100000000000000000000 is not a date'],
    ]);
  });
});

describe('timesince (spec 001 §4 buckets)', () => {
  const M = 60_000;
  const D = 24 * 60 * M;
  it('picks year, month, week, day, hour, minute or less than a minute', () => {
    expect(timeSince(30_000)).toBe('less than a minute ago');
    expect(timeSince(-5 * D)).toBe('less than a minute ago');
    expect(timeSince(M)).toBe('about a minute ago');
    expect(timeSince(59 * M)).toBe('about 59 minutes ago');
    expect(timeSince(60 * M)).toBe('about an hour ago');
    expect(timeSince(D)).toBe('about a day ago');
    expect(timeSince(13 * D)).toBe('about a week ago');
    expect(timeSince(29 * D)).toBe('about 4 weeks ago');
    expect(timeSince(31 * D)).toBe('about a month ago');
    expect(timeSince(364 * D)).toBe('about 11 months ago');
    expect(timeSince(800 * D)).toBe('about 2 years ago');
  });

  it('wraps the text in a span with the date', () => {
    expect(renderHtml('{d|timesince}', { d: '1000' }, { now: 61_000 })).toBe(
      '<span class="timesince" data-date="1000">about a minute ago</span>',
    );
    // Read as the numeric formatters read it (differential against the reference).
    expect(renderHtml('{d|timesince}', { d: 'yesterday' }, { now: 0 })).toBe('Invalid date.');
    expect(renderHtml('{d|timesince}', { d: '12abc' }, { now: 61_000 })).toBe('<span class="timesince" data-date="12">about a minute ago</span>');
    expect(renderHtml('{d|timesince}', {}, { now: 61_000 })).toBe('<span class="timesince" data-date="0">about a minute ago</span>');
  });

  it('counts an instant before Julian day 0 from that day, as the platform calendar does', () => {
    const now = Date.UTC(2024, 0, 15);
    for (const d of [-1e20, -8.64e15, -2.2e14]) {
      expect(renderHtml('{d|timesince}', { d }, { now })).toBe(`<span class="timesince" data-date="${d}">about 6740 years ago</span>`);
    }
  });
});

describe('robustness', () => {
  const odd: unknown[] = [undefined, null, 0, -1, NaN, '', 'x', true, [], [1], {}, { id: {}, fullUrl: [] }, { location: 5, startDate: 'x' }];
  it('never throws or reports a problem, whatever the input (but a calendar link of an event whose date is no date)', () => {
    for (const f of SOCIAL_PLUGINS.formatters) {
      for (const v of odd) {
        const data = { v, website: { shareButtonOptions: [1] }, websiteSettings: { simpleLikingEnabled: true } };
        const { html, errors } = renderFull(`{v|${f.name}}`, data);
        const dateless = f.name === 'google-calendar-url' && (v as { startDate?: unknown } | undefined)?.startDate === 'x';
        expect(errors.map((e) => (e as { code: string }).code)).toEqual(dateless ? ['FORMATTER_FAILED'] : []);
        expect(typeof html).toBe('string');
      }
    }
    for (const p of SOCIAL_PLUGINS.predicates) {
      for (const v of odd) expect(renderFull(`{.section v}{.${p.name}}y{.end}{.end}`, { v }).errors).toEqual([]);
    }
  });
});
