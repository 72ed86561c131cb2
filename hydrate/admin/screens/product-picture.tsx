/**
 * A product's picture in its editor: the one it has (a 300-pixel copy), a file field that uploads the chosen
 * file at once (POST /api/merchant/products/{id}/picture?fileName=…, the file as the body; the server turns it
 * upright, drops its metadata and makes the shop's sizes), and "Remove the picture". A refusal is the server's
 * words (spec 001's upload messages); the product the server answers replaces the editor's.
 */
import { type ChangeEvent, useState } from 'react';
import { failureMessage, send, sendUpload } from '../fetch-helper.js';
import { Notice, type Outcome } from '../screen.js';
import type { Product } from './product-types.js';

export function ProductPicture({ product, onSaved }: { product: Product; onSaved: (p: Product) => void }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/merchant/products/${encodeURIComponent(product.id)}/picture`;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setBusy(true);
    setOutcome({ kind: 'ok', text: `Uploading ${file.name}…` });
    const result = await sendUpload<Product>(path, file);
    setBusy(false);
    if (!result.ok) return setOutcome({ kind: 'error', text: failureMessage(result) });
    setOutcome({ kind: 'ok', text: 'Picture saved.' });
    onSaved(result.data);
  };

  const remove = async () => {
    setBusy(true);
    const result = await send<Product>('DELETE', path);
    setBusy(false);
    if (!result.ok) return setOutcome({ kind: 'error', text: failureMessage(result) });
    setOutcome({ kind: 'ok', text: 'Picture removed.' });
    onSaved(result.data);
  };

  return (
    <section aria-labelledby="picture-heading">
      <h2 id="picture-heading">Picture</h2>
      {product.imageUrl === null ? (
        <p>No picture yet.</p>
      ) : (
        <img className="picture" src={`${product.imageUrl}?format=300w`} alt={`The picture of ${product.title}`} width={150} />
      )}
      <Notice outcome={outcome} />
      <label htmlFor="picture-file">{product.imageUrl === null ? 'Add a picture' : 'Replace the picture'} (JPEG, PNG, WebP, AVIF or GIF, at most 20 MB)</label>
      <input id="picture-file" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" disabled={busy} onChange={(e) => void upload(e)} />
      {product.imageUrl === null ? null : (
        <div className="actions">
          <button type="button" className="quiet" disabled={busy} onClick={() => void remove()}>
            Remove the picture
          </button>
        </div>
      )}
    </section>
  );
}
