/**
 * The `de-DE` message catalog (issue 27): a German shop's words for every key of the English source
 * (commerce/messages/en-US.ts), not a word-for-word translation; the same placeholders, plurals and selects.
 */
import type { Catalog } from './en-US.js';

export const DE_DE: Catalog = {
  'cart.variantUnavailable': 'Diese Variante ist leider nicht verfügbar. Bitte wähle eine andere Variante.',
  'cart.notEnoughStock': 'Von diesem Artikel haben wir leider nicht genug vorrätig.',
  'cart.quantityNotNumber': 'Die Menge muss eine Zahl sein.',
  'cart.quantityNotWhole': 'Die Menge muss eine ganze Zahl sein',
  'cart.quantityOutOfRange': 'Die Menge muss zwischen 1 und 9999 liegen.',
  'cart.giftCardDenomination': 'Wähle einen Betrag für den Geschenkgutschein',
  'cart.selectOptions': 'Bitte wähle die Optionen des Artikels aus.',
  'cart.answersInvalid': 'Mindestens ein Feld ist ungültig. Bitte überprüfe deine Eingaben.',
  'cart.purchased': 'Dieser Warenkorb wurde bereits gekauft und kann nicht mehr geändert werden.',
  'cart.entryNotFound': 'Dieser Artikel ist nicht im Warenkorb.',
  'cart.notAGiftCard': 'Dieses Produkt ist kein Geschenkgutschein.',
  'cart.notSubscribable': 'Dieses Produkt ist nicht im Abo erhältlich.',
  'cart.subscriptionWrongType': 'Abos gibt es nur für physische Produkte und Dienstleistungen.',
  'cart.notUpdated': 'Der Warenkorb konnte nicht aktualisiert werden. Bitte versuche es noch einmal.',
  'checkout.emptyCart': 'Dein Warenkorb ist leer.',
  'checkout.purchased': 'Dieser Warenkorb wurde bereits gekauft.',
  'checkout.invalidForm': 'Mindestens ein Feld ist ungültig. Bitte überprüfe deine Eingaben.',
  'restock.signedUp': 'Angemeldet!',
  'restock.emailBlank': 'Bitte gib deine E-Mail-Adresse ein',
  'restock.emailInvalid': 'Die E-Mail-Adresse ist ungültig',
  'restock.captcha': 'Bitte löse vor dem Absenden das CAPTCHA.',
  'restock.notFound': 'Dieses Produkt oder diese Variante gibt es nicht.',
  'restock.inStock': 'Dieser Artikel ist wieder vorrätig.',
  'restock.failed': 'Unbekannter Fehler. Bitte versuche es später noch einmal.',
  'product.addToCart': 'In den Warenkorb',
  'product.subscribe': 'Abonnieren',
  'product.soldOut': 'ausverkauft',
  'product.sale': 'Sale',
  'product.quantity': 'Menge',
  'product.priceFrom': 'ab {price}',
  'product.salePrice': 'Angebotspreis:',
  'product.originalPrice': 'Ursprünglicher Preis:',
  'addButton.adding': 'Wird hinzugefügt…',
  'addButton.added': 'Hinzugefügt!',
  'cartPill.items': '{over, select, yes {Mehr als {limit} Artikel im Warenkorb} other {{count, plural, other {# Artikel im Warenkorb}}}}',
  'cartPill.linkName': ', Warenkorb: {items}',
};
