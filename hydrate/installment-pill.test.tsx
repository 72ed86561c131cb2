// @vitest-environment happy-dom
/**
 * The instalment pill island in a DOM (spec 000 §4 "Instalment pill", §5 "Instalment eligibility", §8, §9):
 * the offer in range, the availability message out of range, recalculated from the buy box's published
 * selection; the information modal opened from the summary, its page checked with a no-cors fetch, closed
 * with focus back on the summary; an unreachable page is only logged.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { INSTALLMENT_MESSAGES, type InstallmentPillProps } from './components/installment-pill.js';
import { islandMessages } from '../commerce/messages/island-messages.js';
import { fetchMock, flush, hydrateIsland, useIslandTestPage } from './dom-testing.js';
import mountInstallmentPill from './islands/installment-pill.js';
import { publishSelection } from './product-selection.js';

const MODAL_URL = 'https://static.afterpay.com/modal/en_US.html';

let seq = 0;
/** Each test its own item id: the selection channel remembers the last price per item. */
function props(over: Partial<InstallmentPillProps> = {}): InstallmentPillProps {
  return {
    itemId: `item-${++seq}`,
    context: { afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 10000, shopperLanguage: 'en_US', stripeAccountCountry: 'US', numInstallments: 4 },
    productType: 1,
    soldOut: false,
    priceCents: 8900,
    currency: 'USD',
    modalUrl: MODAL_URL,
    messages: islandMessages('en-US', INSTALLMENT_MESSAGES),
    ...over,
  };
}

useIslandTestPage();

let consoleInfo: MockInstance;
beforeEach(() => {
  consoleInfo = vi.spyOn(console, 'info').mockImplementation(() => {});
});

const hydrate = (p: InstallmentPillProps) =>
  hydrateIsland('installment-pill', p, mountInstallmentPill, { before: '<button id="elsewhere">elsewhere</button>' });

// happy-dom does not load iframes: it logs a NotSupportedError for the provider page's iframe to its own
// console (not the app's console.error, which stays spied); that line in the output is expected.
const pillText = (el: HTMLElement) => el.querySelector('.installment-pill')?.textContent;
const dialog = (el: HTMLElement) => el.querySelector<HTMLDialogElement>('dialog.installment-modal')!;
const summary = (el: HTMLElement) => el.querySelector<HTMLElement>('details.installment-info > summary')!;

