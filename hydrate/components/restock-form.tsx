/**
 * The back-in-stock block (spec 000 §4 "Restock form", §5 "Restock", §7, §9): a real form posting to
 * `/restock` (works without JavaScript: the server answers with a 303 back to the product page), and with
 * JavaScript the email checked in place (the rule the server uses) and the signup sent to the JSON API; the
 * success text replaces the form (the call to action stays), a failure shows the server's message next to it.
 * A product with one sold-out variant gets that variant as a hidden field; with several, a labelled select of
 * the sold-out variants.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { restockEmailError } from '../../commerce/form-validation.js';
import { api } from '../api.js';

export interface RestockVariant {
  readonly variantId: string;
  readonly label: string;
}

export interface RestockFormProps {
  readonly productId: string;
  readonly variants: readonly RestockVariant[];
  readonly cta: string;
  readonly placeholder: string;
  readonly button: string;
  readonly mailingList: boolean;
  readonly optIn: boolean;
  readonly mailingListDescription: string;
  readonly captchaSiteKey: string;
  /** Under Tessera's test captcha provider: the token its checkbox widget carries. */
  readonly captchaTestToken?: string;
  readonly successText: string;
  readonly crumb: string;
  /** How a signup posted without JavaScript went: the server renders the block in that state. */
  readonly outcome?: { readonly kind: 'done' | 'error'; readonly message: string } | null;
}

type State = { readonly kind: 'idle' | 'sending' } | { readonly kind: 'done'; readonly message: string } | { readonly kind: 'error'; readonly message: string };

export function RestockForm(props: RestockFormProps) {
  const { productId, variants, cta, placeholder, button, mailingList, optIn, mailingListDescription, captchaSiteKey, successText, crumb } = props;
  const id = useId();
  const [email, setEmail] = useState('');
  const [variantId, setVariantId] = useState(variants[0]?.variantId ?? '');
  const [join, setJoin] = useState(optIn);
  const [captchaTicked, setCaptchaTicked] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<State>(props.outcome ?? { kind: 'idle' });

  // after a signup without JavaScript the product page comes back with `?message=&restock=`: shown here, on the
  // client only (the page's markup is shared by every visitor)
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const outcome = query.get('restock');
    const message = query.get('message');
    if (message === null || message === '') return;
    if (outcome === 'signed-up') setState({ kind: 'done', message });
    else if (outcome === 'error') setState({ kind: 'error', message });
  }, []);

  if (variants.length === 0) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const error = restockEmailError(email);
    setFieldError(error);
    if (error !== null) return;
    setState({ kind: 'sending' });
    const captchaToken = captchaSiteKey !== '' && captchaTicked ? (props.captchaTestToken ?? '') : '';
    const result = await api<{ success?: boolean; message?: string }>('POST', '/api/site-users/account/notifications/restock', {
      productId,
      variantId,
      siteVisitorEmail: email.trim(),
      isJoinMailingList: mailingList && join,
      ...(captchaToken !== '' ? { captchaToken } : {}),
    });
    if (result.ok) setState({ kind: 'done', message: successText });
    else {
      // a captcha token is good for one try: the visitor completes it again
      setCaptchaTicked(false);
      setState({ kind: 'error', message: result.message ?? 'Unknown error, please try again later.' });
    }
  };

  const emailId = `${id}email`;
  const errorId = `${id}error`;
  const label = placeholder !== '' ? placeholder : 'Email address';
  return (
    <div className="product-restock-notification" data-product-id={productId}>
      <p className="product-restock-cta" id={`${id}cta`}>
        {cta}
      </p>
      {state.kind === 'done' ? (
        <p className="product-restock-success" role="status">
          {state.message}
        </p>
      ) : (
        <form className="product-restock-form" method="post" action="/restock" noValidate onSubmit={(e) => void submit(e)} aria-describedby={`${id}cta`}>
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="crumb" value={crumb} />
          {variants.length === 1 ? (
            <input type="hidden" name="variantId" value={variantId} />
          ) : (
            <label className="product-restock-variant">
              <span>Variant</span>
              <select name="variantId" value={variantId} onChange={(e) => setVariantId(e.target.value)}>
                {variants.map((v) => (
                  <option key={v.variantId} value={v.variantId}>
                    {v.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="visually-hidden" htmlFor={emailId}>
            {label}
          </label>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            spellCheck={false}
            placeholder={placeholder}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError !== null ? true : undefined}
            aria-describedby={fieldError !== null ? errorId : undefined}
          />
          <button className="sqs-editable-button" type="submit" disabled={state.kind === 'sending'}>
            {button !== '' ? button : 'Sign up'}
          </button>
          {fieldError !== null && (
            <p className="product-restock-field-error" id={errorId}>
              {fieldError}
            </p>
          )}
          {mailingList && (
            <label className="product-restock-mailing-list">
              <input type="checkbox" name="isJoinMailingList" value="true" checked={join} onChange={(e) => setJoin(e.target.checked)} />
              {mailingListDescription}
            </label>
          )}
          {captchaSiteKey !== '' && (
            <div className="captcha-container form-captcha" data-sitekey={captchaSiteKey}>
              {props.captchaTestToken !== undefined ? (
                <label className="form-choice form-captcha-check">
                  <input type="checkbox" name="g-recaptcha-response" value={props.captchaTestToken} checked={captchaTicked} onChange={(e) => setCaptchaTicked(e.target.checked)} /> I am not a robot
                </label>
              ) : null}
            </div>
          )}
        </form>
      )}
      <div className="product-restock-alert" role="alert">
        {state.kind === 'error' ? <p>{state.message}</p> : null}
      </div>
    </div>
  );
}
