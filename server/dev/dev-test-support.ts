/**
 * Helpers for the tests of `tessera dev`: an open event stream as a browser tab holds it, and the overlay a page
 * carries.
 */
import { get, type IncomingMessage } from 'node:http';
import { EVENTS_PATH } from './reload-events.js';

export interface OpenEvents {
  /** Everything received so far. */
  text(): string;
  /** Resolves once the stream holds `part` (at once if it already does). */
  waitFor(part: string | RegExp): Promise<void>;
  close(): void;
}

/** Opens the dev server's event stream at `url`, as a page's script does. */
export function openEvents(url: string): Promise<OpenEvents> {
  return new Promise((resolveStream, reject) => {
    const request = get(url + EVENTS_PATH, (response: IncomingMessage) => {
      let text = '';
      const holds = (part: string | RegExp) => (typeof part === 'string' ? text.includes(part) : part.test(text));
      const waiting: { part: string | RegExp; done: () => void }[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        for (const w of [...waiting]) if (holds(w.part)) (waiting.splice(waiting.indexOf(w), 1), w.done());
      });
      resolveStream({
        text: () => text,
        waitFor: (part) => (holds(part) ? Promise.resolve() : new Promise((done) => waiting.push({ part, done }))),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** The dev overlay of a page, or null when it has none. */
export const overlayOf = (html: string): string | null => /<tessera-dev-overlay>[\s\S]*<\/tessera-dev-overlay>/.exec(html)?.[0] ?? null;
