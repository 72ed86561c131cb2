/**
 * The frame of the owner's /config pages Tessera draws itself (sign-in, analytics) until the admin of a later
 * issue: one small server-rendered HTML page, no script at all (its policy allows none), readable at 390 px,
 * with visible focus and a skip link. No analytics is ever placed on it.
 */
import { escapeHtml } from '../escape-html.js';

/** The policy of a /config page: its own inline styles, nothing else; forms post to this server only. */
export const CONFIG_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#fff}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,[tabindex]:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;border-bottom:1px solid #ccc}
header p{margin:0;font-weight:600}
header form{margin:0}
main{max-width:64rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:2rem 0 .5rem}
button{font:inherit;padding:.4rem 1rem;border:1px solid #0b57d0;border-radius:4px;background:#0b57d0;color:#fff;cursor:pointer}
button.quiet{background:#fff;color:#0b57d0}
input{font:inherit;padding:.3rem .4rem;border:1px solid #6b6b6b;border-radius:4px;max-width:100%}
label{display:block;margin:.5rem 0 .2rem}
fieldset{border:1px solid #ccc;border-radius:4px;margin:0 0 .75rem;padding:.5rem .75rem}
.choices{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.choices label{display:inline-flex;gap:.3rem;align-items:center;margin:0}
.days{display:flex;flex-wrap:wrap;gap:0 1rem}
.message{border-left:4px solid #b3261e;background:#fdf2f1;padding:.5rem .75rem}
.totals{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.5rem;margin:0;padding:0}
.totals div{border:1px solid #ddd;border-radius:4px;padding:.5rem}
.totals dt{font-size:.85rem;color:#4a4a4a}
.totals dd{margin:0;font-size:1.25rem;font-weight:600}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:1rem}
figure{margin:0;border:1px solid #ddd;border-radius:4px;padding:.5rem}
figcaption{font-weight:600}
svg{display:block;width:100%;height:6rem;background:#f6f8fc}
.axis{display:flex;justify-content:space-between;font-size:.8rem;color:#4a4a4a;margin:.25rem 0 0}
.scroll{overflow:auto;max-height:28rem;border:1px solid #ddd;border-radius:4px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.25rem .5rem}
th,td{padding:.3rem .5rem;border-bottom:1px solid #e4e4e4;text-align:right;white-space:nowrap}
th:first-child,td.text{text-align:left}
td.text{white-space:normal;overflow-wrap:anywhere}
thead th{position:sticky;top:0;background:#fff}
`;

export interface ConfigPage {
  readonly title: string;
  readonly siteTitle: string;
  /** The visitor's crumb, for the sign-out form; null on the sign-in page (no session to end). */
  readonly crumb: string | null;
  readonly body: string;
}

export function configPage({ title, siteTitle, crumb, body }: ConfigPage): string {
  const signOut =
    crumb === null
      ? ''
      : `<form method="post" action="/config/logout"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}"><button class="quiet" type="submit">Sign out</button></form>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(siteTitle)}</title><style>${STYLE}</style></head>` +
    `<body><a class="skip" href="#main">Skip to content</a><header><p>${escapeHtml(siteTitle)}</p><nav aria-label="Site"><a href="/">View the site</a></nav>${signOut}</header>` +
    `<main id="main">${body}</main></body></html>`
  );
}
