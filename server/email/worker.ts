/**
 * The sender: takes due rows of the outbox oldest first and sends each over SMTP (nodemailer), with retries.
 *
 * A row is `queued` (due when `next_attempt_at` is null or past), claimed as `sending` by one conditional UPDATE
 * that only succeeds while the row is still due, and then `sent`, back to `queued` with a later
 * `next_attempt_at` (exponential backoff: 1 min, 2, 4… capped at 6 h), or `failed` after the last attempt or a
 * permanent refusal (a 5xx answer to the recipient or the message). Several nodes on one database never send
 * one row twice: only one claim can change the row, and a claim holds a lease (5 min); a node that dies while
 * sending leaves a lease that runs out, and the next node takes the row again (one more attempt). Finishing a
 * row is conditional on the claim still being ours. SMTP errors are values here: nothing the SMTP server does
 * can throw out of `runOnce`. Time comes from an injectable clock and `runOnce` is public, so tests drive the
 * whole schedule without sleeping.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Store } from '../db/database.js';
import { absoluteHtmlLinks, absoluteTextLinks } from './links.js';
import { type OutboxStore, sqliteOutboxStore } from './outbox-store.js';
import { type EffectiveMailSettings, effectiveMailSettingsOf, type MailEnvironment, type SmtpSettings } from './settings.js';
import { type Reads, sqliteReads } from '../db/reads.js';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What the worker needs of a transport (a nodemailer Transporter is one). */
export interface MailTransport {
  sendMail(message: {
    from: string | { name: string; address: string };
    to: string;
    subject: string;
    text: string;
    html?: string;
    messageId: string;
  }): Promise<unknown>;
  close(): void;
}

export interface MailLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface MailWorkerOptions {
  /** The SQLite store, the default of `reads` and `outbox`. */
  readonly store: Store;
  /** Where the mail settings are read (either database; default: on `store`). */
  readonly reads?: Reads;
  /** The outbox's claims (outbox-store.ts; default: on `store`). */
  readonly outbox?: OutboxStore;
  readonly env: MailEnvironment;
  readonly now?: () => number;
  /** Attempts before a row is `failed` (default 8: the last about 2 h after the first). */
  readonly maxAttempts?: number;
  /** Wait before the second attempt; doubled for each further one (default 60 s). */
  readonly backoffMs?: number;
  /** The longest wait between attempts (default 6 h). */
  readonly maxBackoffMs?: number;
  /** How long a claim holds a row before another node may take it (default 5 min). */
  readonly leaseMs?: number;
  /** Rows taken per run (default 20). */
  readonly batchSize?: number;
  readonly log?: MailLog;
  /** Makes the transport of an SMTP server (default: nodemailer, one connection per message). */
  readonly transport?: (smtp: SmtpSettings) => MailTransport;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

const SILENT: MailLog = { info() {}, warn() {}, error() {} };

/**
 * nodemailer over one SMTP server: one pooled connection, kept open between messages of a pass (a new
 * connection per message cost about 0.1 s each on loopback), with timeouts well inside the lease.
 */
function nodemailerTransport(smtp: SmtpSettings): MailTransport {
  return nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user === null ? {} : { auth: { user: smtp.user, pass: smtp.password ?? '' } }),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

interface SmtpError {
  readonly message?: string;
  readonly response?: string;
  readonly responseCode?: number;
  readonly command?: string;
  readonly code?: string;
}

/** The error in one line, as `last_error` keeps it. */
export function errorText(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as SmtpError;
  const text = e.response ?? e.message ?? e.code ?? 'unknown error';
  return (e.command === undefined ? text : `${e.command}: ${text}`).replace(/\s+/g, ' ').slice(0, 1000);
}

/** A refusal of this message itself (5xx to its recipient or its content): trying again cannot help. */
function permanent(error: unknown): boolean {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  return e.responseCode !== undefined && e.responseCode >= 500 && (e.command === 'RCPT TO' || e.command === 'DATA');
}

export class MailWorker {
  private readonly reads: Reads;
  private readonly outbox: OutboxStore;
  private readonly env: MailEnvironment;
  private readonly now: () => number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly log: MailLog;
  private readonly makeTransport: (smtp: SmtpSettings) => MailTransport;
  private readonly transports = new Map<string, MailTransport>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(options: MailWorkerOptions) {
    this.reads = options.reads ?? sqliteReads(options.store);
    this.outbox = options.outbox ?? sqliteOutboxStore(options.store);
    this.env = options.env;
    this.now = options.now ?? Date.now;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoffMs = options.backoffMs ?? 60_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 6 * 3_600_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.batchSize = options.batchSize ?? 20;
    this.log = options.log ?? SILENT;
    this.makeTransport = options.transport ?? nodemailerTransport;
  }

