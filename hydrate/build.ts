/**
 * The islands' build: esbuild bundles the loader and one entry per island, with the code they share (react,
 * react-dom, the cart store) split into shared chunks; everything content-hashed, minified for production and
 * precompressed (gzip, brotli) so the server sends bytes as they are. `manifest.json` maps island names to
 * files and lists each file's imports and sizes.
 *
 * `node dist/hydrate/build.js [OUTDIR] [--if-stale]` (npm run build runs it; `npm start` with `--if-stale`, which
 * builds only when a file the last build read has changed since); default `dist/islands`.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { buildArguments, isFresh, metafileInputs } from './build-inputs.js';

export interface IslandFile {
  /** Files this one imports statically (transitively resolvable through `files`). */
  readonly imports: string[];
  readonly bytes: number;
  readonly gzip: number;
  readonly brotli: number;
}

export interface IslandManifest {
  readonly loader: string;
  readonly islands: Record<string, string>;
  readonly files: Record<string, IslandFile>;
  /** The source files the build read, relative to the repository root (hydrate/build-inputs.ts). */
  readonly inputs: readonly string[];
}

/** The island entries by name: `hydrate/islands/{name}.ts(x)`. */
export const ISLAND_ENTRIES = ['product-form', 'cart-pill', 'cart-lines', 'installment-pill', 'restock', 'form', 'platform-commerce', 'account'] as const;

/** The repository root, from `hydrate/` in the sources or `dist/hydrate/` when built. */
function sourceRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(dirname(here)) === 'dist' ? resolve(here, '..', '..') : resolve(here, '..');
}

async function entryFile(root: string, name: string): Promise<string> {
  const dir = join(root, 'hydrate', 'islands');
  const files = await readdir(dir);
  const file = files.find((f) => f === `${name}.ts` || f === `${name}.tsx`);
  if (file === undefined) throw new Error(`island ${name} has no entry in ${dir}`);
  return join(dir, file);
}

export async function buildIslands(outdir = join(sourceRoot(), 'dist', 'islands')): Promise<IslandManifest> {
  const root = sourceRoot();
  const entries: Record<string, string> = { loader: join(root, 'hydrate', 'loader.ts') };
  for (const name of ISLAND_ENTRIES) entries[name] = await entryFile(root, name);
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify: true,
    treeShaking: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'shared-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    write: true,
    logLevel: 'silent',
  });
  return writeManifest(outdir, result.metafile, metafileInputs(result.metafile, root));
}

async function writeManifest(outdir: string, metafile: Metafile, inputs: readonly string[]): Promise<IslandManifest> {
  const files: Record<string, IslandFile> = {};
  const islands: Record<string, string> = {};
  let loader = '';
  const cwd = process.cwd();
  for (const [path, output] of Object.entries(metafile.outputs)) {
    if (!path.endsWith('.js')) continue;
    const file = basename(path);
    const bytes = await readFile(resolve(cwd, path));
    const gzip = gzipSync(bytes, { level: 9 });
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    await writeFile(join(outdir, `${file}.gz`), gzip);
    await writeFile(join(outdir, `${file}.br`), brotli);
    files[file] = {
      imports: output.imports.filter((i) => i.kind === 'import-statement').map((i) => basename(i.path)),
      bytes: bytes.length,
      gzip: gzip.length,
      brotli: brotli.length,
    };
    const entry = output.entryPoint === undefined ? null : basename(output.entryPoint).replace(/\.tsx?$/, '');
    if (entry === 'loader') loader = file;
    else if (entry !== null && (ISLAND_ENTRIES as readonly string[]).includes(entry)) islands[entry] = file;
  }
  const manifest: IslandManifest = { loader, islands, files, inputs };
  await writeFile(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { out, ifStale } = buildArguments(process.argv.slice(2));
  const outdir = out === undefined ? join(sourceRoot(), 'dist', 'islands') : resolve(out);
  if (ifStale && isFresh(join(outdir, 'manifest.json'), sourceRoot())) {
    console.log('islands: up to date');
    process.exit(0);
  }
  const manifest = await buildIslands(outdir);
  const total = Object.values(manifest.files).reduce((n, f) => n + f.gzip, 0);
  console.log(`islands: ${Object.keys(manifest.files).length} files, ${total} bytes gzip, in ${relative(process.cwd(), out ?? join(sourceRoot(), 'dist', 'islands')) || '.'}`);
}
