/**
 * A modal lightbox (spec 000 §2 "Additional-fields form", §9), built to the W3C APG dialog pattern: a labelled
 * `role="dialog"` with `aria-modal`, a close button, Escape closes it, Tab and Shift+Tab stay inside, focus goes
 * to its first field on opening and back to the opener on closing, and the page behind is inert and does not
 * scroll. It is centred in the window, or, when taller than the window, placed 50 px from the top and scrolled
 * with its backdrop; the position is recomputed at most every 100 ms while the window resizes.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { LIGHTBOX_RESIZE_DEBOUNCE_MS, LIGHTBOX_TOP_MARGIN_PX } from '../../commerce/additional-fields.js';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface LightboxProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** The close button's name in the page's language (`dialog.close`). */
  readonly closeLabel: string;
}

/** Where the dialog goes: its top margin when taller than the window, else centred. */
export function lightboxTop(dialogHeight: number, windowHeight: number): number {
  return dialogHeight + 2 * LIGHTBOX_TOP_MARGIN_PX > windowHeight ? LIGHTBOX_TOP_MARGIN_PX : Math.round((windowHeight - dialogHeight) / 2);
}

export function Lightbox({ title, onClose, children, closeLabel }: LightboxProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = dialog.current?.closest<HTMLElement>('.lightbox-backdrop') ?? null;
    const others = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el !== host && !el.inert);
    for (const el of others) el.inert = true;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const place = () => {
      const box = dialog.current;
      if (box !== null) box.style.marginTop = `${lightboxTop(box.offsetHeight, window.innerHeight)}px`;
    };
    place();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(place, LIGHTBOX_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    const first = dialog.current?.querySelector<HTMLElement>('.lightbox-content ' + FOCUSABLE.split(', ').join(', .lightbox-content '));
    (first ?? dialog.current)?.focus();

    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      for (const el of others) el.inert = false;
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || dialog.current === null) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const firstEl = focusable[0];
    const lastEl = focusable[focusable.length - 1];
    if (firstEl === undefined || lastEl === undefined) return;
    if (event.shiftKey && (document.activeElement === firstEl || document.activeElement === dialog.current)) {
      event.preventDefault();
      lastEl.focus();
    } else if (!event.shiftKey && document.activeElement === lastEl) {
      event.preventDefault();
      firstEl.focus();
    }
  };

  return createPortal(
    <div className="lightbox-backdrop" onMouseDown={(e) => e.target === e.currentTarget && closeRef.current()}>
      <div className="lightbox" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="lightbox-header">
          <h2 className="lightbox-title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="lightbox-close" aria-label={closeLabel} onClick={() => closeRef.current()}>
            ×
          </button>
        </div>
        <div className="lightbox-content">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
