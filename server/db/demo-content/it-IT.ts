/** The demo's content in Italian (TESSERA_DEMO_LANGUAGE=it-IT, server/db/demo-language.ts). */
import type { DemoContent } from './content.js';

export const IT_IT: DemoContent = {
  hero: {
    heroTitle: 'Fatto per ogni giorno',
    heroText: 'Lino, cotone, lana e smalto da piccoli laboratori: oggetti per la cucina, la tavola e il viaggio, fatti per durare e facili da riparare.',
    heroButtonText: 'Scopri la collezione',
  },
  products: {
    'linen-apron': ['Grembiule di lino', '<p>Lino lavato a pietra con tasche profonde.</p>'],
    'field-shirt': ['Camicia da lavoro', '<p>Twill di cotone pesante, tre colori, quattro taglie.</p>'],
    'enamel-mug': ['Tazza smaltata', '<p>In offerta fino a esaurimento scorte.</p>'],
    'canvas-tote': ['Borsa in tela', '<p>Al momento esaurita: lasciaci la tua email e ti avviseremo quando torna.</p>'],
    'wool-blanket': ['Coperta di lana', '<p>Lana d’agnello a trama fitta, grande abbastanza per due.</p>'],
    'coffee-subscription': ['Abbonamento caffè', '<p>Caffè appena tostato, consegnato regolarmente.</p>'],
    monogram: ['Tovaglioli con monogramma', '<p>Tovaglioli di lino ricamati con le tue iniziali.</p>'],
    'gift-card': ['Carta regalo', '<p>Per qualsiasi acquisto nel negozio.</p>'],
    'field-guide': ['Guida pratica (PDF)', '<p>Una guida da scaricare.</p>'],
    'pattern-pack': ['Pacchetto di cartamodelli', '<p>Cartamodelli digitali, in offerta.</p>'],
    'repair-service': ['Servizio riparazioni', '<p>Ripariamo ciò che hai acquistato da noi.</p>'],
    'workshop-seat': ['Posto al workshop', '<p>Un posto al nostro prossimo workshop di tessitura.</p>'],
    'candle-set': ['Set di candele', '<p>Tre candele di cera d’api in una scatola.</p>'],
    'makers-circle-pass': ['Iscrizione al Makers Circle', '<p>Un anno nell’area riservata del Makers Circle.</p>'],
  },
  options: { Color: 'Colore', Size: 'Taglia', Olive: 'Oliva', Navy: 'Blu navy', Sand: 'Sabbia', Scent: 'Profumo', Value: 'Importo' },
  collections: {
    shop: { title: 'Negozio' },
    about: { title: 'Chi siamo' },
    blog: { title: 'Diario', description: 'Appunti dal laboratorio.' },
    events: { title: 'Eventi', description: 'Workshop, fiere e mercati.' },
    gallery: { title: 'Galleria' },
    lookbook: { title: 'Lookbook' },
    album: { title: 'Suoni del laboratorio' },
    videos: { title: 'Video' },
    contact: { title: 'Contatti', body: '<p>Scrivici per ordini, workshop o qualsiasi altra cosa. Rispondiamo entro due giorni lavorativi.</p>' },
    trade: { title: 'Prezzi per rivenditori', body: '<p>Prezzi all’ingrosso per negozi e laboratori: 40% di sconto sul prezzo di listino da dieci pezzi.</p>' },
    members: { title: 'Makers Circle', body: '<p>Cartamodelli e registrazioni per i membri del Makers Circle.</p>' },
  },
  contact: {
    name: 'Contatti',
    fields: {
      name: { title: 'Nome', placeholder: 'Il tuo nome' },
      email: { title: 'Email', placeholder: 'tu@example.com' },
      message: { title: 'Messaggio', description: 'Domande, ordini, prenotazioni dei workshop.' },
    },
    submissionMessage: 'Grazie! Ti risponderemo presto.',
  },
};
