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

export function AlertDialog({ alert, onClose }: { alert: AlertMessage | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || alert === null) return;
    opener.current = document.activeElement;
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
        OK
      </button>
    </dialog>
  );
}
