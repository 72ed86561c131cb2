import { describe, expect, it } from 'vitest';
import { answerStatus, tryAgainPage } from './error-page.js';

describe('error answers', () => {
  it('keeps a client error status and answers anything else as 500', () => {
    expect([{ statusCode: 404 }, { statusCode: 302 }, { statusCode: 503 }, {}].map(answerStatus)).toEqual([404, 500, 500, 500]);
  });

  it('writes the message escaped, with a link back unless asked not to', () => {
    expect(tryAgainPage(`<b>"x" & 'y'</b>`)).toBe(
      '<!doctype html><meta charset="utf-8"><title>Please try again</title><p>&#60;b&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/b&#62;</p>' +
        '<p><a href="javascript:history.back()">Back</a></p>',
    );
    expect(tryAgainPage('no')).toContain('Back');
    expect(tryAgainPage('no', false)).not.toContain('Back');
  });
});
