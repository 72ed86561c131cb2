/**
 * `tessera dev [THEME_DIR] [--context page.json] [--port N] [--host H] [--tweak name=value]…`: the dev server
 * (server/dev/) until Ctrl-C. Prints where it listens and every template problem, with its code frame, as files
 * are saved. Each `--tweak` sets one of the theme's tweaks for the pages served, checked as the owner API checks
 * it (an unknown name or a value the tweak refuses is a usage error).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readContextFile } from '../server/dev/context-page.js';
import { startDevServer } from '../server/dev/dev-server.js';
import { Theme } from '../server/theme.js';
import { checkThemeDir, defaultThemeDir } from '../server/theme/theme-dir.js';
import { checkTweakValues } from '../server/theme/tweaks/tweak-values.js';
import { allowedOriginsFromEnv } from '../server/security/allowed-origins.js';
import { UsageError } from './usage-error.js';

export async function runDev(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { context: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, tweak: { type: 'string', multiple: true } },
  });
  if (positionals.length > 1) throw new UsageError('dev takes one theme folder');
  const port = values.port === undefined ? 3000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (got ${values.port})`);
  const themeDir = resolve(positionals[0] ?? defaultThemeDir());
  // the usual mistakes in one line each, before anything starts
  try {
    checkThemeDir(themeDir);
    allowedOriginsFromEnv(process.env);
    if (values.context !== undefined) readContextFile(values.context);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const tweaks = tweakFlags(themeDir, values.tweak ?? []);
  let server;
  try {
    server = await startDevServer({
      themeDir,
      ...(values.context === undefined ? {} : { contextFile: values.context }),
      ...(values.host === undefined ? {} : { host: values.host }),
      port,
      tweaks,
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

/** The `--tweak name=value` flags as values the theme's tweaks accept; a usage error says what is wrong with them. */
export function tweakFlags(themeDir: string, flags: readonly string[]): Record<string, string> {
  if (flags.length === 0) return {};
  const given: Record<string, string> = {};
  for (const flag of flags) {
    const eq = flag.indexOf('=');
    if (eq <= 0) throw new UsageError(`--tweak takes name=value (got ${JSON.stringify(flag)})`);
    Object.defineProperty(given, flag.slice(0, eq).trim(), { value: flag.slice(eq + 1), enumerable: true, writable: true, configurable: true });
  }
  const { values, problems } = checkTweakValues(new Theme(themeDir, false).tweaks(), given);
  if (problems.length > 0) throw new UsageError(`--tweak: ${problems.join(' ')}`);
  return values;
}
