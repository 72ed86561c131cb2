/**
 * The well-known libraries Tessera serves from this server in place of a public CDN (cdn-urls.ts): jQuery's
 * last release of each major line a theme may ask for, from the npm packages `jquery1`, `jquery2`, `jquery3`
 * (aliases of `jquery` 1.12.4, 2.2.4, 3.8.0: npm has no 1.10.2, so the last of its line stands in). Each file
 * is named by its content's hash (`/static/libraries/jquery-1.12.4.min.5f3a….js`) and so cached for good,
 * compressed once, the first time it is asked for. Read once per process, when a template first names one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Precompressed } from '../routes/precompressed.js';
import type { CdnLibrary } from './cdn-urls.js';

export const LIBRARIES_PATH = '/static/libraries/';

/** The npm package serving each major line of jQuery. */
const JQUERY_PACKAGES: Readonly<Record<number, string>> = { 1: 'jquery1', 2: 'jquery2', 3: 'jquery3' };

/** A library file served here. */
export interface LocalLibrary {
  /** What it is, in words: `jQuery 1.12.4`, `jQuery 3.8.0 (slim)`. */
  readonly title: string;
  readonly version: string;
  /** Its URL on this server. */
  readonly url: string;
  /** The file in its package. */
  readonly path: string;
}

const require = createRequire(import.meta.url);

export class LocalLibraries {
  private readonly byKey = new Map<string, LocalLibrary | null>();
  private readonly byFile = new Map<string, LocalLibrary>();
  private readonly compressed = new Map<string, Precompressed>();

  /** The local file serving what a CDN address asks for (the last release of its major line), or null. */
  forCdn(library: CdnLibrary): LocalLibrary | null {
    const key = `${library.major}${library.slim ? '.slim' : ''}`;
    if (!this.byKey.has(key)) this.byKey.set(key, this.read(library.major, library.slim));
    return this.byKey.get(key)!;
  }

  private read(major: number, slim: boolean): LocalLibrary | null {
    const name = JQUERY_PACKAGES[major];
    if (name === undefined) return null;
    let root: string;
    try {
      root = dirname(require.resolve(`${name}/package.json`));
    } catch {
      return null;
    }
    const path = join(root, 'dist', slim ? 'jquery.slim.min.js' : 'jquery.min.js');
    if (!existsSync(path)) return null;
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
    const hash = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);
    const file = `jquery-${version}${slim ? '.slim' : ''}.min.${hash}.js`;
    const library: LocalLibrary = { title: `jQuery ${version}${slim ? ' (slim)' : ''}`, version, url: `${LIBRARIES_PATH}${file}`, path };
    this.byFile.set(file, library);
    return library;
  }

  /** A file under LIBRARIES_PATH with its compressed forms, or undefined (not one of the libraries). */
  file(name: string): Precompressed | undefined {
    // a page rendered before a restart may ask before any template of this process named its library
    if (!this.byFile.has(name)) for (const major of Object.keys(JQUERY_PACKAGES)) for (const slim of [false, true]) this.forCdn({ name: 'jquery', version: major, major: Number(major), slim });
    const library = this.byFile.get(name);
    if (library === undefined) return undefined;
    let body = this.compressed.get(name);
    if (body === undefined) {
      const raw = readFileSync(library.path);
      const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
      body = { raw, gzip: gzipSync(raw, { level: 9 }), brotli };
      this.compressed.set(name, body);
    }
    return body;
  }
}

let shared: LocalLibraries | null = null;

/** The process's libraries (templates are rewritten to them; the route serves them). */
export function localLibraries(): LocalLibraries {
  shared ??= new LocalLibraries();
  return shared;
}
