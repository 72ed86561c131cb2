/**
 * The admin's one HTML page (issue 26): every `/config/…` path the server does not draw itself (sign-in without
 * JavaScript, analytics, sign-out) answers this shell, and the React app (hydrate/admin/, its own build) reads
 * the path and draws the screen. No theme, no island loader and no visitor tracker: the editing area records no
 * analytics (spec 001 §2). Its styles are inline (with the answer's nonce), its script the app's one entry file;
 * the screens' chunks follow from it. Without JavaScript it says so and links to the pages that work without.
 */
import { escapeHtml } from '../escape-html.js';
import { NONCE_ATTRIBUTE } from '../security/nonce.js';
import { ISLANDS_PATH } from '../islands/assets.js';
import { ADMIN_STYLE } from './style.js';

export interface AdminShell {
  readonly siteTitle: string;
  /** The site's currency, for the price fields of a new product. */
  readonly currency: string;
  /** The signed-in contributor (e-mail, name, roles as GET /api/owner/session answers them), or null. */
  readonly contributor: unknown;
  /** The app's entry file (the islands manifest's `admin`), or null when the scripts are not built. */
  readonly entry: string | null;
}

export function adminShell({ siteTitle, currency, contributor, entry }: AdminShell): string {
  const script = entry === null ? '' : `<script type="module"${NONCE_ATTRIBUTE} src="${ISLANDS_PATH}${escapeHtml(entry)}"></script>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>Admin · ${escapeHtml(siteTitle)}</title><style${NONCE_ATTRIBUTE}>${ADMIN_STYLE}</style>${script}</head>` +
    `<body><div id="admin" data-site-title="${escapeHtml(siteTitle)}" data-currency="${escapeHtml(currency)}"${contributor === null ? '' : ` data-contributor="${escapeHtml(JSON.stringify(contributor))}"`}><main id="main" class="boot"><h1>${escapeHtml(siteTitle)}</h1>` +
    `<noscript><p>The admin needs JavaScript. Without it you can <a href="/config/login">sign in</a> and see the <a href="/config/analytics">analytics</a>.</p></noscript>` +
    `</main></div></body></html>`
  );
}
