/**
 * `tessera dev [THEME_DIR] [--context page.json] [--port N] [--host H]`: the dev server (server/dev/) until
 * Ctrl-C. Prints where it listens and every template problem, with its code frame, as files are saved.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readContextFile } from '../server/dev/context-page.js';
import { startDevServer } from '../server/dev/dev-server.js';
import { checkThemeDir, defaultThemeDir } from '../server/theme/theme-dir.js';
import { UsageError } from './usage-error.js';

export async function runDev(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { context: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
  });
  if (positionals.length > 1) throw new UsageError('dev takes one theme folder');
  const port = values.port === undefined ? 3000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (got ${values.port})`);
  const themeDir = resolve(positionals[0] ?? defaultThemeDir());
  // the usual mistakes in one line each, before anything starts
  try {
    checkThemeDir(themeDir);
    if (values.context !== undefined) readContextFile(values.context);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  let server;
  try {
    server = await startDevServer({
      themeDir,
      ...(values.context === undefined ? {} : { contextFile: values.context }),
      ...(values.host === undefined ? {} : { host: values.host }),
      port,
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use: pick another with --port`);
    throw e;
  }
  process.stderr.write(
    `tessera dev: ${server.theme.dir}${values.context === undefined ? ' over the demo store' : ` over ${values.context}`}\n` +
      `  ${server.url}  (pages reload when a file of the theme is saved; Ctrl-C stops)\n`,
  );
  await new Promise<void>((done) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => done());
  });
  await server.close();
  return 0;
}
