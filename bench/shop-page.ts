/**
 * The second bench page: a shop grid of 200 products rendered through the commerce formatters (status,
 * price, variant selects, quantity input, add-to-cart button, quick view) and predicates. The data is
 * generated deterministically so every run and both engines see the same page.
 */
import type { BenchCase } from './cases.js';

export const SHOP_PRODUCTS = 200;

export const SHOP_TEMPLATE = `<section class="products" data-collection-id="{collection.id}">
<h1>{collection.title|html}</h1>
{.repeated section items}
<article class="product{.on-sale?} on-sale{.end}{.sold-out?} sold-out{.end}" id="product-{id}">
  <a class="product-link" href="{fullUrl|htmlattr}"><h2 class="product-title">{title|html}</h2></a>
  {@|product-status}
  {@|product-price}
  {.varied-prices?}<p class="price-range" data-from="{@|from-price}" data-to="{@|normal-price}"></p>{.end}
  {.has-variants?}{@|variants-select}{.end}
  {@|quantity-input}
  {@|add-to-cart-btn}
  {@|product-quick-view}
</article>
{.end}
</section>`;

const COLORS = ['Red', 'Blue', 'Green', 'Black', 'Sand'];
const SIZES = ['S', 'M', 'L', 'XL'];
const TYPES = [1, 1, 3, 2, 4, 1];

function price(cents: number) {
  return { value: (cents / 100).toFixed(2) };
}

/** Product `i` of the grid: types, variant counts, sales and stock all vary with `i`. */
export function shopProduct(i: number): Record<string, unknown> {
  const productType = TYPES[i % TYPES.length]!;
  const base = 1500 + ((i * 731) % 9000);
  const id = `6400${String(i).padStart(20, '0')}`;
  const structuredContent: Record<string, unknown> = { productType, useCustomAddButtonText: i % 7 === 0, customAddButtonText: 'Buy now' };
  if (productType === 2) {
    Object.assign(structuredContent, { priceMoney: price(base), onSale: i % 4 === 0, salePriceMoney: price(base - 300) });
  } else {
    const count = 1 + (i % 4);
    structuredContent['variantOptionOrdering'] = count > 1 ? ['Color', 'Size'] : [];
    structuredContent['variants'] = Array.from({ length: count }, (_, v) => {
      const onSale = (i + v) % 5 === 0;
      return {
        id: `${id}-${v}`,
        attributes: { Color: COLORS[(i + v) % COLORS.length], Size: SIZES[v % SIZES.length] },
        priceMoney: price(base + v * 250),
        salePriceMoney: price(base + v * 250 - 400),
        onSale,
        unlimited: i % 9 === 0,
        qtyInStock: (i * 7 + v * 3) % 11,
      };
    });
  }
  return { id, collectionId: 'shop', title: `Product ${i} & friends`, fullUrl: `/shop/p/product-${i}`, structuredContent };
}

export function shopCase(): BenchCase {
  return {
    name: 'shop-200',
    kind: 'page',
    shape: 'page',
    source: SHOP_TEMPLATE,
    data: {
      collection: { id: 'shop', title: 'All products' },
      items: Array.from({ length: SHOP_PRODUCTS }, (_, i) => shopProduct(i)),
      localizedStrings: { productQuickViewText: 'Quick View' },
    },
    partials: {},
  };
}
