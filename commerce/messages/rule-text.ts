/**
 * The shared rules' English in the visitor's language, in the browser (issue 27). The rules (add-to-cart,
 * quantity, forms, restock, the cart page's alerts) keep producing the spec's English, word for word, where
 * the server and the islands both call them; where a visitor is about to read one, an island says it in the
 * page's language from its props: the messages the server put there (commerce/messages/rule-wording.ts
 * `ruleMessages`) by the English text they replace, and the missing-options message by its key. Nothing
 * here names a rule text: an English page's props carry none, and the island says the rule's own text.
 */
import { missingOptionsMessage } from '../add-to-cart.js';
import { type CompactMessage, formatCompact } from './compact.js';

/** What an island's props carry: the catalog's tag, and messages by the English text (or key) they replace. */
export interface RuleMessages {
  readonly locale: string;
  readonly text: { readonly [englishOrKey: string]: CompactMessage | undefined };
}

/** A rule's English text in the messages' language when they hold it, else the text as it is. */
export function ruleText(text: string, messages: RuleMessages | undefined): string {
  const message = messages?.text[text];
  return message === undefined ? text : formatCompact(message, messages!.locale);
}

/** 'Please select the Size option.' in the messages' language (spec 000 §5's English without them). */
export function missingOptionsText(missing: readonly string[], messages: RuleMessages | undefined): string {
  const one = messages?.text['cart.missingOption'];
  const many = messages?.text['cart.missingOptions'];
  if (one === undefined || many === undefined) return missingOptionsMessage(missing);
  const locale = messages!.locale;
  if (missing.length === 1) return formatCompact(one, locale, { option: missing[0]! });
  const separator = formatCompact(messages!.text['cart.optionsSeparator'] ?? ', ', locale);
  return formatCompact(many, locale, { options: missing.slice(0, -1).join(separator), last: missing[missing.length - 1]! });
}

/** A refused add's title and message in the messages' language. */
export function refusalText(refusal: { readonly title: string; readonly message: string; readonly missing?: readonly string[] }, messages: RuleMessages | undefined): { title: string; message: string } {
  const message = refusal.missing !== undefined ? missingOptionsText(refusal.missing, messages) : ruleText(refusal.message, messages);
  return { title: ruleText(refusal.title, messages), message };
}
