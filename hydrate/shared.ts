/**
 * What every island shares, imported by each island entry so that esbuild puts all of it in one shared chunk
 * (it groups code by the set of entries that reach it): react, react-dom's client, the cart store, the API
 * helper and the components more than one island uses. A page fetches it once for all its islands.
 */
import 'react';
import 'react/jsx-runtime';
import 'react-dom/client';
import './api.js';
import './cart-store.js';
import './product-selection.js';
import './add-button.js';
import './add-to-cart-flow.js';
import './hydrate-island.js';
import './components/alert-dialog.js';
import '../commerce/money-text.js';
import '../commerce/text.js';
import './components/quantity-input.js';
