/**
 * An alert the shopper must acknowledge, in place of `window.alert`: a modal `<dialog>` (the browser traps
 * focus in it and closes it on Escape) whose text is a `role="alert"` region, read out when it opens. Focus
 * goes to its button and, when it closes, back to where it was.
 */
import { useEffect, useId, useRef } from 'react';

export interface AlertMessage {
  readonly title: string;
  readonly message: string;
}

/** `closeLabel` is the button's word in the page's language (default `OK`). */
export function AlertDialog({ alert, onClose, closeLabel }: { alert: AlertMessage | null; onClose: () => void; closeLabel?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const shown = useRef<AlertMessage | null>(null);
  const id = useId();
  // where focus was when the alert came up, read while rendering: before React's commit, whose autoFocus
  // may already have moved it to the OK button
  if (alert !== null && shown.current === null && typeof document !== 'undefined') opener.current = document.activeElement;
  shown.current = alert;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || alert === null) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    };
  }, [alert]);
  if (alert === null) return null;
  return (
    <dialog ref={ref} className="tessera-alert" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div role="alert">
        <h2 id={`${id}-title`} className="tessera-alert-title">
          {alert.title}
        </h2>
        <p className="tessera-alert-message">{alert.message}</p>
      </div>
      <button type="button" className="tessera-alert-close" autoFocus onClick={onClose}>
        {closeLabel ?? 'OK'}
      </button>
    </dialog>
  );
}
