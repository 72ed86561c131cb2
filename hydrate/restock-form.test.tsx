// @vitest-environment happy-dom
/**
 * The back-in-stock island in a DOM (spec 000 §4 "Restock form", §5 "Restock", §7, §9): hydrated from its
 * server markup (a plain form posting to /restock), the email checked without a request, a signup sent to the
 * API with the body the server reads, success replacing the form by the success text with the CTA kept (and
 * focus on it), and a failure showing the server's message in the alert region next to the form. A product with
 * only some variants sold out shows the block for the buy box's sold-out choice alone, naming it.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { RESTOCK_ERROR_CODES, type RestockFormProps } from './components/restock-form.js';
import { islandMessages } from '../commerce/messages/island-messages.js';
import { advance, fetchMock, flush, hydrateIsland, pending, respond, sentRequest, serverMarkup, typeInto, useIslandTestPage } from './dom-testing.js';
import { publishChosenVariant } from './product-selection.js';
import mountRestock from './islands/restock.js';

useIslandTestPage({ cookies: { crumb: 'abc' } });

const CTA = 'Get notified by email when this product is back in stock';

function props(over: Partial<RestockFormProps> = {}): RestockFormProps {
  return {
    productId: 'p04',
    variants: [{ variantId: 'p04-v1', label: 'p04-v1' }],
    productSoldOut: true,
    cta: CTA,
    variantLabel: 'Variant',
    placeholder: 'Your Email',
    button: 'Sign Up',
    mailingList: true,
    optIn: false,
    mailingListDescription: 'Subscribe to our mailing list',
    captchaSiteKey: '',
    successText: 'Signed up!',
    crumb: 'abc',
    messages: islandMessages('en-US', RESTOCK_ERROR_CODES),
    ...over,
  };
}

const hydrate = (over: Partial<RestockFormProps> = {}) => hydrateIsland('restock', props(over), mountRestock);
const form = (el: HTMLElement) => el.querySelector<HTMLFormElement>('form.product-restock-form');
const email = (el: HTMLElement) => el.querySelector<HTMLInputElement>('input[type="email"]')!;
const fieldError = (el: HTMLElement) => el.querySelector('.product-restock-field-error')?.textContent ?? null;
const alertText = (el: HTMLElement) => el.querySelector('[role="alert"]')?.textContent ?? '';

async function submit(el: HTMLElement): Promise<void> {
  await act(async () => {
    form(el)!.requestSubmit();
  });
  await flush();
}

describe('restock form', () => {
  it('the server markup is a plain form with the fields /restock reads and a labelled email input', async () => {
    const el = await hydrate();
    const f = form(el)!;
    expect(f.getAttribute('method')).toBe('post');
    expect(f.getAttribute('action')).toBe('/restock');
    const data = Object.fromEntries(new FormData(f).entries());
    expect(data).toEqual({ productId: 'p04', crumb: 'abc', variantId: 'p04-v1', email: '' });
    const input = email(el);
    expect(input.name).toBe('email');
    expect(el.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Your Email');
    expect(el.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]')?.type).toBe('checkbox');
    expect(el.querySelector('.product-restock-cta')?.textContent).toBe(CTA);
  });

  it('several sold-out variants: a labelled select of them', async () => {
    const el = await hydrate({ variants: [{ variantId: 'v1', label: 'Navy / M' }, { variantId: 'v2', label: 'Sand / L' }] });
    const select = el.querySelector<HTMLSelectElement>('select[name="variantId"]')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Navy / M', 'Sand / L']);
    expect(select.closest('label')?.textContent).toContain('Variant');
  });

  it('blank and invalid addresses: the message, no request', async () => {
    const el = await hydrate();
    await submit(el);
    expect(fieldError(el)).toBe('Email cannot be blank');
    expect(email(el).getAttribute('aria-invalid')).toBe('true');
    await typeInto(email(el), 'not-an-email');
    await submit(el);
    expect(fieldError(el)).toBe('Email is invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a signup: the request body, then the success text in place of the form, the CTA kept', async () => {
    const el = await hydrate();
    await typeInto(email(el), ' shopper@example.com ');
    await act(async () => el.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]')!.click());
    respond(200, { success: true, message: 'Signed up!' });
    await submit(el);
    await advance(10);
    const sent = sentRequest();
    expect(sent.path).toBe('/api/site-users/account/notifications/restock');
    expect(sent.method).toBe('POST');
    expect(sent.headers['x-csrf-token']).toBe('abc');
    expect(sent.body).toEqual({ productId: 'p04', variantId: 'p04-v1', siteVisitorEmail: 'shopper@example.com', isJoinMailingList: true });
    expect(form(el)).toBeNull();
    expect(el.querySelector('.product-restock-success')?.textContent).toBe('Signed up!');
    expect(el.querySelector('.product-restock-cta')?.textContent).toBe(CTA);
    expect(alertText(el)).toBe('');
  });

  it("back from a plain signup: the store's words for the link's code, and nothing for free text (issue 30)", async () => {
    const cases: [string, string | null, string | null][] = [
      ['?restock=signed-up&message=restock.signedUp', 'Thanks, we will write!', null],
      ['?restock=error&message=restock.emailInvalid', null, 'Email is invalid'],
      ['?restock=signed-up&message=Call%20us%20to%20pay', null, null],
      ['?restock=error&message=Your%20card%20was%20declined', null, null],
      ['?restock=error&message=cart.notEnoughStock', null, null],
    ];
    try {
      for (const [search, success, alert] of cases) {
        window.history.replaceState(null, '', `/shop/p/canvas-tote${search}`);
        // mounted by hand: the island changes the server's markup at once when the link says how it went
        const el = serverMarkup('restock', props({ successText: 'Thanks, we will write!' }));
        await act(async () => mountRestock(el));
        await flush();
        expect(el.querySelector('.product-restock-success')?.textContent ?? null, search).toBe(success);
        expect(alertText(el) === '' ? null : alertText(el), search).toBe(alert);
        expect(el.textContent, search).not.toMatch(/Call us|declined/);
        el.remove();
      }
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('back from a plain signup in a German site: the code in German', async () => {
    try {
      window.history.replaceState(null, '', '/shop/p/canvas-tote?restock=error&message=restock.emailInvalid');
      const el = serverMarkup('restock', props({ messages: islandMessages('de-DE', RESTOCK_ERROR_CODES) }));
      await act(async () => mountRestock(el));
      await flush();
      expect(alertText(el)).toBe('Die E-Mail-Adresse ist ungültig');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it("a failure: the server's message in the alert, the form kept", async () => {
    const el = await hydrate();
    await typeInto(email(el), 'shopper@example.com');
    respond(409, { message: 'This item is back in stock.', data: { message: 'This item is back in stock.' } });
    await submit(el);
    await advance(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(alertText(el)).toBe('This item is back in stock.');
    expect(form(el)).not.toBeNull();
  });

  it('with a captcha (the test provider): its token goes with the signup, and a refusal resets it', async () => {
    const el = await hydrate({ captchaSiteKey: 'site-key', captchaTestToken: 'tessera-test-captcha-pass' });
    const box = el.querySelector<HTMLInputElement>('.form-captcha input[type="checkbox"]')!;
    expect(box.name).toBe('g-recaptcha-response');
    expect(box.checked).toBe(false);
    await typeInto(email(el), 'shopper@example.com');
    await act(async () => box.click());
    respond(400, { message: 'Complete CAPTCHA before submitting.', data: { message: 'Complete CAPTCHA before submitting.' } });
    await submit(el);
    await advance(10);
    expect((sentRequest().body as Record<string, unknown>)['captchaToken']).toBe('tessera-test-captcha-pass');
    expect(alertText(el)).toBe('Complete CAPTCHA before submitting.');
    expect(el.querySelector<HTMLInputElement>('.form-captcha input[type="checkbox"]')!.checked).toBe(false);
  });

  it('focus: on the email field after a refused address, on the success text after the signup (never on the page body)', async () => {
    const el = await hydrate();
    const button = el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    button.focus();
    await submit(el);
    expect(document.activeElement).toBe(email(el));
    await typeInto(email(el), 'shopper@example.com');
    button.focus();
    const answer = pending(200, { success: true, message: 'Signed up!' });
    await submit(el);
    // busy but not disabled, so the focus it holds stays
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    await answer();
    const success = el.querySelector<HTMLElement>('.product-restock-success')!;
    expect(document.activeElement).toBe(success);
    expect(success.getAttribute('role')).toBe('status');
  });
});

describe('a product with some variants sold out', () => {
  const SHIRT = (over: Partial<RestockFormProps> = {}) =>
    hydrate({
      productId: 'p02',
      productSoldOut: false,
      variants: [
        { variantId: 'p02-v1', label: 'Olive / S' },
        { variantId: 'p02-v6', label: 'Navy / M' },
      ],
      cta: '',
      placeholder: '',
      ...over,
    });
  const choose = (variantId: string | null) => act(async () => publishChosenVariant('p02', variantId));

  it('nothing until the buy box chooses a sold-out variant; then the form for that one, named, with a CTA', async () => {
    const el = await SHIRT();
    expect(el.innerHTML).toBe('');
    await choose('p02-v2');
    expect(el.innerHTML).toBe('');
    await choose('p02-v6');
    expect(el.querySelector('.product-restock-variant-name')?.textContent).toBe('Navy / M');
    expect(el.querySelector('.product-restock-cta')?.textContent).toBe(CTA);
    // no placeholder of the store's: the field still says what it wants (its label is visually hidden)
    expect(email(el).placeholder).toBe('Email address');
    expect(el.querySelector('select')).toBeNull();
    expect(el.querySelector<HTMLInputElement>('input[name="variantId"]')?.value).toBe('p02-v6');
    await choose(null);
    expect(el.innerHTML).toBe('');
  });

  it('the signup names the chosen variant; another sold-out choice starts a fresh signup', async () => {
    const el = await SHIRT();
    await choose('p02-v1');
    await typeInto(email(el), 'shopper@example.com');
    respond(200, { success: true, message: 'Signed up!' });
    await submit(el);
    await advance(10);
    expect((sentRequest().body as Record<string, unknown>)['variantId']).toBe('p02-v1');
    expect(el.querySelector('.product-restock-success')?.textContent).toBe('Signed up!');
    await choose('p02-v6');
    expect(form(el)).not.toBeNull();
    expect(el.querySelector('.product-restock-variant-name')?.textContent).toBe('Navy / M');
  });

  it('rendered by the server for the variant a plain post came back with', async () => {
    const el = await SHIRT({ chosenVariantId: 'p02-v6' });
    expect(el.querySelector<HTMLInputElement>('input[name="variantId"]')?.value).toBe('p02-v6');
    expect(el.querySelector('.product-restock-variant-name')?.textContent).toBe('Navy / M');
    expect(el.querySelector('.product-restock-notification')?.id).toBe('restock-p02');
  });

  it('sold out as a whole with several variants: the select follows the buy box’s choice', async () => {
    const el = await SHIRT({ productSoldOut: true });
    const select = el.querySelector<HTMLSelectElement>('select[name="variantId"]')!;
    expect(select.value).toBe('p02-v1');
    await choose('p02-v6');
    expect(select.value).toBe('p02-v6');
  });
});
