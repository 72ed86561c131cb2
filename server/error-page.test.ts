import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { answerStatus, backLink, tryAgainPage } from './error-page.js';
import { NotOnPostgresError } from './db/pg-app.js';

describe('error answers', () => {
  it('keeps a client error status and answers anything else as 500', () => {
    expect([{ statusCode: 404 }, { statusCode: 302 }, { statusCode: 503 }, {}].map(answerStatus)).toEqual([404, 500, 500, 500]);
    // a part of the shop not on PostgreSQL yet says so
    expect(answerStatus(new NotOnPostgresError())).toBe(503);
  });

  it('writes the message escaped, with a link back (never javascript:, which the content policy blocks) unless asked not to', () => {
    expect(tryAgainPage(`<b>"x" & 'y'</b>`, '/contact?x=1')).toBe(
      '<!doctype html><meta charset="utf-8"><title>Please try again</title><p>&#60;b&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/b&#62;</p>' +
        '<p><a href="/contact?x=1">Back</a></p>',
    );
    expect(tryAgainPage('no', null)).not.toContain('Back');
  });

  it('leads back to the page of this site the post came from, else home', () => {
    const request = (referer?: string) => ({ host: 'shop.test', headers: referer === undefined ? {} : { referer } }) as unknown as FastifyRequest;
    expect(backLink(request('https://shop.test/contact?x=1#f'))).toBe('/contact?x=1');
    for (const other of [undefined, 'https://evil.example/contact', 'not a url', 'javascript:alert(1)']) expect(backLink(request(other)), other).toBe('/');
  });
});
