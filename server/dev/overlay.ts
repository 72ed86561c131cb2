/**
 * What the dev server adds to every HTML page: a small script that reloads the page when the theme changes
 * (server-sent events), and, when the theme has errors, an overlay over the page listing each with its file,
 * line, column and code frame. The overlay lives in a declarative shadow root, so the theme's CSS cannot
 * restyle or hide it, and it is shown without waiting for any script.
 */
import { escapeHtml } from '../escape-html.js';
import { NONCE_ATTRIBUTE } from '../security/nonce.js';
import { frameLines } from './code-frame.js';
import type { DevProblem } from './dev-problems.js';
import { EVENTS_PATH } from './reload-events.js';


/**
 * The page's script: reload on `reload`; after the server restarts (another `boot` id when the stream comes
 * back), reload too. Escape or the overlay's button hides the overlay.
 */
export function clientScript(boot: string): string {
  return `<script type="module" data-tessera-dev${NONCE_ATTRIBUTE}>
const boot = ${JSON.stringify(boot)};
const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
events.addEventListener('reload', () => location.reload());
// a stylesheet saved (the server sends this only when the overlay stays as it is): the new one is loaded beside
// the old, which goes once it applies (no flash, no reload)
events.addEventListener('stylesheet', (e) => {
  const old = document.querySelector('link[rel="stylesheet"][href^="/static/theme/"]');
  if (old === null) return location.reload();
  const next = old.cloneNode();
  next.href = JSON.parse(e.data).href;
  next.addEventListener('load', () => old.remove());
  next.addEventListener('error', () => location.reload());
  old.after(next);
});
events.addEventListener('hello', (e) => {
  if (JSON.parse(e.data).boot !== boot) location.reload();
  // for tools and tests: this page is listening for changes
  window.__tesseraDev = 'connected';
});
const overlay = document.querySelector('tessera-dev-overlay');
if (overlay) {
  // a long line scrolls: show each caret, not the line's start
  for (const caret of overlay.shadowRoot?.querySelectorAll('.caret') ?? []) {
    const pre = caret.closest('pre');
    pre.scrollLeft = caret.offsetLeft - pre.clientWidth / 2;
  }
  const hide = () => overlay.remove();
  overlay.shadowRoot?.querySelector('button')?.addEventListener('click', hide);
  addEventListener('keydown', (e) => { if (e.key === 'Escape') hide(); });
}
</script>`;
}

const STYLE = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; overflow: auto; background: rgba(20, 20, 24, 0.72);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1f; padding: 4vh 2vw; box-sizing: border-box; }
.panel { max-width: 60rem; margin: 0 auto; background: #fff; border-top: 6px solid #c62828; border-radius: 6px;
  padding: 1.25rem 1.5rem 1.5rem; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.4); }
h1 { font-size: 1.25rem; margin: 0 0 0.25rem; color: #b71c1c; }
.hint { margin: 0 0 1rem; color: #555; }
section { border-top: 1px solid #e4e4e7; padding-top: 0.75rem; margin-top: 0.75rem; }
h2 { font: 600 0.95rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin: 0; color: #1d1d1f; word-break: break-all; }
.message { margin: 0.25rem 0 0.5rem; }
.error { color: #b71c1c; font-weight: 600; }
.warning { color: #8a5a00; font-weight: 600; }
.code { color: #666; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85em; }
pre { margin: 0; padding: 0.6rem 0.8rem 0.6rem 0; background: #f6f6f7; border-radius: 4px; overflow-x: auto;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; tab-size: 4; }
pre code { display: inline-block; min-width: 100%; font: inherit; }
.line { display: block; white-space: pre; }
.here { background: #fde7e7; }
.caret { color: #c62828; font-weight: 700; }
.gutter { color: #888; user-select: none; display: inline-block; position: sticky; left: 0; padding-left: 0.8rem; background: #f6f6f7; }
.here .gutter { background: #fde7e7; }
button { font: inherit; margin-top: 1rem; padding: 0.4rem 1rem; border: 1px solid #999; border-radius: 4px; background: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
`;

/** One problem: where (file:line:column), what, and the source around it. */
function problemSection(p: DevProblem, source: string | null): string {
  const where = `${p.filename}:${p.line}:${p.column}`;
  const lines = source === null ? [] : frameLines(source, p.line, p.column, 2);
  const width = String(lines[lines.length - 1]?.number ?? p.line).length;
  const frame = lines
    .map((l) => {
      const gutter = `<span class="gutter">${String(l.number).padStart(width)} | </span>`;
      const text = `<span class="line${l.caret === undefined ? '' : ' here'}">${gutter}${escapeHtml(l.text)}</span>`;
      if (l.caret === undefined) return text;
      const pad = l.text.slice(0, l.caret).replace(/[^\t]/g, ' ');
      return `${text}<span class="line"><span class="gutter">${' '.repeat(width)} | </span>${pad}<span class="caret">^</span></span>`;
    })
    .join('');
  return (
    `<section><h2>${escapeHtml(where)}</h2>` +
    `<p class="message"><span class="${p.severity}">${p.severity}:</span> ${escapeHtml(String(p.message))} <span class="code">[${escapeHtml(p.code)}]</span></p>` +
    (frame === '' ? '' : `<pre><code>${frame}</code></pre>`) +
    `</section>`
  );
}

/** The overlay for `problems` (errors), with the source of each file as `sourceOf` reads it. */
export function overlayHtml(problems: readonly DevProblem[], sourceOf: (file: string) => string | null): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const title = `The theme has ${errors === 1 ? 'an error' : count(errors, 'error')}${warnings === 0 ? '' : ` (and ${count(warnings, 'warning')})`}`;
  return (
    `<tessera-dev-overlay><template shadowrootmode="open"><style${NONCE_ATTRIBUTE}>${STYLE}</style>` +
    `<div class="backdrop" role="alertdialog" aria-modal="true" aria-labelledby="tessera-dev-title">` +
    `<div class="panel"><h1 id="tessera-dev-title">${title}</h1>` +
    `<p class="hint">Fix the file and save it: this page reloads by itself. (Shown by <code>tessera dev</code> only.)</p>` +
    problems.map((p) => problemSection(p, sourceOf(p.filename))).join('') +
    `<button type="button">Hide (Esc)</button></div></div></template></tessera-dev-overlay>`
  );
}

/** `html` with `extra` inserted before its last `</body>`, else at its end. */
export function beforeBodyEnd(html: string, extra: string): string {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at < 0 ? html + extra : html.slice(0, at) + extra + html.slice(at);
}
