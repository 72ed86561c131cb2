/**
 * A file that belongs to a product, in its editor (its picture, a digital product's file): what it has now, a
 * file field that uploads the chosen file at once (POST `path`?fileName=…, the file as the body; a refusal is the
 * server's words, spec 001's upload messages), and a button that removes it (DELETE `path`). The product the
 * server answers replaces the editor's.
 */
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { failureMessage, send, sendUpload } from '../fetch-helper.js';
import { Notice, type Outcome } from '../screen.js';
import type { Product } from './product-types.js';

export interface ProductUploadProps {
  readonly product: Product;
  readonly onSaved: (p: Product) => void;
  /** The API path of the file (…/picture, …/file). */
  readonly path: string;
  /** The section's id stem and heading. */
  readonly id: string;
  readonly heading: string;
  /** What the product has now (the picture, or a sentence). */
  readonly shown: ReactNode;
  readonly has: boolean;
  /** The field's label, with what it takes. */
  readonly label: string;
  readonly accept?: string;
  readonly saved: string;
  readonly removeLabel: string;
  readonly removed: string;
}

export function ProductUpload(props: ProductUploadProps) {
  const { product, onSaved, path, id, heading, shown, has, label, accept, saved, removeLabel, removed } = props;
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/merchant/products/${encodeURIComponent(product.id)}/${path}`;

  const answered = (result: Awaited<ReturnType<typeof send<Product>>>, done: string) => {
    setBusy(false);
    if (!result.ok) return setOutcome({ kind: 'error', text: failureMessage(result) });
    setOutcome({ kind: 'ok', text: done });
    onSaved(result.data);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setBusy(true);
    setOutcome({ kind: 'ok', text: `Uploading ${file.name}…` });
    answered(await sendUpload<Product>(url, file), saved);
  };
  const remove = async () => {
    setBusy(true);
    answered(await send<Product>('DELETE', url), removed);
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {shown}
      <Notice outcome={outcome} />
      <label htmlFor={`${id}-file`}>{label}</label>
      <input id={`${id}-file`} type="file" accept={accept} disabled={busy} onChange={(e) => void upload(e)} />
      {has ? (
        <div className="actions">
          <button type="button" className="quiet" disabled={busy} onClick={() => void remove()}>
            {removeLabel}
          </button>
        </div>
      ) : null}
    </section>
  );
}
