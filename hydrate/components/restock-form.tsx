/**
 * The back-in-stock block (spec 000 §4 "Restock form", §5 "Restock", §7, §9): a real form posting to
 * `/restock` (works without JavaScript: the server answers with a 303 back to the product page), and with
 * JavaScript the email checked in place (the rule the server uses) and the signup sent to the JSON API; the
 * success text replaces the form (the call to action stays) and takes focus, a failure shows the server's
 * message next to it.
 * A product sold out as a whole always shows it: one variant as a hidden field; several, a labelled select of
 * the sold-out variants (following the buy box's choice). A product with only some variants sold out shows it
 * for the variant the buy box has chosen when that one is sold out (`chosenVariantId` when the server renders
 * the page a plain post came back to, then the buy box's choice as it changes), and nothing otherwise.
 */
import { formatCompact, type IslandMessages } from '../../commerce/messages/compact.js';
import { restockOutcomeWording } from '../../commerce/visitor-messages.js';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { restockEmailError } from '../../commerce/form-validation.js';
import { api } from '../api.js';
import { subscribeChosenVariant } from '../product-selection.js';
import { sitePath } from '../site-path.js';

export interface RestockVariant {
  readonly variantId: string;
  readonly label: string;
}

export interface RestockFormProps {
  readonly productId: string;
  /** The sold-out variants a signup may name. */
  readonly variants: readonly RestockVariant[];
  /** Every variant sold out: the block shows whatever is chosen. Otherwise only for a sold-out choice. */
  readonly productSoldOut: boolean;
  /** The variant chosen when the page was rendered (a plain post of a sold-out choice came back with it). */
  readonly chosenVariantId?: string | null;
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
  /** The variant select's label in the page's language (`restock.variant`). */
  readonly variantLabel: string;
  readonly crumb: string;
  /** How a signup posted without JavaScript went: the server renders the block in that state. */
  readonly outcome?: { readonly kind: 'done' | 'error'; readonly message: string } | null;
  /** A plain signup's error codes in the site's language (commerce/messages/), for a link's `?message=`. */
  readonly messages: IslandMessages<RestockErrorCode>;
}

/** The codes a plain signup's error may come back with (commerce/visitor-messages.ts). */
export const RESTOCK_ERROR_CODES = ['restock.emailBlank', 'restock.emailInvalid', 'restock.captcha', 'restock.notFound', 'restock.inStock', 'restock.failed'] as const;
export type RestockErrorCode = (typeof RESTOCK_ERROR_CODES)[number];

type State = { readonly kind: 'idle' | 'sending' } | { readonly kind: 'done'; readonly message: string } | { readonly kind: 'error'; readonly message: string };

/** The call to action when the store set none (ours; the platform's default is not shown). */
export const DEFAULT_RESTOCK_CTA = 'Get notified by email when this product is back in stock';

const soldOutOne = (variants: readonly RestockVariant[], id: string | null | undefined) => variants.find((v) => v.variantId === id) ?? null;

