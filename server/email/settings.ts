/**
 * Where e-mail goes: the SMTP server, the From address, the site's address (put before the site paths of
 * links) and who is told of form submissions. Two sources: the environment (`TESSERA_SMTP_URL`,
 * `TESSERA_MAIL_FROM`, `TESSERA_PUBLIC_URL`) and the site's `mail` settings document, which an owner changes
 * through `PUT /api/email/settings`. **The environment wins, field by field**: whoever runs the server decides
 * where mail leaves from and keeps the SMTP secret out of the database, and a stolen owner session cannot send
 * the shop's mail elsewhere; the settings API says which fields the environment fixes. A bad environment value
 * is a problem (logged once at start by the plugin), never a crash: the SMTP it names is treated as unset, so
 * mail stays queued until it is fixed.
 */
import { publicUrlFromEnv } from '../security/public-url.js';
import type { Store } from '../db/database.js';
import { isRecord } from '../../commerce/json.js';
import { readSiteDocument, readSiteDocumentStep } from '../site-documents.js';
import type { Reads } from '../db/reads.js';
import { runRead, type Work } from '../db/work.js';

export const MAIL_DOCUMENT = 'mail';

export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (port 465, `smtps://`); otherwise STARTTLS when the server offers it. */
  readonly secure: boolean;
  readonly user: string | null;
  readonly password: string | null;
}

export interface MailSettings {
  readonly smtp: SmtpSettings | null;
  readonly from: string | null;
  readonly siteUrl: string | null;
  /** Who gets form notifications; null: every admin contributor of the site. */
  readonly notificationAddress: string | null;
}

export const NO_MAIL_SETTINGS: MailSettings = { smtp: null, from: null, siteUrl: null, notificationAddress: null };

/** What the environment sets, and what in it is wrong (in words). */
export interface MailEnvironment {
  readonly smtp?: SmtpSettings;
  readonly from?: string;
  readonly siteUrl?: string;
  /** The address the server itself serves (`http://HOST:PORT`), the site address when none is set. */
  readonly servedAt: string;
  /** `TESSERA_SMTP_URL` is set but wrong: nothing is sent (the owner's SMTP does not stand in for it). */
  readonly smtpInvalid?: boolean;
  readonly problems: readonly string[];
}

/** One e-mail address (`shop@example.com`), as the schemas and the environment check it. */
export const ADDRESS_PATTERN = '^[^\\s@<>",;]+@[^\\s@<>",;]+$';
/** A From header: an address, or `Name <address>` (no line breaks, no quotes to escape). */
export const FROM_PATTERN = '^(?:[^\\r\\n<>"]{0,200}<[^\\s@<>",;]+@[^\\s@<>",;]+>|[^\\s@<>",;]+@[^\\s@<>",;]+)$';
/** A site address: http(s), a host, an optional port, nothing after. */
export const SITE_URL_PATTERN = '^https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?/?$';

/** `smtp://user:password@host:587` or `smtps://…:465` as settings; a string saying what is wrong otherwise. */
export function parseSmtpUrl(text: string): SmtpSettings | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'it is not a URL (expected smtp://user:password@host:587 or smtps://…)';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `its scheme is ${url.protocol.replace(/:$/, '')}, not smtp or smtps`;
  if (url.hostname === '') return 'it names no host';
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    user: url.username === '' ? null : decodeURIComponent(url.username),
    password: url.password === '' ? null : decodeURIComponent(url.password),
  };
}

