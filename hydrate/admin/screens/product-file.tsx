/**
 * A digital product's file in its editor: the one buyers download (its name and size) or, without one, that they
 * get a PDF made from the description; a file field that uploads the chosen file at once (POST
 * /api/merchant/products/{id}/file?fileName=…, the file as the body, at most 100 MB; a refusal is the server's
 * words, spec 001's upload messages), and "Remove the file". The product the server answers replaces the editor's.
 */
import { type ChangeEvent, useState } from 'react';
import { failureMessage, send, sendUpload } from '../fetch-helper.js';
import { Notice, type Outcome } from '../screen.js';
import type { Product } from './product-types.js';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function ProductFile({ product, onSaved }: { product: Product; onSaved: (p: Product) => void }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/merchant/products/${encodeURIComponent(product.id)}/file`;

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
    answered(await sendUpload<Product>(path, file), 'File saved. Buyers from now on download it.');
  };
  const remove = async () => {
    setBusy(true);
    answered(await send<Product>('DELETE', path), 'File removed.');
  };

  return (
    <section aria-labelledby="file-heading">
      <h2 id="file-heading">File to download</h2>
      <p>
        {product.digitalFile === null
          ? 'No file yet: buyers download a PDF made from the description.'
          : `Buyers download ${product.digitalFile.fileName} (${sizeText(product.digitalFile.bytes)}).`}
      </p>
      <Notice outcome={outcome} />
      <label htmlFor="digital-file">{product.digitalFile === null ? 'Add the file' : 'Replace the file'} (any kind, at most 100 MB)</label>
      <input id="digital-file" type="file" disabled={busy} onChange={(e) => void upload(e)} />
      {product.digitalFile === null ? null : (
        <div className="actions">
          <button type="button" className="quiet" disabled={busy} onClick={() => void remove()}>
            Remove the file
          </button>
        </div>
      )}
    </section>
  );
}
