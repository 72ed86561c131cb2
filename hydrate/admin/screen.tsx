/**
 * What every admin screen is built from: `Screen` (its heading, focused when the screen opens so keyboard and
 * screen-reader users land on it, and the page title), `FetchStatus` (the fetch helper's states in words:
 * pending, failed with a way to fetch again), `Scroll` (a table's box), `HeadRow` (its header), `SaveActions` and `MoveButtons` (a form's Save, a row's Up and Down) and `Notice` (the outcome of a write, spoken by screen readers; `useOutcome` holds it, `handOver` passes one
 * to the next screen).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Fetched } from './fetch-helper.js';
import { ADMIN_MESSAGES } from './messages.js';

export function Screen({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${document.getElementById('admin')?.dataset['siteTitle'] ?? 'Admin'}`;
    heading.current?.focus();
  }, [title]);
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </>
  );
}

export function FetchStatus<T>({ fetched }: { fetched: Fetched<T> }) {
  if (fetched.status === 'pending') return <p className="status" role="status">{ADMIN_MESSAGES.loading}</p>;
  if (fetched.status === 'failed')
    return (
      <div className="message" role="alert">
        <p>{fetched.message}</p>
        <button type="button" className="quiet" onClick={fetched.refetch}>
          {ADMIN_MESSAGES.tryAgain}
        </button>
      </div>
    );
  return null;
}

/** A table's box, scrolled sideways on a narrow screen: focusable, so the keyboard scrolls it too, and named. */
export function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** A table's header row: each column a label; `num` ones (amounts, counts) right-aligned. */
export function HeadRow({ columns }: { columns: readonly (string | { readonly num: string })[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.num} scope="col" className="num">
              {c.num}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

export type Outcome = { readonly kind: 'ok' | 'error'; readonly text: string } | null;

// what a screen says as it hands over to the next (a new product saved, its variants refused): shown once there
let handedOver: Outcome = null;

/** Says `outcome` on the next screen that opens (call just before navigating). */
export function handOver(outcome: Outcome): void {
  handedOver = outcome;
}

/** A screen's outcome state, starting with what the screen before handed over, if anything. */
export function useOutcome(): [Outcome, (outcome: Outcome) => void] {
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const first = handedOver;
    handedOver = null;
    return first;
  });
  return [outcome, setOutcome];
}

export function Notice({ outcome }: { outcome: Outcome }) {
  // the live region is always there, so what is put in it is announced
  return (
    <div role={outcome?.kind === 'error' ? 'alert' : 'status'} className={outcome === null ? undefined : outcome.kind === 'ok' ? 'notice' : 'message'}>
      {outcome?.text}
    </div>
  );
}

/** A form's Save button, held while the save is under way. */
export function SaveActions({ saving, label = 'Save' }: { saving: boolean; label?: string }) {
  return (
    <div className="actions">
      <button type="submit" disabled={saving}>
        {label}
      </button>
    </div>
  );
}

/**
 * "Up" and "Down" for a row of an ordered list (`name` says which, for screen readers). At an end the button is
 * `aria-disabled` rather than disabled, so a row moved there keeps the focus on its button.
 */
export function MoveButtons({ name, first, last, onMove }: { name: string; first: boolean; last: boolean; onMove: (by: -1 | 1) => void }) {
  return (
    <>
      <button type="button" className="quiet" aria-disabled={first} onClick={() => first || onMove(-1)} aria-label={`Move ${name} up`}>
        Up
      </button>
      <button type="button" className="quiet" aria-disabled={last} onClick={() => last || onMove(1)} aria-label={`Move ${name} down`}>
        Down
      </button>
    </>
  );
}
