/** The mail settings: the environment read and checked, and the environment winning over the owner's document. */
import { describe, expect, it } from 'vitest';
import { openStore } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { writeSiteDocument } from '../site-documents.js';
import { effectiveMailSettings, MAIL_DOCUMENT, mailEnvironment, parseSmtpUrl } from './settings.js';

describe('parseSmtpUrl', () => {
  it('reads smtp and smtps URLs with their default ports and encoded credentials', () => {
    expect(parseSmtpUrl('smtp://mail.example.com')).toEqual({ host: 'mail.example.com', port: 587, secure: false, user: null, password: null });
    expect(parseSmtpUrl('smtps://a%40b:p%3Ass@mail.example.com')).toEqual({ host: 'mail.example.com', port: 465, secure: true, user: 'a@b', password: 'p:ss' });
    expect(parseSmtpUrl('smtp://[::1]:2525')).toMatchObject({ host: '::1', port: 2525 });
  });
  it('says what is wrong', () => {
    expect(parseSmtpUrl('mail.example.com')).toBe('it is not a URL (expected smtp://user:password@host:587 or smtps://…)');
    expect(parseSmtpUrl('https://mail.example.com')).toBe('its scheme is https, not smtp or smtps');
  });
});

describe('mailEnvironment', () => {
  it('reads the three variables, and serves links from HOST:PORT by default', () => {
    expect(mailEnvironment({ TESSERA_SMTP_URL: 'smtp://m.example.com:25', TESSERA_MAIL_FROM: 'Shop <s@example.com>', TESSERA_PUBLIC_URL: 'https://shop.example.com/', PORT: '8080' })).toEqual({
      smtp: { host: 'm.example.com', port: 25, secure: false, user: null, password: null },
      from: 'Shop <s@example.com>',
      siteUrl: 'https://shop.example.com',
      servedAt: 'http://localhost:8080',
      smtpInvalid: false,
      problems: [],
    });
  });
  it('names each bad value, and a bad SMTP URL sends nothing even when the owner saved one', () => {
    const env = mailEnvironment({ TESSERA_SMTP_URL: 'nope', TESSERA_MAIL_FROM: 'a\r\nBcc: b@example.com', TESSERA_PUBLIC_URL: 'ftp://x' });
    expect(env.problems).toEqual([
      'TESSERA_SMTP_URL is not valid: it is not a URL (expected smtp://user:password@host:587 or smtps://…); e-mails stay queued until it is fixed',
      'TESSERA_MAIL_FROM is not valid: expected shop@example.com or Shop Name <shop@example.com>; it is ignored',
      'TESSERA_PUBLIC_URL: "ftp://x" is not an http or https address; it is ignored',
    ]);
    const store = openStore(':memory:');
    seedDemoStore(store);
    writeSiteDocument(store, 'demo', MAIL_DOCUMENT, { smtp: { host: 'owner.example.com', port: 587, secure: false }, from: 'o@example.com', siteUrl: null, notificationAddress: null });
    expect(effectiveMailSettings(store, 'demo', env)).toMatchObject({ smtp: null, from: 'o@example.com', fixedByEnvironment: ['smtp'] });
    expect(effectiveMailSettings(store, 'demo', mailEnvironment({}))).toMatchObject({ smtp: { host: 'owner.example.com' }, fixedByEnvironment: [] });
  });
});
