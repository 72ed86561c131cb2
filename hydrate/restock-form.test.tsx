// @vitest-environment happy-dom
/**
 * The back-in-stock island in a DOM (spec 000 §4 "Restock form", §5 "Restock", §7, §9): hydrated from its
 * server markup (a plain form posting to /restock), the email checked without a request, a signup sent to the
 * API with the body the server reads, success replacing the form by the success text with the CTA kept, and a
 * failure showing the server's message in the alert region next to the form.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { RestockFormProps } from './components/restock-form.js';
import { advance, fetchMock, flush, hydrateIsland, respond, sentRequest, typeInto, useIslandTestPage } from './dom-testing.js';
import mountRestock from './islands/restock.js';

useIslandTestPage({ cookies: { crumb: 'abc' } });

const CTA = 'Get notified by email when this product is back in stock';

function props(over: Partial<RestockFormProps> = {}): RestockFormProps {
  return {
    productId: 'p04',
    variants: [{ variantId: 'p04-v1', label: 'p04-v1' }],
    cta: CTA,
    placeholder: 'Your Email',
    button: 'Sign Up',
    mailingList: true,
    optIn: false,
    mailingListDescription: 'Subscribe to our mailing list',
    captchaSiteKey: '',
    successText: 'Signed up!',
    crumb: 'abc',
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
});
