/** The demo's content in Spanish (TESSERA_DEMO_LANGUAGE=es-ES, server/db/demo-language.ts). */
import type { DemoContent } from './content.js';

export const ES_ES: DemoContent = {
  hero: {
    heroTitle: 'Hecho para cada día',
    heroText: 'Lino, algodón, lana y esmalte de pequeños talleres: cosas para la cocina, la mesa y los viajes, hechas para durar y fáciles de arreglar.',
    heroButtonText: 'Ver la colección',
  },
  products: {
    'linen-apron': ['Delantal de lino', '<p>Lino lavado a la piedra con bolsillos profundos.</p>'],
    'field-shirt': ['Camisa de trabajo', '<p>Sarga de algodón gruesa, tres colores, cuatro tallas.</p>'],
    'enamel-mug': ['Taza esmaltada', '<p>En oferta hasta agotar existencias.</p>'],
    'canvas-tote': ['Bolsa de lona', '<p>Agotada por ahora: déjanos tu correo y te avisaremos cuando vuelva.</p>'],
    'wool-blanket': ['Manta de lana', '<p>Lana de cordero de tejido tupido, lo bastante grande para dos.</p>'],
    'coffee-subscription': ['Suscripción de café', '<p>Café recién tostado, enviado con regularidad.</p>'],
    monogram: ['Servilletas con monograma', '<p>Servilletas de lino bordadas con tus iniciales.</p>'],
    'gift-card': ['Tarjeta regalo', '<p>Para cualquier cosa de la tienda.</p>'],
    'field-guide': ['Guía de campo (PDF)', '<p>Una guía para descargar.</p>'],
    'pattern-pack': ['Pack de patrones', '<p>Patrones digitales, en oferta.</p>'],
    'repair-service': ['Servicio de reparación', '<p>Arreglamos lo que nos compraste.</p>'],
    'workshop-seat': ['Plaza en el taller', '<p>Una plaza en nuestro próximo taller de tejido.</p>'],
    'candle-set': ['Set de velas', '<p>Tres velas de cera de abeja en una caja.</p>'],
    'makers-circle-pass': ['Suscripción al Makers Circle', '<p>Un año en el área de miembros del Makers Circle.</p>'],
  },
  options: { Color: 'Color', Size: 'Talla', Olive: 'Oliva', Navy: 'Azul marino', Sand: 'Arena', Scent: 'Aroma', Value: 'Importe' },
  collections: {
    shop: { title: 'Tienda' },
    about: { title: 'Quiénes somos' },
    blog: { title: 'Diario', description: 'Notas desde el taller.' },
    events: { title: 'Agenda', description: 'Talleres, ferias y mercados.' },
    gallery: { title: 'Galería' },
    lookbook: { title: 'Lookbook' },
    album: { title: 'Sonidos del taller' },
    videos: { title: 'Vídeos' },
    contact: { title: 'Contacto', body: '<p>Escríbenos sobre pedidos, talleres o lo que quieras. Respondemos en dos días laborables.</p>' },
    trade: { title: 'Precios para profesionales', body: '<p>Precios al por mayor para tiendas y talleres: un 40 % de descuento sobre el precio de catálogo a partir de diez unidades.</p>' },
    members: { title: 'Makers Circle', body: '<p>Patrones y grabaciones para los miembros del Makers Circle.</p>' },
  },
  contact: {
    name: 'Contacto',
    fields: {
      name: { title: 'Nombre', placeholder: 'Tu nombre' },
      email: { title: 'Correo electrónico', placeholder: 'tu@example.com' },
      message: { title: 'Mensaje', description: 'Preguntas, pedidos, reservas de talleres.' },
    },
    submissionMessage: '¡Gracias! Te responderemos pronto.',
  },
};
