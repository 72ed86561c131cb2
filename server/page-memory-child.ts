/**
 * The storefront in a child process for `page-memory.test.ts`: the demo store served with the theme in
 * `TESSERA_THEME` on a free port, its own memory sampled (`process.memoryUsage()`, every 10 ms and at each page
 * sent) so the test can read what slow readers of a hostile theme's pages cost this process, and what is left
 * once they leave. Talks over IPC: it sends `{ port }` when listening; `'stats'` answers the peak RSS, the pages
 * sent and the open connections; `'gc'` collects (run with `--expose-gc`) and answers the memory then.
 */
import { demoApp } from './test-support.js';

const { app } = await demoApp({ themeDir: process.env['TESSERA_THEME'], log: () => {} });
let peakRss = 0;
/** Pages handed to their sockets (a slow reader's page then waits in the socket's buffer). */
let sent = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
setInterval(sample, 10).unref();
app.addHook('onSend', async (_request, _reply, payload) => {
  sample();
  // written right after this hook: counted once it has been
  setImmediate(() => {
    sent++;
    sample();
  });
  return payload;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const connections = () => new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)));

process.on('message', (message) => {
  void (async () => {
    if (message === 'gc') {
      (globalThis as { gc?: () => void }).gc?.();
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ memory: process.memoryUsage() });
    } else if (message === 'stats') {
      sample();
      process.send?.({ peakRss, sent, connections: await connections(), memory: process.memoryUsage() });
    } else if (message === 'stop') {
      await app.close();
      process.exit(0);
    }
  })();
});
process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