export function RestockForm(props: RestockFormProps) {
  const { productId, variants, cta, placeholder, button, mailingList, optIn, mailingListDescription, captchaSiteKey, successText, crumb, messages } = props;
  const id = useId();
  const [email, setEmail] = useState('');
  // the buy box's choice: the variant its options name (null when they name none)
  const [chosen, setChosen] = useState<string | null>(props.chosenVariantId ?? null);
  const [variantId, setVariantId] = useState(soldOutOne(variants, props.chosenVariantId)?.variantId ?? variants[0]?.variantId ?? '');
  const [join, setJoin] = useState(optIn);
  const [captchaTicked, setCaptchaTicked] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<State>(props.outcome ?? { kind: 'idle' });
  const emailInput = useRef<HTMLInputElement>(null);
  const success = useRef<HTMLParagraphElement>(null);
  const signedUpHere = useRef(false);

  const chosenNow = useRef(chosen);
  useEffect(
    () =>
      subscribeChosenVariant(productId, (next) => {
        if (next === chosenNow.current) return;
        // another variant than the one the block was about: its signup starts afresh
        if (chosenNow.current !== null) {
          setState((s) => (s.kind === 'sending' ? s : { kind: 'idle' }));
          setFieldError(null);
        }
        chosenNow.current = next;
        setChosen(next);
        // a sold-out choice in the buy box is the one the signup names
        const out = soldOutOne(variants, next);
        if (out !== null) setVariantId(out.variantId);
      }),
    [productId, variants],
  );

  // the form the focus was in is gone once the signup went through: the success text takes it
  useEffect(() => {
    if (state.kind === 'done' && signedUpHere.current) success.current?.focus();
  }, [state.kind]);

  // after a signup without JavaScript the product page comes back with `?restock=…&message=<code>`: shown here in
  // the store's words, on the client only (the page's markup is shared by every visitor); free text shows nothing
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const outcome = query.get('restock');
    const wording = (code: string) => (Object.hasOwn(messages.text, code) ? formatCompact(messages.text[code as RestockErrorCode], messages.locale) : undefined);
    const message = restockOutcomeWording(outcome, query.get('message'), successText, wording);
    if (message === undefined) return;
    setState({ kind: outcome === 'signed-up' ? 'done' : 'error', message });
  }, [successText, messages]);

  if (variants.length === 0) return null;
  // some variants in stock: the block is about the sold-out one chosen, or not there at all
  const chosenSoldOut = props.productSoldOut ? null : soldOutOne(variants, chosen);
  if (!props.productSoldOut && chosenSoldOut === null) return null;
  const single = chosenSoldOut !== null || variants.length === 1;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const error = restockEmailError(email);
    setFieldError(error);
    if (error !== null) {
      emailInput.current?.focus();
      return;
    }
    setState({ kind: 'sending' });
    const captchaToken = captchaSiteKey !== '' && captchaTicked ? (props.captchaTestToken ?? '') : '';
    const result = await api<{ success?: boolean; message?: string }>('POST', '/api/site-users/account/notifications/restock', {
      productId,
      variantId: chosenSoldOut?.variantId ?? variantId,
      siteVisitorEmail: email.trim(),
      isJoinMailingList: mailingList && join,
      ...(captchaToken !== '' ? { captchaToken } : {}),
    });
    if (result.ok) {
      signedUpHere.current = true;
      setState({ kind: 'done', message: successText });
    } else {
      // a captcha token is good for one try: the visitor completes it again
      setCaptchaTicked(false);
      setState({ kind: 'error', message: result.message ?? 'Unknown error, please try again later.' });
    }
  };

  const emailId = `${id}email`;
  const errorId = `${id}error`;
  const label = placeholder !== '' ? placeholder : 'Email address';
  return (
    <div className="product-restock-notification" id={`restock-${productId}`} data-product-id={productId}>
      <p className="product-restock-cta" id={`${id}cta`}>
        {cta !== '' ? cta : DEFAULT_RESTOCK_CTA}
      </p>
      {chosenSoldOut !== null ? <p className="product-restock-variant-name">{chosenSoldOut.label}</p> : null}
      {state.kind === 'done' ? (
        <p className="product-restock-success" role="status" tabIndex={-1} ref={success}>
          {state.message}
        </p>
      ) : (
        <form className="product-restock-form" method="post" action={sitePath('/restock')} noValidate onSubmit={(e) => void submit(e)} aria-describedby={`${id}cta`}>
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="crumb" value={crumb} />
          {single ? (
            <input type="hidden" name="variantId" value={chosenSoldOut?.variantId ?? variantId} />
          ) : (
            <label className="product-restock-variant">
              <span>{props.variantLabel}</span>
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
            ref={emailInput}
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            spellCheck={false}
            placeholder={label}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError !== null ? true : undefined}
            aria-describedby={fieldError !== null ? errorId : undefined}
          />
          {/* busy, not disabled: a disabled button would drop the focus it holds */}
          <button className="sqs-editable-button" type="submit" aria-disabled={state.kind === 'sending' || undefined}>
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
