/**
 * A digital product's file in its editor: the one buyers download (its name and size) or, without one, that they
 * get a PDF made from the description; a file field that uploads the chosen file at once (POST
 * /api/merchant/products/{id}/file?fileName=…, at most 100 MB) and "Remove the file" (product-upload.ts does the
 * calls).
 */
import type { Product } from './product-types.js';
import { ProductUpload } from './product-upload.js';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function ProductFile({ product, onSaved }: { product: Product; onSaved: (p: Product) => void }) {
  const file = product.digitalFile;
  return (
    <ProductUpload
      product={product}
      onSaved={onSaved}
      path="file"
      id="digital"
      heading="File to download"
      shown={<p>{file === null ? 'No file yet: buyers download a PDF made from the description.' : `Buyers download ${file.fileName} (${sizeText(file.bytes)}).`}</p>}
      has={file !== null}
      label={`${file === null ? 'Add the file' : 'Replace the file'} (any kind, at most 100 MB)`}
      saved="File saved. Buyers from now on download it."
      removeLabel="Remove the file"
      removed="File removed."
    />
  );
}
