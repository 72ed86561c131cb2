/**
 * E-mail: the outbox (GET /api/email/outbox), newest first, each message with its status (queued, sending,
 * sent, failed), attempts and last error; filtered by status, 50 at a time with "Show more". A failed message
 * can be sent again (POST …/retry); the row shows `queued` at once and goes back if the call fails. Below, for
 * those whose roles read them, the mail settings (mail-settings.tsx).
 */
import { useState } from 'react';
import { failureMessage, send, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { FetchStatus, HeadRow, Notice, Screen, Scroll, useOutcome } from '../screen.js';
import { useSession } from '../session.js';
import { MailSettings } from './mail-settings.js';

interface Message {
  readonly id: string;
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly status: string;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdOn: number;
  readonly sentOn: number | null;
}

interface OutboxPage {
  readonly messages: Message[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

const STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
const when = (ms: number) => new Date(ms).toLocaleString();

export function Outbox() {
  const [status, setStatus] = useState('');
  const [cursor, setCursor] = useState<string | null>(null);
  const [earlier, setEarlier] = useState<Message[]>([]);
  const [outcome, setOutcome] = useOutcome();
  const session = useSession();
  const mayReadSettings = session.kind === 'signed-in' && (session.contributor.permissions?.includes('readMailSettings') ?? true);
  const query = new URLSearchParams({ ...(status === '' ? {} : { status }), ...(cursor === null ? {} : { cursor }) });
  const page = useFetch<OutboxPage>(`/api/email/outbox${query.size === 0 ? '' : `?${query}`}`);
  const messages = [...earlier, ...(page.data?.messages ?? [])];

  const retry = async (message: Message) => {
    const before = page.data;
    if (before === undefined) return;
    const mark = (m: Message): Message => (m.id === message.id ? { ...m, status: 'queued' } : m);
    page.replace({ ...before, messages: before.messages.map(mark) });
    setEarlier((list) => list.map(mark));
    const result = await send('POST', `/api/email/outbox/${encodeURIComponent(message.id)}/retry`);
    if (!result.ok) {
      page.replace(before);
      setEarlier((list) => list.map((m) => (m.id === message.id ? message : m)));
      return setOutcome({ kind: 'error', text: failureMessage(result) });
    }
    setOutcome({ kind: 'ok', text: `"${message.subject}" will be sent again.` });
  };

  return (
    <Screen title="E-mail">
      <p>Every message the shop sends, and how it went.</p>
      <div className="row">
        <div>
          <label htmlFor="outbox-status">Status</label>
          <select
            id="outbox-status"
            value={status}
            onChange={(e) => {
              setEarlier([]);
              setCursor(null);
              setStatus(e.target.value);
            }}
          >
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="quiet" onClick={page.refetch}>
          Refresh
        </button>
      </div>
      <Notice outcome={outcome} />
      <FetchStatus fetched={page} />
      {page.data === undefined ? null : messages.length === 0 ? (
        <p>{ADMIN_MESSAGES.noResults}</p>
      ) : (
        <Scroll label="Messages">
          <table>
            <caption>Messages, newest first</caption>
            <HeadRow columns={['Subject', 'To', 'Status', 'Queued', 'Action']} />
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.subject}
                    <br />
                    <span className="status">{m.kind}</span>
                  </td>
                  <td>{m.to}</td>
                  <td>
                    {m.status}
                    {m.status === 'sent' && m.sentOn !== null ? ` ${when(m.sentOn)}` : ''}
                    {m.attempts > 0 && m.status !== 'sent' ? ` (${m.attempts} attempt${m.attempts === 1 ? '' : 's'})` : ''}
                    {m.lastError !== null && m.status !== 'sent' ? (
                      <>
                        <br />
                        <span className="status">{m.lastError}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{when(m.createdOn)}</td>
                  <td>
                    {m.status === 'failed' ? (
                      <button type="button" className="quiet" onClick={() => void retry(m)} aria-label={`Send "${m.subject}" again`}>
                        Send again
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      {page.data?.hasNextPage === true ? (
        <button
          type="button"
          className="quiet"
          onClick={() => {
            setEarlier(messages);
            setCursor(page.data!.nextPageCursor);
          }}
        >
          Show more
        </button>
      ) : null}
      {mayReadSettings ? <MailSettings /> : null}
    </Screen>
  );
}
