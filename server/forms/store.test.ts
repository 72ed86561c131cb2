/**
 * The form store on both databases (describeStores): a submission key is live until spent or expired, and spent
 * once even when many saves race with it.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../db/describe-stores.js';
import { KEY_LIFETIME_MS } from './service.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describeStores('form store', (current) => {
  it('issues live keys, spends each once with its submission, and lets old ones expire', async () => {
    const { stores, number, sql } = current();
    const { forms } = stores;
    const formId = String((await sql('SELECT id FROM forms LIMIT 1'))[0]!['id']);
    const key = await forms.issueKey(NOW);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await forms.keyIsLive(key, NOW + 1)).toBe(true);
    expect(await forms.keyIsLive('', NOW)).toBe(false);
    expect(await forms.keyIsLive('x'.repeat(201), NOW)).toBe(false);
    expect(await forms.keyIsLive(key, NOW + KEY_LIFETIME_MS)).toBe(false);
    const stored = await forms.storeSubmission(formId, { name: 'Ada' }, { pageId: 'contact' }, key, NOW + 2);
    expect(stored).toMatchObject({ ok: true });
    expect(await forms.storeSubmission(formId, { name: 'Ada' }, {}, key, NOW + 3)).toEqual({ ok: false, reason: 'key' });
    expect(await forms.keyIsLive(key, NOW + 4)).toBe(false);
    expect(await sql('SELECT data, meta FROM form_submissions')).toEqual([{ data: '{"name":"Ada"}', meta: '{"pageId":"contact"}' }]);
    // without a key (a plain form post) it stores; an expired key stores nothing, and the next key sweeps it
    expect((await forms.storeSubmission(formId, { name: 'Bo' }, {}, null, NOW + 5)).ok).toBe(true);
    const old = await forms.issueKey(NOW);
    expect(await forms.storeSubmission(formId, {}, {}, old, NOW + KEY_LIFETIME_MS + 1)).toEqual({ ok: false, reason: 'key' });
    await forms.issueKey(NOW + KEY_LIFETIME_MS + 1);
    expect(await number('SELECT count(*) FROM form_submission_keys')).toBe(1);
    expect(await number('SELECT count(*) FROM form_submissions')).toBe(2);
  });

  it('30 concurrent saves with one key store one submission', async () => {
    const { stores, number, sql, dialect } = current();
    const formId = String((await sql('SELECT id FROM forms LIMIT 1'))[0]!['id']);
    const key = await stores.forms.issueKey();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => stores.forms.storeSubmission(formId, { n: String(i) }, {}, key)));
    const stored = results.filter((r) => r.ok).length;
    console.log(`[${dialect}] 30 concurrent saves with one key: ${stored} stored`);
    expect(stored).toBe(1);
    expect(await number('SELECT count(*) FROM form_submissions')).toBe(1);
  });
});
