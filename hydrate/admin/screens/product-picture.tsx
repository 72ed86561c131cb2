/**
 * A product's picture in its editor: the one it has (a 300-pixel copy), a file field that uploads the chosen
 * file at once (POST /api/merchant/products/{id}/picture?fileName=…; the server turns it upright, drops its
 * metadata and makes the shop's sizes), and "Remove the picture" (product-upload.ts does the calls).
 */
import type { Product } from './product-types.js';
import { ProductUpload } from './product-upload.js';

export function ProductPicture({ product, onSaved }: { product: Product; onSaved: (p: Product) => void }) {
  const has = product.imageUrl !== null;
  return (
    <ProductUpload
      product={product}
      onSaved={onSaved}
      path="picture"
      id="picture"
      heading="Picture"
      shown={has ? <img className="picture" src={`${product.imageUrl}?format=300w`} alt={`The picture of ${product.title}`} width={150} /> : <p>No picture yet.</p>}
      has={has}
      label={`${has ? 'Replace the picture' : 'Add a picture'} (JPEG, PNG, WebP, AVIF or GIF, at most 20 MB)`}
      accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
      saved="Picture saved."
      removeLabel="Remove the picture"
      removed="Picture removed."
    />
  );
}
