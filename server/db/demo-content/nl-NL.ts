/** The demo's content in Dutch (TESSERA_DEMO_LANGUAGE=nl-NL, server/db/demo-language.ts). */
import type { DemoContent } from './content.js';

export const NL_NL: DemoContent = {
  hero: {
    heroTitle: 'Gemaakt voor elke dag',
    heroText: 'Linnen, katoen, wol en emaille uit kleine werkplaatsen: spullen voor keuken, tafel en onderweg, gemaakt om lang mee te gaan en makkelijk te repareren.',
    heroButtonText: 'Bekijk de collectie',
  },
  products: {
    'linen-apron': ['Linnen schort', '<p>Stonewashed linnen met diepe zakken.</p>'],
    'field-shirt': ['Werkhemd', '<p>Zware katoenen keper, drie kleuren, vier maten.</p>'],
    'enamel-mug': ['Emaille mok', '<p>In de aanbieding zolang de voorraad strekt.</p>'],
    'canvas-tote': ['Canvas tas', '<p>Nu uitverkocht: laat je e-mailadres achter, dan laten we het weten als hij terug is.</p>'],
    'wool-blanket': ['Wollen deken', '<p>Dicht geweven lamswol, groot genoeg voor twee.</p>'],
    'coffee-subscription': ['Koffieabonnement', '<p>Vers gebrande koffie, regelmatig bezorgd.</p>'],
    monogram: ['Servetten met monogram', '<p>Linnen servetten, geborduurd met je initialen.</p>'],
    'gift-card': ['Cadeaubon', '<p>Voor alles in de winkel.</p>'],
    'field-guide': ['Veldgids (pdf)', '<p>Een gids om te downloaden.</p>'],
    'pattern-pack': ['Patronenpakket', '<p>Digitale naaipatronen, in de aanbieding.</p>'],
    'repair-service': ['Reparatieservice', '<p>We repareren wat je bij ons hebt gekocht.</p>'],
    'workshop-seat': ['Plek in de workshop', '<p>Een plek in onze volgende weefworkshop.</p>'],
    'candle-set': ['Kaarsenset', '<p>Drie bijenwaskaarsen in een doosje.</p>'],
    'makers-circle-pass': ['Lidmaatschap Makers Circle', '<p>Een jaar toegang tot het ledengedeelte van de Makers Circle.</p>'],
  },
  options: { Color: 'Kleur', Size: 'Maat', Olive: 'Olijf', Navy: 'Marine', Sand: 'Zand', Scent: 'Geur', Value: 'Bedrag' },
  collections: {
    shop: { title: 'Winkel' },
    about: { title: 'Over ons' },
    blog: { title: 'Journaal', description: 'Notities uit het atelier.' },
    events: { title: 'Agenda', description: 'Workshops, beurzen en markten.' },
    gallery: { title: 'Galerie' },
    lookbook: { title: 'Lookbook' },
    album: { title: 'Geluiden uit het atelier' },
    videos: { title: 'Video’s' },
    contact: { title: 'Contact', body: '<p>Schrijf ons over bestellingen, workshops of iets anders. We antwoorden binnen twee werkdagen.</p>' },
    trade: { title: 'Zakelijke prijzen', body: '<p>Groothandelsprijzen voor winkels en ateliers: 40% korting op de catalogusprijs vanaf tien stuks.</p>' },
    members: { title: 'Makers Circle', body: '<p>Patronen en opnames voor leden van de Makers Circle.</p>' },
  },
  contact: {
    name: 'Contact',
    fields: {
      name: { title: 'Naam', placeholder: 'Je naam' },
      email: { title: 'E-mail', placeholder: 'jij@example.com' },
      message: { title: 'Bericht', description: 'Vragen, bestellingen, aanmeldingen voor workshops.' },
    },
    submissionMessage: 'Bedankt! We nemen snel contact met je op.',
  },
};
