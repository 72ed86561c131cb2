// @vitest-environment happy-dom
/**
 * `submitOnce` in a DOM: a form posted the plain way is marked and any later submit of it stopped before an
 * island (listening on an ancestor, as React does) sees it; a submit an island takes over marks nothing; GET
 * forms and forms posting into another target are left alone; the page shown again (back/forward cache)
 * forgets the marks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreAfterEach } from './dom-testing.js';
import { SENT_ATTRIBUTE, submitOnce } from './submit-once.js';

restoreAfterEach();

let stop: () => void;
beforeEach(() => {
  stop = submitOnce(window);
});
afterEach(() => stop());

/** A form inside an island's element; `island` is what the island's (React's) listener on that element does. */
function page(form = '<form method="post" action="/cart/add"><button>Add</button></form>', island: (e: Event) => void = () => {}) {
  document.body.innerHTML = `<div data-island="product-form">${form}</div>`;
  const root = document.querySelector<HTMLElement>('[data-island]')!;
  const heard = vi.fn(island);
  root.addEventListener('submit', heard);
  return { form: document.querySelector('form')!, heard };
}

/** A submit as the browser dispatches it; answers whether the browser would go on to post the form. */
function submit(form: HTMLFormElement): boolean {
  return form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

describe('submitOnce', () => {
  it('a plain post goes once: the second submit is stopped before the island hears it', () => {
    const { form, heard } = page();
    expect(submit(form)).toBe(true);
    expect(form.hasAttribute(SENT_ATTRIBUTE)).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(submit(form)).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('a submit the island takes over marks nothing: the island decides when its form goes again', () => {
    const { form, heard } = page(undefined, (e) => e.preventDefault());
    expect(submit(form)).toBe(false);
    expect(form.hasAttribute(SENT_ATTRIBUTE)).toBe(false);
    submit(form);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a GET form', '<form method="get" action="/search"><button>Go</button></form>'],
    ['a form posting into another window', '<form method="post" action="/x" target="_blank"><button>Go</button></form>'],
  ])('%s is left alone', (_what, markup) => {
    const { form, heard } = page(markup);
    expect(submit(form)).toBe(true);
    expect(submit(form)).toBe(true);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('the page shown again (back/forward cache) lets the form post again', () => {
    const { form } = page();
    submit(form);
    window.dispatchEvent(new Event('pageshow'));
    expect(form.hasAttribute(SENT_ATTRIBUTE)).toBe(false);
    expect(submit(form)).toBe(true);
  });
});
