/**
 * A product's editor (new at /config/products/new, else /config/products/{id}): name, type, description, the
 * price in money (cents on the wire), and for a product priced by its variants up to two options whose values
 * make the variant matrix, each variant with its SKU, price and stock; the questions for the buyer
 * (buyer-questions.tsx). Saving sends the product
 * (POST or PUT /api/merchant/products…) and then its variants (PUT …/variants); the server's rules answer in
 * words, shown above the form. Archive and restore are here too. Leaving with unsaved edits asks first.
 */
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { failureMessage, send, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { centsOf } from '../money.js';
import { navigate } from '../router.js';
import { FetchStatus, handOver, HeadRow, Notice, Screen, Scroll, useOutcome } from '../screen.js';
import { useUnsavedChanges } from '../unsaved.js';
import { BuyerQuestions, formBody } from './buyer-questions.js';
import { LabelList } from './label-list.js';
import { ProductFile } from './product-file.js';
import { ProductPicture } from './product-picture.js';
import { type Product, PRODUCT_TYPES, type ProductTypeName, pricedOnProduct } from './product-types.js';
import { type Draft, draftOf, emptyDraft, matrixOf, optionProblem, type Row } from './variant-matrix.js';

const siteCurrency = () => document.getElementById('admin')?.dataset['currency'] ?? 'USD';

export function ProductEditor({ id }: { id: string | null }) {
  if (id === null) return <Editor product={null} />;
  return <LoadedEditor id={id} />;
}

function LoadedEditor({ id }: { id: string }) {
  const fetched = useFetch<Product>(`/api/merchant/products/${encodeURIComponent(id)}`);
  if (fetched.data === undefined)
    return (
      <Screen title="Product">
        <FetchStatus fetched={fetched} />
      </Screen>
    );
  return <Editor product={fetched.data} onSaved={fetched.replace} />;
}

type Check = { ok: true; body: { variants: unknown[]; options: unknown[] }; firstPrice: number } | { ok: false; message: string };

function checkRows(draft: Draft, currency: string): Check {
  const problem = optionProblem(draft.options);
  if (problem !== null) return { ok: false, message: problem };
  const options = draft.options.filter((o) => o.name.trim() !== '').map((o) => ({ name: o.name.trim(), values: o.values.split(',').map((v) => v.trim()).filter(Boolean) }));
  const variants = [];
  for (const row of draft.rows) {
    const cents = centsOf(row.price, currency);
    if (cents === null) return { ok: false, message: `${row.sku || 'A variant'}: ${ADMIN_MESSAGES.priceFormat}` };
    if (!row.unlimited && !/^\d{1,9}$/.test(row.stock.trim())) return { ok: false, message: `${row.sku || 'A variant'}: ${ADMIN_MESSAGES.stockFormat}` };
    if (row.sku.trim() === '') return { ok: false, message: ADMIN_MESSAGES.required('SKU') };
    variants.push({
      ...(row.id === undefined ? {} : { id: row.id }),
      sku: row.sku.trim(),
      attributes: row.attributes,
      priceCents: cents,
      unlimited: row.unlimited,
      ...(row.unlimited ? {} : { qtyInStock: Number(row.stock.trim()) }),
    });
  }
  return { ok: true, body: { options, variants }, firstPrice: (variants[0]?.priceCents as number | undefined) ?? 0 };
}

function Editor({ product, onSaved }: { product: Product | null; onSaved?: (p: Product) => void }) {
  const currency = product?.currency ?? siteCurrency();
  const initial = useMemo(() => (product === null ? emptyDraft() : draftOf(product, currency)), [product, currency]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [outcome, setOutcome] = useOutcome();
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  useEffect(() => setDraft(initial), [initial]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setRow = (index: number, patch: Partial<Row>) => setDraft((d) => ({ ...d, rows: d.rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
  const setOption = (index: number, patch: Partial<Draft['options'][number]>) =>
    setDraft((d) => ({ ...d, options: d.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) }));
  const byProduct = pricedOnProduct(draft.type);

  const makeVariants = () => {
    const problem = optionProblem(draft.options);
    if (problem !== null) return setOutcome({ kind: 'error', text: problem });
    setDraft((d) => ({ ...d, rows: matrixOf(d) }));
    setOutcome({ kind: 'ok', text: 'Variants updated from the options. Save to keep them.' });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.title.trim() === '') return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.required('Name') });
    const price = byProduct ? centsOf(draft.price, currency) : null;
    if (byProduct && price === null) return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.priceFormat });
    const rows = byProduct ? null : checkRows(draft, currency);
    if (rows !== null && !rows.ok) return setOutcome({ kind: 'error', text: rows.message });
    const questions = formBody(draft.questions);
    if (!questions.ok) return setOutcome({ kind: 'error', text: questions.message });
    setSaving(true);
    setOutcome({ kind: 'ok', text: ADMIN_MESSAGES.saving });
    const fields = {
      title: draft.title.trim(),
      description: draft.description,
      categories: [...draft.categories],
      tags: [...draft.tags],
      additionalFieldsForm: questions.form,
      ...(price === null ? {} : { price: { priceCents: price } }),
      ...(draft.type === 'subscription' ? { subscriptionPlan: { billingPeriod: { value: 1, unit: draft.planUnit } } } : {}),
    };
    let saved =
      product === null
        ? await send<Product>('POST', '/api/merchant/products', {
            ...fields,
            type: draft.type,
            ...(rows === null || !rows.ok ? {} : { price: { priceCents: rows.firstPrice } }),
          })
        : await send<Product>('PUT', `/api/merchant/products/${product.id}`, fields);
    if (saved.ok && rows !== null && rows.ok) {
      const created = saved.data;
      // a new product's first variant is the one the server made: the matrix's first row takes its place
      const variants = product === null ? rows.body.variants.map((v, i) => (i === 0 ? { ...(v as object), id: created.variants[0]!.id } : v)) : rows.body.variants;
      const withVariants = await send<Product>('PUT', `/api/merchant/products/${created.id}/variants`, { options: rows.body.options, variants });
      if (!withVariants.ok && product === null) {
        // the product exists now: its editor shows it, with why its variants were not saved
        setSaving(false);
        handOver({ kind: 'error', text: `The product is added, but not its variants: ${failureMessage(withVariants)}` });
        navigate(`/config/products/${created.id}`, { replace: true, saved: true });
        return;
      }
      saved = withVariants;
    }
    setSaving(false);
    if (!saved.ok) return setOutcome({ kind: 'error', text: failureMessage(saved) });
    setOutcome({ kind: 'ok', text: ADMIN_MESSAGES.saved });
    // a new product: its own editor (its path now has an id)
    if (product === null) {
      handOver({ kind: 'ok', text: ADMIN_MESSAGES.saved });
      navigate(`/config/products/${saved.data.id}`, { replace: true, saved: true });
    } else onSaved?.(saved.data);
  };

  const archive = async () => {
    if (product === null) return;
    const result = await send<Product>('POST', `/api/merchant/products/${product.id}/${product.archived ? 'unarchive' : 'archive'}`);
    if (!result.ok) return setOutcome({ kind: 'error', text: failureMessage(result) });
    onSaved?.(result.data);
  };

  return (
    <Screen title={product === null ? 'Add a product' : product.title}>
      {product === null ? null : (
        <p>
          {product.archived ? 'Archived: not shown in the shop. ' : ''}
          <a href={product.url}>View in the shop</a>
        </p>
      )}
      <Notice outcome={outcome} />
      <form onSubmit={save} noValidate>
        <label htmlFor="product-title">Name</label>
        <input id="product-title" value={draft.title} onChange={(e) => set({ title: e.target.value })} required />
        <label htmlFor="product-type">Type</label>
        <select id="product-type" value={draft.type} disabled={product !== null} onChange={(e) => set({ type: e.target.value as ProductTypeName })}>
          {PRODUCT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t.replace('-', ' ')}
            </option>
          ))}
        </select>
        {draft.type === 'subscription' ? (
          <>
            <label htmlFor="product-plan">Billed every</label>
            <select id="product-plan" value={draft.planUnit} onChange={(e) => set({ planUnit: e.target.value as Draft['planUnit'] })}>
              <option value="WEEK">week</option>
              <option value="MONTH">month</option>
              <option value="YEAR">year</option>
            </select>
          </>
        ) : null}
        <label htmlFor="product-description">Description</label>
        <textarea id="product-description" value={draft.description} onChange={(e) => set({ description: e.target.value })} />
        <LabelList kind="category" heading="Categories" values={draft.categories} onChange={(categories) => set({ categories })} />
        <LabelList kind="tag" heading="Tags" values={draft.tags} onChange={(tags) => set({ tags })} />
        <BuyerQuestions value={draft.questions} onChange={(questions) => set({ questions })} />
        {byProduct ? (
          <>
            <label htmlFor="product-price">Price ({currency})</label>
            <input id="product-price" inputMode="decimal" value={draft.price} onChange={(e) => set({ price: e.target.value })} />
          </>
        ) : (
          <>
            <h2>Options</h2>
            <p>Up to two options, such as Size and Colour; separate their values with commas.</p>
            {draft.options.map((option, i) => (
              <fieldset key={i}>
                <legend>Option {i + 1}</legend>
                <div className="row">
                  <div>
                    <label htmlFor={`option-${i}-name`}>Name</label>
                    <input id={`option-${i}-name`} value={option.name} onChange={(e) => setOption(i, { name: e.target.value })} />
                  </div>
                  <div>
                    <label htmlFor={`option-${i}-values`}>Values</label>
                    <input id={`option-${i}-values`} value={option.values} onChange={(e) => setOption(i, { values: e.target.value })} />
                  </div>
                </div>
              </fieldset>
            ))}
            <button id="make-variants" type="button" className="quiet" onClick={makeVariants}>
              Make variants from the options
            </button>
            <h2>Variants</h2>
            <Scroll label="Variants">
              <table>
                <caption>Price and stock of each variant</caption>
                <HeadRow columns={['Variant', 'SKU', `Price (${currency})`, 'Stock', 'Unlimited']} />
                <tbody>
                  {draft.rows.map((row, i) => {
                    const name = Object.values(row.attributes).join(' / ') || 'The product';
                    return (
                      <tr key={row.key}>
                        <th scope="row">{name}</th>
                        <td>
                          <input aria-label={`SKU of ${name}`} value={row.sku} size={10} onChange={(e) => setRow(i, { sku: e.target.value })} />
                        </td>
                        <td>
                          <input aria-label={`Price of ${name}`} inputMode="decimal" value={row.price} size={8} onChange={(e) => setRow(i, { price: e.target.value })} />
                        </td>
                        <td>
                          <input
                            aria-label={`Stock of ${name}`}
                            inputMode="numeric"
                            value={row.unlimited ? '' : row.stock}
                            disabled={row.unlimited}
                            size={5}
                            onChange={(e) => setRow(i, { stock: e.target.value })}
                          />
                        </td>
                        <td>
                          <input type="checkbox" aria-label={`Unlimited stock of ${name}`} checked={row.unlimited} onChange={(e) => setRow(i, { unlimited: e.target.checked })} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </Scroll>
          </>
        )}
        <div className="actions">
          <button type="submit" disabled={saving}>
            {product === null ? 'Add the product' : 'Save'}
          </button>
          {product === null ? null : (
            <button type="button" className="danger" onClick={() => void archive()}>
              {product.archived ? 'Restore' : 'Archive'}
            </button>
          )}
        </div>
      </form>
      {product === null || onSaved === undefined ? null : <ProductPicture product={product} onSaved={onSaved} />}
      {product === null || onSaved === undefined || product.type !== 'digital' ? null : <ProductFile product={product} onSaved={onSaved} />}
    </Screen>
  );
}
