/**
 * The built platform runtime (`dist/platform-runtime`, written by runtime/build.ts): its one script, kept in memory with
 * its precompressed forms, and YUI 3's module tree, served from the installed `yui` package for the modules a
 * theme `Y.use`s beyond the script (each file compressed once, the first time it is asked for, then kept).
 * Read once per process; without a build, platform pages get no runtime and still render.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RUNTIME_PATH, type RuntimeManifest } from '../../runtime/manifest.js';
import { yuiPackageDir } from '../../runtime/yui-modules.js';
import { repoRoot } from '../db/database.js';
import type { Precompressed } from '../routes/precompressed.js';

export { RUNTIME_PATH };

/** The module tree's files a browser may ask for, by extension, with their media types. */
const YUI_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

export interface RuntimeFile {
  readonly type: string;
  /** Text files (scripts, CSS) with their compressed forms; pictures as they are. */
  readonly body: { readonly precompressed: Precompressed } | { readonly raw: Buffer };
}

export class RuntimeAssets {
  private readonly tree = new Map<string, RuntimeFile | null>();

  private constructor(
    readonly manifest: RuntimeManifest | null,
    private readonly script: Precompressed | null,
  ) {}

  /** The build in `dir`; none (runtime not built): pages get no runtime. */
  static load(dir = join(repoRoot(), 'dist', 'platform-runtime')): RuntimeAssets {
    const manifestFile = join(dir, 'manifest.json');
    if (!existsSync(manifestFile)) return new RuntimeAssets(null, null);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as RuntimeManifest;
    const path = join(dir, manifest.script);
    return new RuntimeAssets(manifest, { raw: readFileSync(path), gzip: readFileSync(`${path}.gz`), brotli: readFileSync(`${path}.br`) });
  }

  /** The runtime's script tag, or '' when it is not built. */
  get scriptTag(): string {
    return this.manifest === null ? '' : `<script src="${RUNTIME_PATH}${this.manifest.script}"></script>`;
  }

  /** A file under RUNTIME_PATH: the script, or `yui-{hash}/{module}/{file}` of the module tree; undefined if none. */
  file(path: string): RuntimeFile | undefined {
    if (this.manifest === null) return undefined;
    if (path === this.manifest.script && this.script !== null) return { type: YUI_TYPES['.js']!, body: { precompressed: this.script } };
    const prefix = `${this.manifest.yuiFolder}/`;
    if (!path.startsWith(prefix)) return undefined;
    const inTree = path.slice(prefix.length);
    if (!this.tree.has(inTree)) this.tree.set(inTree, readTreeFile(inTree));
    return this.tree.get(inTree) ?? undefined;
  }
}

/** `{module}/{module}-min.js` or a file under `{module}/assets/` of the yui package; null for anything else. */
function readTreeFile(path: string): RuntimeFile | null {
  const parts = path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))) return null;
  const [module, second] = parts;
  const wanted = parts.length === 2 ? second === `${module}-min.js` : second === 'assets';
  const type = YUI_TYPES[extname(path)];
  if (!wanted || type === undefined) return null;
  const root = yuiPackageDir();
  const file = join(root, ...parts);
  if (!existsSync(file)) return null;
  // a symlink out of the package is not served
  if (!realpathSync(file).startsWith(realpathSync(root) + sep)) return null;
  const raw = readFileSync(file);
  if (!type.startsWith('text/')) return { type, body: { raw } };
  const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  return { type, body: { precompressed: { raw, gzip: gzipSync(raw, { level: 9 }), brotli } } };
}
