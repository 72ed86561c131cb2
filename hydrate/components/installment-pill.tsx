/**
 * The instalment pill (spec 000 §4, §5): the offer in range, the availability message out of range,
 * recalculated when the shopper picks another variant, and nothing while the product or the choice is sold out. "How it works" is a `<details>` that works without
 * JavaScript; with it, the provider's information page (chosen by locale) opens in a modal, and when that
 * host cannot be reached only a log line says so.
 */
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { amountText, type InstallmentContext, type InstallmentWords, productInstallmentPill } from '../../commerce/installments.js';
import { formatCompact, type IslandMessages } from '../../commerce/messages/compact.js';
import { moneyText } from '../../commerce/money-text.js';
import { safeUrl } from '../../commerce/safe-url.js';
import { subscribeSelection } from '../product-selection.js';

export interface InstallmentPillProps {
  readonly itemId: string;
  readonly context: InstallmentContext;
  readonly productType: number;
  /** The whole product is sold out (no pill); a sold-out choice comes with the buy box's published selection. */
  readonly soldOut: boolean;
  readonly priceCents: number;
  readonly currency: string;
  /** The provider's information page; null when none serves the shopper's language. */
  readonly modalUrl: string | null;
  /** The pill's words in the page's language (issue 27). */
  readonly messages: IslandMessages<InstallmentMessage>;
}

export const INSTALLMENT_MESSAGES = [
  'installment.pill',
  'installment.payments',
  'installment.upTo',
  'installment.over',
  'installment.howItWorks',
  'installment.payIn',
  'installment.availability',
  'installment.information',
  'dialog.close',
] as const;
type InstallmentMessage = (typeof INSTALLMENT_MESSAGES)[number];

/** The pill's words from the page's messages; amounts as the spec writes them in English (`$12.00`), else as the language writes money. */
function pillWords(messages: IslandMessages<InstallmentMessage>): { say: (key: InstallmentMessage, values?: Record<string, string>) => string; words: InstallmentWords } {
  const say = (key: InstallmentMessage, values: Record<string, string> = {}) => formatCompact(messages.text[key], messages.locale, values);
  const english = messages.locale.startsWith('en');
  return {
    say,
    words: { text: (key, values) => say(`installment.${key}`, values), amount: (cents, currency) => (english ? amountText(cents, currency) : moneyText(cents, currency, messages.locale)) },
  };
}

/** How long the provider's page may take to answer before it counts as unreachable. */
const MODAL_TIMEOUT_MS = 5000;

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, { mode: 'no-cors', signal: AbortSignal.timeout(MODAL_TIMEOUT_MS) });
    return true;
  } catch {
    console.info(`Instalment information page unavailable: ${url}`);
    return false;
  }
}

export function InstallmentPillView(props: InstallmentPillProps) {
  const [selection, setSelection] = useState({ cents: props.priceCents, soldOut: props.soldOut });
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState<'unknown' | 'shown' | 'unavailable'>('unknown');
  const dialog = useRef<HTMLDialogElement>(null);
  const summary = useRef<HTMLElement>(null);
  const id = useId();
  // the page is framed only when the URL rule admits it as a web address (a `data:` host never becomes a frame)
  const modalUrl = safeUrl(props.modalUrl, 'web');
  useEffect(() => subscribeSelection(props.itemId, (cents, soldOut) => setSelection({ cents, soldOut })), [props.itemId]);
  useEffect(() => {
    const d = dialog.current;
    if (d === null) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const { say, words } = pillWords(props.messages);
  const pill = productInstallmentPill(props.context, { productType: props.productType, soldOut: props.soldOut || selection.soldOut }, selection.cents, props.currency, words);
  if (pill === null) return <div className="product-installments" hidden />;

  function openModal(event: MouseEvent) {
    event.preventDefault();
    setOpen(true);
    if (page === 'unknown' && modalUrl !== null) void reachable(modalUrl).then((ok) => setPage(ok ? 'shown' : 'unavailable'));
  }
  function close() {
    setOpen(false);
    summary.current?.focus();
  }

  const explanation = pill.inRange
    ? say('installment.payIn', { payments: pill.paymentsText, provider: pill.providerName })
    : say('installment.availability', { provider: pill.providerName, text: pill.text });

  return (
    <div className="product-installments" data-provider={pill.provider}>
      {pill.inRange ? (
        <p className="installment-pill">
          {`${pill.text} `}
          <strong className="installment-provider">{pill.providerName}</strong>
        </p>
      ) : (
        <p className="installment-pill installment-unavailable">
          <strong className="installment-provider">{pill.providerName}</strong>
          {` ${pill.text}`}
        </p>
      )}
      <details className="installment-info">
        <summary ref={summary} onClick={openModal}>
          {say('installment.howItWorks')}
        </summary>
        <p>{explanation}</p>
      </details>
      <dialog ref={dialog} className="installment-modal" aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
        <h2 id={`${id}-title`}>{pill.providerName}</h2>
        <p>{explanation}</p>
        {open && page === 'shown' && modalUrl !== null ? <iframe className="installment-modal-page" title={say('installment.information', { provider: pill.providerName })} src={modalUrl} /> : null}
        <button type="button" className="installment-modal-close" onClick={close}>
          {say('dialog.close')}
        </button>
      </dialog>
    </div>
  );
}
