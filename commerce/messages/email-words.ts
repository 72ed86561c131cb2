/**
 * The e-mails' words (issue 27), the English source of the `email.*` keys: the order confirmation, the
 * shipping notice, the back-in-stock e-mail and the owner's form notification, in their text and HTML parts
 * (server/orders/order-email.ts, server/email/). English is the words the e-mails had, kept exactly; a label
 * and its value are one message (`{label}: {amount}`) so a language that writes `Total :` can.
 */
export const EMAIL_WORDS = {
  'email.order.subject': 'Your order #{number} from {site}',
  'email.order.thanks': 'Thank you for your order, {name}.',
  'email.order.number': 'Order #{number}',
  'email.order.numberTest': 'Order #{number} (test mode: no payment was taken)',
  'email.order.subtotal': 'Subtotal',
  'email.order.shipping': 'Shipping',
  'email.order.tax': 'Tax',
  'email.order.total': 'Total',
  /** A total in the text part: `Subtotal: $48.00`. */
  'email.order.amountLine': '{label}: {amount}',
  /** The HTML part's download link. */
  'email.order.download': 'Download {file}',
  'email.order.downloadLine': 'Download {file}: {link}',
  'email.order.downloadTerms': 'The link works {limit} times, until {until}.',
  'email.order.downloads': 'Your downloads',
  'email.order.memberAreas': 'Member areas',
  'email.order.memberArea': '{title}: {url}, in the browser you ordered with.',
  'email.order.memberAreaUntil': '{title}: {url}, until {until}, in the browser you ordered with.',
  /** The HTML part's heading over the address. */
  'email.shippingTo': 'Shipping to',
  'email.shippingToLine': 'Shipping to:',
  'email.shipped.subject': 'Your order #{number} from {site} has shipped',
  'email.shipped.intro': 'Good news, {name}: your order #{number} from {site} has shipped.',
  'email.shipped.introNoName': 'Good news: your order #{number} from {site} has shipped.',
  'email.shipped.heading': 'Your order #{number} is on its way',
  'email.shipped.hello': 'Hello {name}, your order from {site} has shipped.',
  'email.shipped.carrier': 'Carrier:',
  'email.shipped.tracking': 'Tracking number:',
  'email.restock.subject': '{product} is back in stock',
  'email.restock.intro': 'Good news: {name} is back in stock at {site}.',
  'email.restock.seeIt': 'See it here',
  'email.restock.seeItLine': 'See it here: {link}',
  'email.restock.why': 'You are receiving this e-mail because you asked to be told when it was back.',
  /** The platform's subject of a form's notice. */
  'email.form.subject': 'Form Submission - {form}',
  'email.form.intro': 'New submission to {form} on {site}.',
  'email.form.introAt': 'New submission to {form} on {site} at {page}.',
  'email.form.heading': 'New submission to {form}',
  'email.form.filledIn': 'Someone filled in the form {form} on {site}',
  /** After `filledIn` when the page is known, before its link. */
  'email.form.at': 'at',
} as const;
