/**
 * The generic form block with JavaScript (spec 000 §4 "Generic form"). The server renders the whole form
 * (`templates/blocks/form.block`), which posts and re-renders without JavaScript; this island takes the same
 * markup over: the submit locks the button (`Submitting…`), the flow of `form-submission.ts` runs, and its
 * outcome is written into the page the way the server would have rendered it (field errors beside their
 * fields, the linked error summary on top, the success text in place of the form). It is no React component
 * and does not import the shared chunk, so a page with only a form fetches no React.
 */
import { FORM_MESSAGES, scrollMessage, textareaCounter, valuesFromFormPost } from '../../commerce/form-validation.js';
import { type FormDefinition, submitForm, type SubmitOutcome } from '../form-submission.js';
import { captchaWidget } from '../captcha-widget.js';

export const SUBMITTING_LABEL = 'Submitting…';

/** A FormData as a plain post's body: a repeated name (checkboxes) becomes a list. */
function postBody(data: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of data.entries()) {
    if (typeof value !== 'string') continue;
    const before = body[name];
    body[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return body;
}

function queryRecord(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(window.location.search).entries());
}

/** Inserts merchant HTML and runs its scripts (setting innerHTML alone never runs them). */
function insertAndRun(target: HTMLElement, html: string): void {
  target.innerHTML = html;
  for (const old of target.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const { name, value } of old.attributes) script.setAttribute(name, value);
    script.text = old.text;
    old.replaceWith(script);
  }
}

function fieldInputs(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea')];
}

function clearErrors(form: HTMLFormElement): void {
  for (const old of form.querySelectorAll('.form-error-summary, .form-field-error')) old.remove();
  for (const field of form.querySelectorAll('.form-field--error')) field.classList.remove('form-field--error');
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  // fieldsets (multi-part, choices) carry the description too, so every describedby loses only its error
  for (const input of form.querySelectorAll('[aria-describedby]')) {
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id !== '' && !id.endsWith('-error'));
    if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
    else input.removeAttribute('aria-describedby');
  }
}

/**
 * A rule's English in the site's language: the definition's messages (commerce/messages/rule-text.ts), which
 * for a form are all plain text, so the island formats nothing and loads no formatter.
 */
function say(english: string, definition: FormDefinition): string {
  const message = definition.messages?.text[english];
  return typeof message === 'string' ? message : english;
}

/** Writes each field's message beside it and the linked summary on top; returns the summary to focus. */
function showErrors(form: HTMLFormElement, definition: FormDefinition, errors: Readonly<Record<string, string>>, message: string): HTMLElement {
  const links: { href: string; label: string; message: string }[] = [];
  for (const container of form.querySelectorAll<HTMLElement>('[data-field-id]')) {
    const id = container.dataset['fieldId'] ?? '';
    const english = errors[id];
    if (english === undefined) continue;
    const text = say(english, definition);
    const inputs = fieldInputs(container);
    const first = inputs[0];
    // the ids the server's view model gives (`{formId}-{itemId}-error`), so both paths describe fields alike
    const errorId = `${definition.id}-${id}-error`;
    container.classList.add('form-field--error');
    const p = document.createElement('p');
    p.className = 'field-error form-field-error';
    p.id = errorId;
    p.textContent = text;
    const fieldset = container.querySelector<HTMLElement>(':scope > fieldset');
    const legend = fieldset?.querySelector(':scope > legend') ?? null;
    const label = container.querySelector(':scope > label');
    // where the server's block puts it: after the description, else after the legend or label
    const description = (fieldset ?? container).querySelector(':scope > .form-field-description');
    const anchor = description ?? legend ?? label;
    if (anchor !== null) anchor.after(p);
    else container.prepend(p);
    for (const input of inputs) input.setAttribute('aria-invalid', 'true');
    // a group is described as a whole (as the block renders it); a single control directly
    for (const described of fieldset !== null ? [fieldset] : inputs) {
      const ids = (described.getAttribute('aria-describedby') ?? '').split(' ').filter((d) => d !== '');
      described.setAttribute('aria-describedby', [...ids, errorId].join(' '));
    }
    const title = id === 'captcha' ? 'CAPTCHA' : (definition.fields.find((f) => f.id === id)?.title ?? id);
    links.push({ href: `#${first?.id ?? ''}`, label: title, message: text });
  }
  const summary = document.createElement('div');
  summary.className = 'error-summary form-error-summary';
  summary.setAttribute('role', 'alert');
  summary.tabIndex = -1;
  const heading = document.createElement('h2');
  heading.className = 'form-error-summary-title';
  heading.textContent = say(message, definition);
  const list = document.createElement('ul');
  for (const link of links) {
    const a = document.createElement('a');
    a.href = link.href;
    a.textContent = `${link.label}: ${link.message}`;
    const li = document.createElement('li');
    li.append(a);
    list.append(li);
  }
  summary.append(heading, list);
  const crumb = form.querySelector('input[name=crumb]');
  (crumb ?? form.firstChild)?.after(summary);
  return summary;
}

