/**
 * The islands' build: esbuild bundles the loader and one entry per island, with the code they share (react,
 * react-dom, the cart store) split into shared chunks; everything content-hashed, minified for production and
 * precompressed (gzip, brotli) so the server sends bytes as they are. The visitor tracker
 * (hydrate/analytics/tracker.ts) and its performance reporter (performance-entry.ts) are built beside them, each
 * one classic script of its own (no shared chunk, no import: a page loads them with `defer` and nothing else).
 * `manifest.json` maps island names to files, names the loader's and the trackers' files, and lists each file's
 * imports and sizes.
 *
 * `node dist/hydrate/build.js [OUTDIR] [--if-stale]` (npm run build runs it; `npm start` with `--if-stale`, which
 * builds only when a file the last build read has changed since); default `dist/islands`.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
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
  /** The visitor tracker's file (absent from a manifest written before it existed). */
  readonly tracker?: string;
  /** The performance reporter's file, loaded beside the tracker. */
  readonly performance?: string;
  /** The owner's admin app at /config (hydrate/admin/), a build of its own: never imported by an island. */
  readonly admin?: string;
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
  const common: BuildOptions & { metafile: true } = {
    outdir,
    bundle: true,
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify: true,
    treeShaking: true,
    entryNames: '[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    write: true,
    logLevel: 'silent',
  };
  const result = await build({ ...common, entryPoints: entries, splitting: true, format: 'esm', chunkNames: 'shared-[hash]', jsx: 'automatic' });
  const trackerEntries = { [TRACKER_ENTRY]: join(root, 'hydrate', 'analytics', 'tracker.ts'), [PERFORMANCE_ENTRY]: join(root, 'hydrate', 'analytics', 'performance-entry.ts') };
  const tracker = await build({ ...common, entryPoints: trackerEntries, format: 'iife' });
  // the admin: its own build, so no chunk is shared with the storefront's islands (whose budgets it must not
  // move); one chunk per screen (the app imports each screen with `import()`), all named `admin-…`
  const admin = await build({
    ...common,
    entryPoints: { [ADMIN_ENTRY]: join(root, 'hydrate', 'admin', 'admin.tsx') },
    splitting: true,
    format: 'esm',
    chunkNames: 'admin-[hash]',
    jsx: 'automatic',
  });
  const parts = [result.metafile, tracker.metafile, admin.metafile];
  const metafile: Metafile = { inputs: Object.assign({}, ...parts.map((m) => m.inputs)), outputs: Object.assign({}, ...parts.map((m) => m.outputs)) };
  return writeManifest(outdir, metafile, metafileInputs(metafile, root));
}

/** The admin app's entry name (its file is `admin-{hash}.js`, its screens' chunks `admin-{hash}.js` too). */
export const ADMIN_ENTRY = 'admin';

/** The tracker's and the performance reporter's entry names (their files are `{name}-{hash}.js`). */
export const TRACKER_ENTRY = 'tracker';
export const PERFORMANCE_ENTRY = 'performance';

async function writeManifest(outdir: string, metafile: Metafile, inputs: readonly string[]): Promise<IslandManifest> {
  const files: Record<string, IslandFile> = {};
  const islands: Record<string, string> = {};
  let loader = '';
  let tracker: string | undefined;
  let performance: string | undefined;
  let admin: string | undefined;
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
    else if (output.entryPoint?.endsWith(`analytics/${TRACKER_ENTRY}.ts`) === true) tracker = file;
    else if (output.entryPoint?.endsWith('analytics/performance-entry.ts') === true) performance = file;
    else if (output.entryPoint?.endsWith(`admin/${ADMIN_ENTRY}.tsx`) === true) admin = file;
    // an island is an entry of hydrate/islands/ only: the admin's screens are entries too (each `import()` is one),
    // and one may share an island's name (its Back in stock screen, `restock`)
    else if (entry !== null && output.entryPoint?.includes('hydrate/islands/') === true && (ISLAND_ENTRIES as readonly string[]).includes(entry)) islands[entry] = file;
  }
  const manifest: IslandManifest = {
    loader,
    ...(tracker === undefined || performance === undefined ? {} : { tracker, performance }),
    ...(admin === undefined ? {} : { admin }),
    islands,
    files,
    inputs,
  };
  await writeFile(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Whether the islands in `outdir` are as a build now would make them: every file the last build read is older
 * than its manifest (a build from before the tracker or the admin existed lists none of their files, so it is
 * stale however new it is). `scripts`: more files the output depends on (the test setup names the build's own code).
 */
export async function islandsUpToDate(outdir = join(sourceRoot(), 'dist', 'islands'), scripts: readonly string[] = []): Promise<boolean> {
  const manifest = join(outdir, 'manifest.json');
  const text = isFresh(manifest, sourceRoot(), scripts) ? await readFile(manifest, 'utf8') : '';
  return text.includes('"tracker"') && text.includes('"admin"');
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { out, ifStale } = buildArguments(process.argv.slice(2));
  const outdir = out === undefined ? join(sourceRoot(), 'dist', 'islands') : resolve(out);
  if (ifStale && (await islandsUpToDate(outdir))) {
    console.log('islands: up to date');
    process.exit(0);
  }
  const manifest = await buildIslands(outdir);
  const total = Object.values(manifest.files).reduce((n, f) => n + f.gzip, 0);
  console.log(`islands: ${Object.keys(manifest.files).length} files, ${total} bytes gzip, in ${relative(process.cwd(), out ?? join(sourceRoot(), 'dist', 'islands')) || '.'}`);
}
