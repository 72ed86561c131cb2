/**
 * The admin's entry (built apart from the storefront's islands by hydrate/build.ts, served only by the /config
 * shell, server/admin/): mounts the app into the shell's `#admin`.
 */
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { startSession } from './session.js';

const host = document.getElementById('admin');
if (host !== null) {
  startSession(host);
  createRoot(host).render(<App siteTitle={host.dataset['siteTitle'] ?? 'Admin'} />);
}