/** Keeps a textarea's `length / max` counter current as the visitor types. */
function liveCounters(form: HTMLFormElement, definition: FormDefinition): void {
  for (const field of definition.fields) {
    if (field.kind !== 'textarea') continue;
    const textarea = form.querySelector<HTMLTextAreaElement>(`[data-field-id="${CSS.escape(field.id)}"] textarea`);
    if (textarea === null || textareaCounter('', field.maxLength) === null) continue;
    let counter = textarea.parentElement?.querySelector<HTMLElement>('.form-field-counter') ?? null;
    if (counter === null) {
      counter = document.createElement('p');
      counter.className = 'form-field-counter';
      textarea.after(counter);
    }
    const update = () => {
      const c = textareaCounter(textarea.value, field.maxLength);
      if (c === null || counter === null) return;
      counter.textContent = c.text;
      counter.classList.toggle('form-field-counter--over', c.over);
    };
    textarea.addEventListener('input', update);
    update();
  }
}

export function enhanceForm(element: HTMLElement): void {
  const form = element.querySelector('form');
  const button = form?.querySelector<HTMLButtonElement>('button[type=submit]');
  const note = form?.querySelector<HTMLElement>('.form-submit-message');
  let definition: FormDefinition;
  try {
    definition = JSON.parse(element.dataset['form'] ?? '') as FormDefinition;
  } catch {
    return; // the plain form still posts
  }
  if (form === null || form === undefined || button === null || button === undefined || note === null || note === undefined) return;
  const label = button.textContent ?? '';
  const captcha = captchaWidget(form.querySelector<HTMLElement>('.form-captcha'));
  let busy = false;
  liveCounters(form, definition);
  captcha?.onChange(() => {
    if (!busy) button.disabled = captcha.bound && captcha.token() === '';
  });

  const unlock = () => {
    busy = false;
    button.textContent = label;
    // a captcha-bound button waits for the captcha again
    button.disabled = captcha !== null && captcha.bound && captcha.token() === '';
  };
  const show = (outcome: SubmitOutcome) => {
    clearErrors(form);
    note.hidden = true;
    note.textContent = '';
    if (outcome.kind === 'done') {
      if (outcome.redirect !== undefined) {
        window.location.assign(outcome.redirect);
        return;
      }
      unlock();
      form.hidden = true;
      const done = document.createElement('div');
      done.className = 'content-form form-submitted';
      done.setAttribute('role', 'status');
      done.tabIndex = -1;
      if ((definition.submissionHTML ?? '') !== '') insertAndRun(done, definition.submissionHTML ?? '');
      else {
        const p = document.createElement('p');
        p.className = 'form-success';
        p.textContent = definition.submissionMessage ?? '';
        done.append(p);
      }
      form.after(done);
      done.focus();
      return;
    }
    captcha?.reset();
    unlock();
    if (outcome.kind === 'invalid') {
      const summary = showErrors(form, definition, outcome.errors, outcome.message);
      note.textContent = say(scrollMessage('below'), definition);
      note.hidden = false;
      summary.focus();
    } else {
      note.textContent = say(outcome.message, definition);
      note.hidden = false;
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    button.disabled = true;
    button.textContent = say(SUBMITTING_LABEL, definition);
    const raw = valuesFromFormPost(definition.fields, postBody(new FormData(form)));
    const token = captcha?.token();
    submitForm(definition, {
      raw,
      query: queryRecord(),
      ...(captcha !== null ? { captchaToken: token ?? '' } : {}),
      page: { pagePath: window.location.pathname, pageTitle: document.title },
    }).then(show, () => show({ kind: 'failed', message: FORM_MESSAGES.unknown }));
  });
  element.dataset['enhanced'] = 'true';
}

export default enhanceForm;
