/**
 * Forms: what the site's forms collected (GET /api/merchant/forms), each form with its count and last time;
 * a form's submissions newest first (GET /api/merchant/forms/{id}/submissions), 50 at a time with "Show older"
 * following the server's cursor, each answer as the notification e-mail writes it; "Export as CSV" downloads all
 * of them (…/submissions.csv), an ordinary link so the browser saves the file.
 */
import { Fragment, useEffect, useState } from 'react';
import { failureMessage, send, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { Link } from '../router.js';
import { FetchStatus, Screen, Scroll } from '../screen.js';

interface FormSummary {
  readonly id: string;
  readonly name: string;
  readonly submissions: number;
  readonly lastSubmittedOn: number | null;
}

interface Submission {
  readonly id: string;
  readonly submittedOn: number;
  readonly answers: readonly { fieldId: string; title: string; text: string }[];
  readonly page: string | null;
}

interface SubmissionPage {
  readonly submissions: readonly Submission[];
  readonly nextCursor: string | null;
}

const when = (ms: number) => new Date(ms).toLocaleString();
const formPath = (id: string) => `/api/merchant/forms/${encodeURIComponent(id)}`;

export function FormList() {
  const list = useFetch<{ forms: FormSummary[] }>('/api/merchant/forms');
  return (
    <Screen title="Forms">
      <FetchStatus fetched={list} />
      {list.data === undefined ? null : list.data.forms.length === 0 ? (
        <p>{ADMIN_MESSAGES.noResults}</p>
      ) : (
        <Scroll label="Forms">
          <table>
            <thead>
              <tr>
                <th scope="col">Form</th>
                <th scope="col" className="num">
                  Submissions
                </th>
                <th scope="col">Last one</th>
              </tr>
            </thead>
            <tbody>
              {list.data.forms.map((f) => (
                <tr key={f.id}>
                  <td>
                    <Link href={`/config/forms/${encodeURIComponent(f.id)}`}>{f.name}</Link>
                  </td>
                  <td className="num">{f.submissions}</td>
                  <td>{f.lastSubmittedOn === null ? '—' : when(f.lastSubmittedOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Screen>
  );
}

export function FormSubmissions({ id }: { id: string }) {
  const forms = useFetch<{ forms: FormSummary[] }>('/api/merchant/forms');
  const first = useFetch<SubmissionPage>(`${formPath(id)}/submissions`);
  // older pages, appended as they are asked for; the first page is the fetch helper's (refetched on "Try again")
  const [older, setOlder] = useState<{ submissions: Submission[]; next: string | null; failed: string | null; pending: boolean }>({ submissions: [], next: null, failed: null, pending: false });
  useEffect(() => {
    if (first.status === 'success') setOlder({ submissions: [], next: first.data.nextCursor, failed: null, pending: false });
  }, [first.status, first.data]);
  const name = forms.data?.forms.find((f) => f.id === id)?.name ?? 'Form';

  const more = async () => {
    if (older.next === null) return;
    setOlder((o) => ({ ...o, pending: true, failed: null }));
    const result = await send<SubmissionPage>('GET', `${formPath(id)}/submissions?cursor=${encodeURIComponent(older.next)}`);
    setOlder((o) => (result.ok ? { submissions: [...o.submissions, ...result.data.submissions], next: result.data.nextCursor, failed: null, pending: false } : { ...o, failed: failureMessage(result), pending: false }));
  };

  const rows = first.data === undefined ? [] : [...first.data.submissions, ...older.submissions];
  return (
    <Screen title={`${name}: submissions`}>
      <p>
        <Link href="/config/forms">All forms</Link>
      </p>
      <div className="actions">
        <a className="button quiet" href={`${formPath(id)}/submissions.csv`} download>
          Export as CSV
        </a>
      </div>
      <FetchStatus fetched={first} />
      {first.data === undefined ? null : rows.length === 0 ? (
        <p>No submissions yet.</p>
      ) : (
        <ol className="submissions">
          {rows.map((s) => (
            <li key={s.id}>
              <h2>
                {when(s.submittedOn)}
                {s.page === null ? null : <span className="status"> from {s.page}</span>}
              </h2>
              <dl className="facts answers">
                {s.answers.map((a) => (
                  <Fragment key={a.fieldId}>
                    <dt>{a.title}</dt>
                    <dd>{a.text}</dd>
                  </Fragment>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
      {older.failed === null ? null : (
        <p className="message" role="alert">
          {older.failed}
        </p>
      )}
      {older.next === null ? null : (
        <div className="actions">
          <button type="button" className="quiet" onClick={() => void more()} disabled={older.pending}>
            {older.pending ? ADMIN_MESSAGES.loading : 'Show older submissions'}
          </button>
        </div>
      )}
    </Screen>
  );
}
