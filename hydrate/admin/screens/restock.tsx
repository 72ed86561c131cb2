/**
 * Back in stock (spec 000 "restock"): the shop's signup groups, one per product variant
 * (GET /api/site-users/account/notifications/restock/groups), each with its waiting and notified counts and
 * whether it is in stock again. "Send" e-mails one group's waiting signups (POST …/restock/send), "Send to all
 * in stock" every group that is in stock and has someone waiting (POST …/restock/send/all); the e-mails go
 * through the outbox (the E-mail screen shows them). The counts change at once and come back from the server.
 */
import { useState } from 'react';
import { failureMessage, send, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { FetchStatus, HeadRow, Notice, Screen, Scroll, useOutcome } from '../screen.js';

interface Group {
  readonly productId: string;
  readonly variantId: string;
  readonly productName: string | null;
  readonly sku: string | null;
  readonly attributes: Record<string, string>;
  readonly inStock: boolean;
  readonly signUpCount: number;
  readonly pendingCount: number;
  readonly notifiedCount: number;
}

interface GroupPage {
  readonly signUpGroups: Group[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

const BASE = '/api/site-users/account/notifications/restock';
const nameOf = (g: Group) => [g.productName ?? 'A removed product', ...Object.values(g.attributes)].join(' / ');

export function Restock() {
  const groups = useFetch<GroupPage>(`${BASE}/groups`);
  const [outcome, setOutcome] = useOutcome();
  const [busy, setBusy] = useState(false);
  const ready = (groups.data?.signUpGroups ?? []).filter((g) => g.inStock && g.pendingCount > 0);

  const sendTo = async (targets: readonly Group[]) => {
    const before = groups.data;
    if (before === undefined || targets.length === 0) return;
    setBusy(true);
    const sending = new Set(targets.map((g) => `${g.productId} ${g.variantId}`));
    // optimistic: the waiting signups count as notified now; the refetch below gives the server's counts
    groups.replace({ ...before, signUpGroups: before.signUpGroups.map((g) => (sending.has(`${g.productId} ${g.variantId}`) ? { ...g, pendingCount: 0, notifiedCount: g.signUpCount } : g)) });
    const requests = targets.map(({ productId, variantId }) => ({ productId, variantId }));
    const result =
      requests.length === 1 ? await send<{ sent: number }>('POST', `${BASE}/send`, requests[0]) : await send<{ sent: number }>('POST', `${BASE}/send/all`, { sendRequests: requests });
    setBusy(false);
    if (!result.ok) {
      groups.replace(before);
      return setOutcome({ kind: 'error', text: failureMessage(result) });
    }
    setOutcome({ kind: 'ok', text: `${result.data.sent} e-mail${result.data.sent === 1 ? '' : 's'} queued. The E-mail screen shows how they go.` });
    groups.refetch();
  };

  return (
    <Screen title="Back in stock">
      <p>Shoppers who asked to be told when a sold-out variant is back. Send them the e-mail once it is in stock.</p>
      <div className="actions">
        <button type="button" disabled={busy || ready.length === 0} onClick={() => void sendTo(ready)}>
          Send to all in stock ({ready.length})
        </button>
      </div>
      <Notice outcome={outcome} />
      <FetchStatus fetched={groups} />
      {groups.data === undefined ? null : groups.data.signUpGroups.length === 0 ? (
        <p>{ADMIN_MESSAGES.noResults}</p>
      ) : (
        <Scroll label="Signups">
          <table>
            <caption>Signups by product variant</caption>
            <HeadRow columns={['Product', 'In stock', { num: 'Waiting' }, { num: 'Notified' }, 'Action']} />
            <tbody>
              {groups.data.signUpGroups.map((g) => (
                <tr key={`${g.productId} ${g.variantId}`}>
                  <td>{nameOf(g)}</td>
                  <td>{g.inStock ? 'Yes' : 'No'}</td>
                  <td className="num">{g.pendingCount}</td>
                  <td className="num">{g.notifiedCount}</td>
                  <td>
                    {g.inStock && g.pendingCount > 0 ? (
                      <button type="button" className="quiet" disabled={busy} onClick={() => void sendTo([g])} aria-label={`Send to those waiting for ${nameOf(g)}`}>
                        Send
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Screen>
  );
}