describe('instalment pill', () => {
  it('in range: `or 4 interest-free payments of $22.25 with Afterpay`', async () => {
    const el = await hydrate(props());
    expect(pillText(el)).toBe('or 4 interest-free payments of $22.25 with Afterpay');
    expect(el.querySelector('.installment-pill .installment-provider')?.textContent).toBe('Afterpay');
    expect(el.querySelector('.installment-unavailable')).toBeNull();
    expect(dialog(el).textContent).toContain('Pay in 4 interest-free payments of $22.25 with Afterpay.');
  });

  it('in the page’s language: German sentences and German money, the dialog’s words too', async () => {
    const el = await hydrate(props({ messages: islandMessages('de-DE', INSTALLMENT_MESSAGES) }));
    expect(pillText(el)).toBe('oder 4 zinsfreie Raten à 22,25\u00a0$ mit Afterpay');
    expect(summary(el).textContent).toBe('So funktioniert’s');
    expect(dialog(el).textContent).toContain('Bezahle mit Afterpay in 4 zinsfreien Raten à 22,25\u00a0$.');
    expect(dialog(el).querySelector('button')?.textContent).toBe('Schließen');
  });

  it('recalculates from the selection the buy box publishes for its item, and only its item', async () => {
    const p = props();
    const el = await hydrate(p);
    await act(async () => publishSelection(p.itemId, 9400));
    expect(pillText(el)).toBe('or 4 interest-free payments of $23.50 with Afterpay');
    await act(async () => publishSelection('another-item', 5000));
    expect(pillText(el)).toBe('or 4 interest-free payments of $23.50 with Afterpay');
    // the maximum itself is in range
    await act(async () => publishSelection(p.itemId, 10000));
    expect(pillText(el)).toBe('or 4 interest-free payments of $25.00 with Afterpay');
    await act(async () => publishSelection(p.itemId, 10001));
    expect(pillText(el)).toBe('Afterpay available for orders up to $100.00');
    expect(el.querySelector('.installment-unavailable')).not.toBeNull();
    // the minimum itself is not: strictly above it
    await act(async () => publishSelection(p.itemId, 3500));
    expect(pillText(el)).toBe('Afterpay available for orders over $35.00');
    await act(async () => publishSelection(p.itemId, 3501));
    expect(pillText(el)).toBe('or 4 interest-free payments of $8.75 with Afterpay');
  });

  it('a sold-out product shows nothing, and a sold-out choice hides the offer until an available one is chosen', async () => {
    const soldOut = await hydrate(props({ soldOut: true, priceCents: 3200 }));
    expect(soldOut.querySelector('.product-installments')?.hasAttribute('hidden')).toBe(true);
    expect(pillText(soldOut)).toBeUndefined();
    const p = props();
    const el = await hydrate(p);
    await act(async () => publishSelection(p.itemId, 9400, true));
    expect(el.querySelector('.product-installments')?.hasAttribute('hidden')).toBe(true);
    await act(async () => publishSelection(p.itemId, 9400, false));
    expect(pillText(el)).toBe('or 4 interest-free payments of $23.50 with Afterpay');
  });

  it('out of range from the server: above the maximum, below the minimum', async () => {
    const over = await hydrate(props({ priceCents: 12000 }));
    expect(pillText(over)).toBe('Afterpay available for orders up to $100.00');
    expect(dialog(over).textContent).toContain('Afterpay is available for orders up to $100.00.');
    const under = await hydrate(props({ priceCents: 2000 }));
    expect(pillText(under)).toBe('Afterpay available for orders over $35.00');
  });

  it('Clearpay for en_GB; nothing for a language no provider serves or a product that is not physical', async () => {
    const uk = props({ context: { ...props().context, shopperLanguage: 'en_GB' }, currency: 'GBP' });
    expect(pillText(await hydrate(uk))).toBe('or 4 interest-free payments of £22.25 with Clearpay');
    const none = await hydrate(props({ context: { ...props().context, shopperLanguage: 'de_DE' } }));
    expect(none.querySelector('.product-installments')?.hasAttribute('hidden')).toBe(true);
    expect(pillText(none)).toBeUndefined();
    const digital = await hydrate(props({ productType: 2 }));
    expect(digital.querySelector('.product-installments')?.hasAttribute('hidden')).toBe(true);
  });

  it('the modal opens from the summary, checks its page with a no-cors fetch, closes with Close and returns focus', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    const el = await hydrate(props());
    expect(dialog(el).open).toBe(false);
    document.getElementById('elsewhere')!.focus();
    await act(async () => summary(el).click());
    expect(dialog(el).open).toBe(true);
    // (that the click opens the modal instead of the details is left to the browser tests: happy-dom toggles
    // a details when the click reaches it, before React's listener above it can prevent that)
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(MODAL_URL);
    expect(init?.mode).toBe('no-cors');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    await flush();
    expect(el.querySelector('iframe.installment-modal-page')?.getAttribute('src')).toBe(MODAL_URL);
    await act(async () => el.querySelector<HTMLButtonElement>('.installment-modal-close')!.click());
    expect(dialog(el).open).toBe(false);
    expect(el.querySelector('iframe')).toBeNull();
    expect(document.activeElement).toBe(summary(el));
    // opened again: the page is known, no second fetch
    await act(async () => summary(el).click());
    expect(dialog(el).open).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(el.querySelector('iframe')).not.toBeNull();
    expect(consoleInfo).not.toHaveBeenCalled();
  });

  it('Escape (the dialog’s own close) leaves it closed and it opens again', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    const el = await hydrate(props());
    await act(async () => summary(el).click());
    await flush();
    await act(async () => dialog(el).close());
    expect(dialog(el).open).toBe(false);
    expect(el.querySelector('iframe')).toBeNull();
    await act(async () => summary(el).click());
    expect(dialog(el).open).toBe(true);
  });

  it('an unreachable page: one console.info line, no console.error, the modal still opens and closes', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const el = await hydrate(props());
    await act(async () => summary(el).click());
    await flush();
    expect(consoleInfo).toHaveBeenCalledTimes(1);
    expect(String(consoleInfo.mock.calls[0]?.[0])).toContain(MODAL_URL);
    expect(dialog(el).open).toBe(true);
    expect(el.querySelector('iframe')).toBeNull();
    expect(dialog(el).textContent).toContain('Pay in 4 interest-free payments of $22.25 with Afterpay.');
    await act(async () => el.querySelector<HTMLButtonElement>('.installment-modal-close')!.click());
    expect(dialog(el).open).toBe(false);
    // known unavailable: not asked again
    await act(async () => summary(el).click());
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(consoleInfo).toHaveBeenCalledTimes(1);
    expect(el.querySelector('iframe')).toBeNull();
  });

  it('no modal URL: the modal opens with its text and nothing is fetched', async () => {
    const el = await hydrate(props({ modalUrl: null }));
    await act(async () => summary(el).click());
    await flush();
    expect(dialog(el).open).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
