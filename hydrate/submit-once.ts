/**
 * One post per form while the page is leaving. A form posted the plain way (before its island took it over,
 * or one no island handles) navigates away, and a second click during that navigation would post again: two
 * adds for a double click. The loader runs this first on every page with islands: a plain submission marks its
 * form, and any later submit of that form is stopped before anything (an island that hydrated meanwhile
 * included) sees it, until the page is shown again (back/forward cache). Submissions an island takes over
 * (their default prevented) mark nothing: the island's own state says when its form may go again.
 */
export const SENT_ATTRIBUTE = 'data-submitted';

const isNavigatingPost = (form: HTMLFormElement) => form.method === 'post' && (form.target === '' || form.target === '_self');

/** Starts guarding the window's forms; answers the function that stops it. */
export function submitOnce(win: Window = window): () => void {
  const stopRepeat = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute(SENT_ATTRIBUTE)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  // after every other listener (islands listen on their own element, below the window): still not prevented,
  // the browser is about to post the form and leave
  const markSent = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented || !isNavigatingPost(form)) return;
    form.setAttribute(SENT_ATTRIBUTE, '');
  };
  const shownAgain = () => {
    for (const form of win.document.querySelectorAll(`form[${SENT_ATTRIBUTE}]`)) form.removeAttribute(SENT_ATTRIBUTE);
  };
  win.addEventListener('submit', stopRepeat, true);
  win.addEventListener('submit', markSent);
  win.addEventListener('pageshow', shownAgain);
  return () => {
    win.removeEventListener('submit', stopRepeat, true);
    win.removeEventListener('submit', markSent);
    win.removeEventListener('pageshow', shownAgain);
  };
}