  /** The wait after attempt `n` (1-based) failed. */
  backoffAfter(attempt: number): number {
    return Math.min(this.maxBackoffMs, this.backoffMs * 2 ** Math.max(0, attempt - 1));
  }

  private transportFor(smtp: SmtpSettings): MailTransport {
    const key = JSON.stringify(smtp);
    let transport = this.transports.get(key);
    if (transport === undefined) {
      transport = this.makeTransport(smtp);
      this.transports.set(key, transport);
    }
    return transport;
  }

  /** One pass: claims and sends up to `batchSize` due rows, oldest first. Never throws. */
  async runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    try {
      const settings = new Map<string, (EffectiveMailSettings & { siteTitle: string }) | null>();
      const settingsOf = async (websiteId: string) => {
        if (!settings.has(websiteId)) {
          const s = await effectiveMailSettingsOf(this.reads, websiteId, this.env);
          settings.set(websiteId, s.smtp === null ? null : { ...s, siteTitle: await this.outbox.siteTitle(websiteId) });
        }
        return settings.get(websiteId)!;
      };
      const candidates = await this.outbox.due(this.now(), this.batchSize);
      for (const candidate of candidates) {
        if (this.stopped) break;
        const site = await settingsOf(candidate.websiteId);
        if (site === null) continue;
        const outcome = await this.sendOne(candidate.id, site);
        if (outcome !== null) result[outcome] += 1;
      }
    } catch (error) {
      this.log.error(`e-mail: the outbox could not be read: ${errorText(error)}`);
    }
    return result;
  }

  /** Claims one row and sends it; null when another node had claimed it first. */
  private async sendOne(id: string, site: EffectiveMailSettings & { siteTitle: string }): Promise<keyof RunResult | null> {
    const now = this.now();
    const claim = randomUUID();
    const row = await this.outbox.claim(id, claim, now, now + this.leaseMs);
    if (row === null) return null;
    const siteUrl = site.siteUrl ?? this.env.servedAt;
    const host = new URL(siteUrl).hostname;
    try {
      await this.transportFor(site.smtp!).sendMail({
        from: site.from ?? { name: site.siteTitle, address: `no-reply@${host}` },
        to: row.toAddress,
        subject: row.subject,
        text: absoluteTextLinks(row.bodyText, siteUrl),
        ...(row.bodyHtml === null ? {} : { html: absoluteHtmlLinks(row.bodyHtml, siteUrl) }),
        // the same id on every attempt: a receiver can drop a copy delivered twice after a lost answer
        messageId: `<${row.id}@${host}>`,
      });
      await this.outbox.sent(id, claim, this.now());
      return 'sent';
    } catch (error) {
      const lastError = errorText(error);
      const giveUp = permanent(error) || row.attempts >= this.maxAttempts;
      const next = giveUp ? null : this.now() + this.backoffAfter(row.attempts);
      await this.outbox.missed(id, claim, giveUp, next, lastError);
      this.log.warn(`e-mail ${row.id} (${row.kind}) to ${row.toAddress}: attempt ${row.attempts} failed: ${lastError}${giveUp ? '; given up' : ''}`);
      return giveUp ? 'failed' : 'retried';
    }
  }

  /** Runs `runOnce` every `intervalMs` until `stop` (the timer keeps no process alive). */
  start(intervalMs = 5_000): void {
    if (this.timer !== undefined || this.stopped) return;
    const tick = () => {
      this.running = this.runOnce().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, intervalMs).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops the timer, waits for the pass in progress and closes the SMTP connections. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running;
    for (const transport of this.transports.values()) transport.close();
    this.transports.clear();
  }
}