/** The environment's mail settings (read once, when the app is built). */
export function mailEnvironment(env: NodeJS.ProcessEnv): MailEnvironment {
  const problems: string[] = [];
  const set = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
  let smtp: SmtpSettings | undefined;
  let smtpInvalid = false;
  const smtpUrl = set(env['TESSERA_SMTP_URL']);
  if (smtpUrl !== undefined) {
    const parsed = parseSmtpUrl(smtpUrl);
    if (typeof parsed === 'string') {
      problems.push(`TESSERA_SMTP_URL is not valid: ${parsed}; e-mails stay queued until it is fixed`);
      smtpInvalid = true;
    } else smtp = parsed;
  }
  let from = set(env['TESSERA_MAIL_FROM']);
  if (from !== undefined && !new RegExp(FROM_PATTERN).test(from)) {
    problems.push('TESSERA_MAIL_FROM is not valid: expected shop@example.com or Shop Name <shop@example.com>; it is ignored');
    from = undefined;
  }
  // the same rule as cookies and HSTS (a server does not start with a wrong one; a tool reading it goes on without)
  let siteUrl: string | undefined;
  try {
    siteUrl = publicUrlFromEnv(env) ?? undefined;
  } catch (e) {
    problems.push(`${(e as Error).message.replace(/\.$/, '')}; it is ignored`);
  }
  const servedAt = `http://${env['HOST'] ?? 'localhost'}:${env['PORT'] ?? '3000'}`;
  return { ...(smtp === undefined ? {} : { smtp }), ...(from === undefined ? {} : { from }), ...(siteUrl === undefined ? {} : { siteUrl: siteUrl.replace(/\/$/, '') }), servedAt, smtpInvalid, problems };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The site's own `mail` document (what the owner saved), read leniently: anything unusable counts as unset. */
export function storedMailSettings(store: Store, websiteId: string): MailSettings {
  return mailSettingsOf(readSiteDocument(store, websiteId, MAIL_DOCUMENT));
}

/** The same on either database (server/db/work.ts). */
export async function storedMailSettingsOf(reads: Reads, websiteId: string): Promise<MailSettings> {
  return mailSettingsOf(await runRead(reads, (q) => readSiteDocumentStep(q, websiteId, MAIL_DOCUMENT)));
}

/** The same as a step of a piece of work (server/db/work.ts): read inside a transaction, on either database. */
export function* storedMailSettingsStep(q: Reads, websiteId: string): Work<MailSettings> {
  return mailSettingsOf(yield* readSiteDocumentStep(q, websiteId, MAIL_DOCUMENT));
}

/** The settings a stored `mail` document says. */
function mailSettingsOf(doc: unknown): MailSettings {
  if (!isRecord(doc)) return NO_MAIL_SETTINGS;
  const s = doc['smtp'];
  const smtp =
    isRecord(s) && typeof s['host'] === 'string' && typeof s['port'] === 'number'
      ? { host: s['host'], port: s['port'], secure: s['secure'] === true, user: text(s['user']), password: text(s['password']) }
      : null;
  return { smtp, from: text(doc['from']), siteUrl: text(doc['siteUrl']), notificationAddress: text(doc['notificationAddress']) };
}

export interface EffectiveMailSettings extends MailSettings {
  /** Which fields the environment fixes: `smtp`, `from`, `siteUrl`. */
  readonly fixedByEnvironment: readonly string[];
}

/** What is in force for one site: the environment over the owner's settings. */
export function effectiveMailSettings(store: Store, websiteId: string, env: MailEnvironment): EffectiveMailSettings {
  return effectiveOf(storedMailSettings(store, websiteId), env);
}

/** The same on either database. */
export async function effectiveMailSettingsOf(reads: Reads, websiteId: string, env: MailEnvironment): Promise<EffectiveMailSettings> {
  return effectiveOf(await storedMailSettingsOf(reads, websiteId), env);
}

function effectiveOf(saved: MailSettings, env: MailEnvironment): EffectiveMailSettings {
  const fixed = (['smtp', 'from', 'siteUrl'] as const).filter((k) => env[k] !== undefined || (k === 'smtp' && env.smtpInvalid === true));
  return {
    smtp: env.smtpInvalid === true ? null : (env.smtp ?? saved.smtp),
    from: env.from ?? saved.from,
    siteUrl: env.siteUrl ?? saved.siteUrl,
    notificationAddress: saved.notificationAddress,
    fixedByEnvironment: fixed,
  };
}
