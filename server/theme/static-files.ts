/**
 * `/assets/…`, `/scripts/…` and `/versioned-assets/…` (`<squarespace:versioned-asset>`): a theme's own static
 * files, as the platform serves them, cached for an hour (their names are not hashed, so not for good). Every path stays inside the folder: `..` segments, NUL and
 * backslashes are refused, and the real path (symlinks followed) must still lie in the theme's folder.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

const TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under `root` that `path` names, or null if it is not a regular file inside `root`. */
export function confinedFile(root: string, path: string): string | null {
  if (path === '' || path.includes('\0') || path.includes('\\')) return null;
  if (path.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) return null;
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(join(realRoot, path));
    if (!real.startsWith(realRoot + sep)) return null;
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

export const themeStaticFiles: FastifyPluginAsync<{ themeDir: string }> = async (app, { themeDir }) => {
  for (const folder of ['assets', 'scripts', 'versioned-assets']) {
    app.get<{ Params: { '*': string } }>(`/${folder}/*`, async (request, reply) => {
      const file = confinedFile(join(themeDir, folder), request.params['*']);
      if (file === null) return reply.callNotFound();
      return reply
        .type(TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(readFileSync(file));
    });
  }
};
