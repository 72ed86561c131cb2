/**
 * The restock store on both databases (describeStores): one signup per address and variant, sends that mark
 * every waiting signup once and queue one e-mail each, and the same under concurrency; nothing for an archived
 * product.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../db/describe-stores.js';

const TOTE = { productId: 'p04', variantId: 'p04-v1' };
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describeStores('restock store', (current) => {
  it('keeps one signup per address and variant; a repeat may join the list, and waits again after a send', async () => {
    const { stores, sql, number } = current();
    const { restock } = stores;
    expect(await restock.signUp({ ...TOTE, email: ' Ada@Example.com ', isJoinMailingList: false }, NOW)).toEqual({ ok: true });
    expect(await restock.signUp({ ...TOTE, email: 'ada@example.com', isJoinMailingList: true }, NOW + 1)).toEqual({ ok: true });
    expect(await restock.signUp({ ...TOTE, email: 'ADA@example.com', isJoinMailingList: false }, NOW + 2)).toEqual({ ok: true });
    const rows = await sql('SELECT email, is_join_mailing_list, notified_at FROM restock_signups');
    expect(rows.map((r) => [r['email'], Boolean(r['is_join_mailing_list']), r['notified_at']])).toEqual([['ada@example.com', true, null]]);
    expect(await number('SELECT count(*) FROM restock_signups WHERE created_at = ?', [current().dialect === 'sqlite' ? NOW : new Date(NOW).toISOString()])).toBe(1);

    expect(await restock.sendRestockEmails('demo', [TOTE], NOW + 10)).toEqual({ ok: true, sent: 1, results: [{ ...TOTE, sent: 1 }] });
    expect(await restock.sendRestockEmails('demo', [TOTE], NOW + 11)).toEqual({ ok: true, sent: 0, results: [{ ...TOTE, sent: 0 }] });
    // sold out anew: the same address waits again, from now
    expect(await restock.signUp({ ...TOTE, email: 'ada@example.com', isJoinMailingList: false }, NOW + 20)).toEqual({ ok: true });
    expect(await number('SELECT count(*) FROM restock_signups WHERE notified_at IS NULL')).toBe(1);
    expect(await restock.sendRestockEmails('demo', [TOTE], NOW + 30)).toMatchObject({ sent: 1 });
    const emails = await sql("SELECT to_address, subject, related FROM outbox_emails WHERE kind = 'restock'");
    expect(emails).toHaveLength(2);
    expect(emails[0]).toMatchObject({ to_address: 'ada@example.com', subject: 'Canvas Tote is back in stock' });
  });

  it('keeps the language only with the multilingual-emails flag and a connected translation widget', async () => {
    const { stores, sql, dialect } = current();
    const language = async () => String((await sql('SELECT language FROM restock_signups'))[0]!['language']);
    await stores.restock.signUp({ ...TOTE, email: 'a@b.co', isJoinMailingList: false, language: 'fr-fr' });
    expect(await language()).toBe('null');
    await sql(`UPDATE websites SET settings = ?`, [JSON.stringify({ featureFlags: { multilingualEmails: true } })]);
    const at = dialect === 'sqlite' ? NOW : new Date(NOW).toISOString();
    await sql('INSERT INTO site_documents (website_id, name, value, updated_at) VALUES (?, ?, ?, ?)', ['demo', 'multilingual', '{"languages":["fr-FR"],"connected":true}', at]);
    await stores.restock.signUp({ ...TOTE, email: 'a@b.co', isJoinMailingList: false, language: 'fr-fr' });
    expect(await language()).toBe('fr-FR');
    // a repeat without one keeps it
    await stores.restock.signUp({ ...TOTE, email: 'a@b.co', isJoinMailingList: false });
    expect(await language()).toBe('fr-FR');
  });

  it('refuses an unknown or in-stock variant, and a send naming one sends nothing', async () => {
    const { stores, number } = current();
    const { restock } = stores;
    expect(await restock.signUp({ productId: 'p04', variantId: 'p01-v1', email: 'a@b.co', isJoinMailingList: false })).toEqual({ ok: false, reason: 'not-found' });
    expect(await restock.signUp({ productId: 'p01', variantId: 'p01-v1', email: 'a@b.co', isJoinMailingList: false })).toEqual({ ok: false, reason: 'in-stock' });
    expect(await restock.signUp({ ...TOTE, email: 'a@b.co', isJoinMailingList: false })).toEqual({ ok: true });
    expect(await restock.sendRestockEmails('demo', [TOTE, { productId: 'p04', variantId: 'nope' }])).toEqual({ ok: false, missing: { productId: 'p04', variantId: 'nope' } });
    expect(await restock.sendRestockEmails('other-site', [TOTE])).toEqual({ ok: false, missing: TOTE });
    expect(await number('SELECT count(*) FROM outbox_emails')).toBe(0);
    expect(await number('SELECT count(*) FROM restock_signups WHERE notified_at IS NULL')).toBe(1);
  });

  it('refuses a signup for an archived product and a send naming one; both again once it is unarchived', async () => {
    const { stores, sql, number, dialect } = current();
    const { restock } = stores;
    expect(await restock.signUp({ ...TOTE, email: 'a@b.co', isJoinMailingList: false })).toEqual({ ok: true });
    await sql('UPDATE products SET archived = ? WHERE id = ?', [dialect === 'sqlite' ? 1 : true, TOTE.productId]);
    expect(await restock.signUp({ ...TOTE, email: 'c@d.co', isJoinMailingList: false })).toEqual({ ok: false, reason: 'not-found' });
    expect(await restock.sendRestockEmails('demo', [TOTE])).toEqual({ ok: false, missing: TOTE });
    expect(await number('SELECT count(*) FROM outbox_emails')).toBe(0);
    await sql('UPDATE products SET archived = ? WHERE id = ?', [dialect === 'sqlite' ? 0 : false, TOTE.productId]);
    expect(await restock.sendRestockEmails('demo', [TOTE])).toMatchObject({ ok: true, sent: 1 });
  });

  it('50 concurrent signups of one address make one signup; 10 concurrent sends write each e-mail once', async () => {
    const { stores, number, dialect } = current();
    const { restock } = stores;
    const spellings = ['ada@example.com', 'ADA@example.com', ' ada@example.com', 'Ada@Example.com '];
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => restock.signUp({ ...TOTE, email: spellings[i % 4]!, isJoinMailingList: i === 49 })));
    expect(results.every((r) => r.ok)).toBe(true);
    const signups = await number('SELECT count(*) FROM restock_signups');
    console.log(`[${dialect}] 50 concurrent signups of one address: ${signups} signup`);
    expect(signups).toBe(1);
    expect(await number('SELECT count(*) FROM restock_signups WHERE is_join_mailing_list = ?', [dialect === 'sqlite' ? 1 : true])).toBe(1);

    await Promise.all(Array.from({ length: 20 }, (_, i) => restock.signUp({ ...TOTE, email: `p${i}@example.com`, isJoinMailingList: false })));
    const sends = await Promise.all(Array.from({ length: 10 }, () => restock.sendRestockEmails('demo', [TOTE])));
    expect(sends.reduce((n, s) => n + (s.ok ? s.sent : 0), 0)).toBe(21);
    expect(await number("SELECT count(*) FROM outbox_emails WHERE kind = 'restock'")).toBe(21);
    expect(await number("SELECT count(DISTINCT to_address) FROM outbox_emails WHERE kind = 'restock'")).toBe(21);
    expect(await number('SELECT count(*) FROM restock_signups WHERE notified_at IS NULL')).toBe(0);
  });

  it('signups made while sends run are never lost: each gets its e-mail from one send or the next', async () => {
    const { stores, number } = current();
    const { restock } = stores;
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      work.push(restock.signUp({ ...TOTE, email: `w${i}@example.com`, isJoinMailingList: false }));
      if (i % 6 === 0) work.push(restock.sendRestockEmails('demo', [TOTE]));
    }
    await Promise.all(work);
    await restock.sendRestockEmails('demo', [TOTE]);
    expect(await number('SELECT count(*) FROM restock_signups WHERE notified_at IS NULL')).toBe(0);
    expect(await number("SELECT count(*) FROM outbox_emails WHERE kind = 'restock'")).toBe(30);
    expect(await number("SELECT count(DISTINCT to_address) FROM outbox_emails WHERE kind = 'restock'")).toBe(30);
  });
});
