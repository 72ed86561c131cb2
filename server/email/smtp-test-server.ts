/**
 * For the e-mail tests (not a test file itself): a real SMTP server (`smtp-server`) on a free loopback port that
 * keeps every message it accepts, decoded (headers, text and HTML parts), and can refuse: a message at DATA
 * (`refuseData`) or a recipient (`refuseRecipient`) with the SMTP code and words given. No TLS, no AUTH.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  readonly envelopeTo: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  readonly subject: string;
  readonly messageId: string;
  readonly text: string;
  readonly html: string;
}

export type Refusal = { readonly code: number; readonly message: string } | null;

export interface TestSmtpServer {
  readonly port: number;
  readonly received: Received[];
  /** Called for each message at DATA (its 1-based number among all tried); a refusal refuses it. */
  refuseData: (attempt: number) => Refusal;
  refuseRecipient: (address: string) => Refusal;
  /** Resolves once `count` messages in all have been accepted. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header, decoded. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  // percent-escape what is left of % first, so decodeURIComponent reads only the decoded bytes
  return Buffer.from(decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25')), 'utf8').toString('utf8');
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The leaf parts of a message, each decoded by its transfer encoding. */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary !== undefined) {
    return part.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((p) => leaves(parsePart(p.replace(/^\r?\n/, ''))));
  }
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const body = encoding === 'base64' ? Buffer.from(part.body, 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(part.body) : part.body;
  return [{ headers: part.headers, body: body.replace(/\r\n/g, '\n') }];
}

export function decodeMessage(raw: string, envelopeTo: readonly string[]): Received {
  const top = parsePart(raw);
  const parts = leaves(top);
  const of = (type: string) => parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))?.body ?? '';
  return { envelopeTo, headers: top.headers, subject: top.headers['subject'] ?? '', messageId: top.headers['message-id'] ?? '', text: of('text/plain'), html: of('text/html') };
}

const smtpError = (refusal: NonNullable<Refusal>) => Object.assign(new Error(refusal.message), { responseCode: refusal.code });

export async function startSmtpServer(): Promise<TestSmtpServer> {
  let tried = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: TestSmtpServer = {
    port: 0,
    received: [],
    refuseData: () => null,
    refuseRecipient: () => null,
    waitFor: (count) => new Promise<void>((resolve) => (state.received.length >= count ? resolve() : waiters.push({ count, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = state.refuseRecipient(address.address);
      callback(refusal === null ? undefined : smtpError(refusal));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        tried += 1;
        const refusal = state.refuseData(tried);
        if (refusal !== null) return callback(smtpError(refusal));
        state.received.push(decodeMessage(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        for (const w of waiters.filter((w) => state.received.length >= w.count)) w.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  (state as { port: number }).port = (server.server.address() as AddressInfo).port;
  return state;
}
