/** The demo's content in French (TESSERA_DEMO_LANGUAGE=fr-FR, server/db/demo-language.ts). */
import type { DemoContent } from './content.js';

export const FR_FR: DemoContent = {
  hero: {
    heroTitle: 'Fait pour tous les jours',
    heroText: 'Lin, coton, laine et émail de petits ateliers : des objets pour la cuisine, la table et le voyage, faits pour durer et faciles à réparer.',
    heroButtonText: 'Découvrir la collection',
  },
  products: {
    'linen-apron': ['Tablier en lin', '<p>Lin lavé à la pierre, avec de grandes poches.</p>'],
    'field-shirt': ['Chemise de travail', '<p>Sergé de coton épais, trois couleurs, quatre tailles.</p>'],
    'enamel-mug': ['Tasse émaillée', '<p>En promotion, dans la limite des stocks disponibles.</p>'],
    'canvas-tote': ['Sac cabas en toile', '<p>Épuisé pour le moment : laissez votre e-mail et nous vous préviendrons de son retour.</p>'],
    'wool-blanket': ['Couverture en laine', '<p>Laine d’agneau tissée serré, assez grande pour deux.</p>'],
    'coffee-subscription': ['Abonnement café', '<p>Du café fraîchement torréfié, livré régulièrement.</p>'],
    monogram: ['Serviettes monogrammées', '<p>Serviettes en lin brodées à vos initiales.</p>'],
    'gift-card': ['Carte cadeau', '<p>Valable sur toute la boutique.</p>'],
    'field-guide': ['Guide pratique (PDF)', '<p>Un guide à télécharger.</p>'],
    'pattern-pack': ['Lot de patrons', '<p>Patrons numériques, en promotion.</p>'],
    'repair-service': ['Service de réparation', '<p>Nous réparons ce que vous avez acheté chez nous.</p>'],
    'workshop-seat': ['Place en atelier', '<p>Une place à notre prochain atelier de tissage.</p>'],
    'candle-set': ['Coffret de bougies', '<p>Trois bougies en cire d’abeille dans une boîte.</p>'],
    'makers-circle-pass': ['Adhésion au Makers Circle', '<p>Un an d’accès à l’espace membres du Makers Circle.</p>'],
  },
  options: { Color: 'Couleur', Size: 'Taille', Olive: 'Olive', Navy: 'Marine', Sand: 'Sable', Scent: 'Parfum', Value: 'Montant' },
  collections: {
    shop: { title: 'Boutique' },
    about: { title: 'À propos' },
    blog: { title: 'Journal', description: 'Nouvelles de l’atelier.' },
    events: { title: 'Agenda', description: 'Ateliers, salons et marchés.' },
    gallery: { title: 'Galerie' },
    lookbook: { title: 'Lookbook' },
    album: { title: 'Sons de l’atelier' },
    videos: { title: 'Vidéos' },
    contact: { title: 'Contact', body: '<p>Écrivez-nous pour une commande, un atelier ou toute autre question. Nous répondons sous deux jours ouvrés.</p>' },
    trade: { title: 'Tarifs professionnels', body: '<p>Tarifs de gros pour boutiques et ateliers : 40 % de remise sur le prix catalogue dès dix pièces.</p>' },
    members: { title: 'Makers Circle', body: '<p>Patrons et enregistrements réservés aux membres du Makers Circle.</p>' },
  },
  contact: {
    name: 'Contact',
    fields: {
      name: { title: 'Nom', placeholder: 'Votre nom' },
      email: { title: 'E-mail', placeholder: 'vous@example.com' },
      message: { title: 'Message', description: 'Questions, commandes, inscriptions aux ateliers.' },
    },
    submissionMessage: 'Merci ! Nous vous répondrons très vite.',
  },
};
