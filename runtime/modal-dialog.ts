/**
 * One modal dialog for the runtime's widgets (`Widgets.Alert`, `Lightbox`): a native `<dialog>` opened with
 * `showModal()`, so the page behind is inert, focus stays inside and Escape closes it; focus returns to
 * where it was when it closes. Its few styles are added to the page once, the first time a dialog opens, and
 * scoped to the `sqs-tessera-dialog` class so they cannot touch the theme's markup.
 */

const STYLE_ID = 'sqs-tessera-dialog-style';
const CSS = `
.sqs-tessera-dialog{border:0;border-radius:6px;padding:24px;max-width:min(92vw,560px);color:#111;background:#fff;box-shadow:0 10px 40px rgba(0,0,0,.3);font:16px/1.5 system-ui,sans-serif}
.sqs-tessera-dialog::backdrop{background:rgba(0,0,0,.6)}
.sqs-tessera-dialog h2{margin:0 0 8px;font-size:1.125em}
.sqs-tessera-dialog p{margin:0 0 16px}
.sqs-tessera-dialog button{font:inherit;padding:8px 16px;border:1px solid #111;border-radius:4px;background:#111;color:#fff;cursor:pointer}
.sqs-tessera-dialog button:focus-visible{outline:3px solid #2a6df4;outline-offset:2px}
.sqs-tessera-dialog .sqs-tessera-dialog-actions{display:flex;gap:8px;justify-content:flex-end}
.sqs-tessera-lightbox{max-width:96vw;max-height:96vh;padding:12px;background:#111;color:#fff}
.sqs-tessera-lightbox img{display:block;max-width:calc(96vw - 24px);max-height:calc(96vh - 80px);margin:0 auto}
.sqs-tessera-lightbox .sqs-tessera-dialog-actions{margin-top:8px}
.sqs-tessera-lightbox button{border-color:#fff;background:transparent}
`;

const open = new Set<HTMLDialogElement>();

function ensureStyles(): void {
  if (document.getElementById(STYLE_ID) !== null) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  document.head.append(style);
}

export interface DialogParts {
  /** Extra class (`sqs-tessera-lightbox`). */
  readonly className?: string;
  /** `alertdialog` for a message that needs an answer, `dialog` otherwise. */
  readonly role: 'dialog' | 'alertdialog';
  /** Names the dialog for assistive technology when it has no title element. */
  readonly label?: string;
  readonly content: Node[];
  /** Buttons of the dialog, the first one focused when it opens. */
  readonly buttons: { readonly text: string; readonly onClick: () => void }[];
  readonly onClose: () => void;
}

/** Opens a modal dialog; answers a function that closes it (the dialog is removed when it closes). */
export function openDialog(parts: DialogParts): () => void {
  ensureStyles();
  const dialog = document.createElement('dialog');
  dialog.className = `sqs-tessera-dialog${parts.className === undefined ? '' : ` ${parts.className}`}`;
  dialog.setAttribute('role', parts.role);
  dialog.setAttribute('aria-modal', 'true');
  if (parts.label !== undefined) dialog.setAttribute('aria-label', parts.label);
  dialog.append(...parts.content);
  const actions = document.createElement('div');
  actions.className = 'sqs-tessera-dialog-actions';
  for (const button of parts.buttons) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = button.text;
    element.addEventListener('click', button.onClick);
    actions.append(element);
  }
  dialog.append(actions);
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.addEventListener('close', () => {
    open.delete(dialog);
    dialog.remove();
    returnFocus?.focus();
    parts.onClose();
  });
  // a click on the backdrop (outside the dialog's box) closes it too
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    }
  });
  document.body.append(dialog);
  open.add(dialog);
  dialog.showModal();
  actions.querySelector('button')?.focus();
  return () => {
    if (dialog.open) dialog.close();
  };
}

/** Closes every dialog the runtime opened (`Squarespace.globalDestroy`). */
export function closeOpenDialogs(): void {
  for (const dialog of [...open]) dialog.close();
}
