/** The demo's content in German (TESSERA_DEMO_LANGUAGE=de-DE, server/db/demo-language.ts). */
import type { DemoContent } from './content.js';

export const DE_DE: DemoContent = {
  hero: {
    heroTitle: 'Für jeden Tag gemacht',
    heroText: 'Leinen, Baumwolle, Wolle und Emaille aus kleinen Werkstätten: Dinge für Küche, Tisch und Reise, gemacht, um zu halten, und leicht zu flicken.',
    heroButtonText: 'Zur Kollektion',
  },
  products: {
    'linen-apron': ['Leinenschürze', '<p>Stonewashed-Leinen mit tiefen Taschen.</p>'],
    'field-shirt': ['Feldhemd', '<p>Schwerer Baumwollköper, drei Farben, vier Größen.</p>'],
    'enamel-mug': ['Emaillebecher', '<p>Im Angebot, solange der Vorrat reicht.</p>'],
    'canvas-tote': ['Canvas-Tasche', '<p>Gerade ausverkauft: Hinterlasse deine E-Mail-Adresse, und wir sagen dir, wenn sie wieder da ist.</p>'],
    'wool-blanket': ['Wolldecke', '<p>Dicht gewebte Lammwolle, groß genug für zwei.</p>'],
    'coffee-subscription': ['Kaffee-Abo', '<p>Frisch gerösteter Kaffee, regelmäßig geliefert.</p>'],
    monogram: ['Servietten mit Monogramm', '<p>Leinenservietten, mit deinen Initialen bestickt.</p>'],
    'gift-card': ['Geschenkgutschein', '<p>Für alles im Shop.</p>'],
    'field-guide': ['Feldführer (PDF)', '<p>Ein Leitfaden zum Herunterladen.</p>'],
    'pattern-pack': ['Schnittmuster-Paket', '<p>Digitale Schnittmuster, im Angebot.</p>'],
    'repair-service': ['Reparaturservice', '<p>Wir flicken, was du bei uns gekauft hast.</p>'],
    'workshop-seat': ['Workshop-Platz', '<p>Ein Platz in unserem nächsten Webworkshop.</p>'],
    'candle-set': ['Kerzenset', '<p>Drei Bienenwachskerzen in einer Schachtel.</p>'],
    'makers-circle-pass': ['Mitgliedschaft im Makers Circle', '<p>Ein Jahr im Mitgliederbereich des Makers Circle.</p>'],
  },
  options: { Color: 'Farbe', Size: 'Größe', Olive: 'Oliv', Navy: 'Marine', Sand: 'Sand', Scent: 'Duft', Value: 'Wert' },
  collections: {
    shop: { title: 'Shop' },
    about: { title: 'Über uns' },
    blog: { title: 'Journal', description: 'Notizen aus dem Atelier.' },
    events: { title: 'Termine', description: 'Workshops, Messen und Märkte.' },
    gallery: { title: 'Galerie' },
    lookbook: { title: 'Lookbook' },
    album: { title: 'Atelierklänge' },
    videos: { title: 'Videos' },
    contact: { title: 'Kontakt', body: '<p>Schreib uns zu Bestellungen, Workshops oder allem anderen. Wir antworten innerhalb von zwei Werktagen.</p>' },
    trade: { title: 'Händlerpreise', body: '<p>Großhandelspreise für Läden und Ateliers: 40 % Rabatt auf den Listenpreis ab zehn Stück.</p>' },
    members: { title: 'Makers Circle', body: '<p>Schnittmuster und Aufnahmen für Mitglieder des Makers Circle.</p>' },
  },
  contact: {
    name: 'Kontakt',
    fields: {
      name: { title: 'Name', placeholder: 'Dein Name' },
      email: { title: 'E-Mail', placeholder: 'du@example.com' },
      message: { title: 'Nachricht', description: 'Fragen, Bestellungen, Workshop-Buchungen.' },
    },
    submissionMessage: 'Danke! Wir melden uns bald.',
  },
};
