/**
 * The platform runtime's build (`npm run build` runs it after the islands'): one classic script every page of
 * a platform theme loads from `{squarespace-headers}`, and YUI 3's module tree for the modules a theme
 * `Y.use`s beyond it. Everything is content-hashed, minified and precompressed (gzip, brotli), written to
 * `dist/platform-runtime/` with a `manifest.json`; the server sends the bytes as they are (server/routes/platform-runtime.ts).
 *
 * The script is, in order: `YUI_config` (the loader's base is this server's module tree, the installed `yui`
 * package served under `yui-{hash}/`; no combo service, so nothing is ever fetched from another host), YUI's seed (`yui-base`, from the `yui` package), the
 * preloaded modules (runtime/yui-modules.ts), then the runtime itself (runtime/main.ts, bundled by esbuild).
 *
 * `node dist/runtime/build.js [OUTDIR] [--if-stale]` (`--if-stale`: only when a file the last build read changed);
 * default `dist/platform-runtime`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildArguments, isFresh, metafileInputs } from '../hydrate/build-inputs.js';
import { RUNTIME_PATH, type RuntimeFile, type RuntimeManifest } from './manifest.js';
import { preloadedModuleOrder, yuiPackageDir, yuiVersion } from './yui-modules.js';

/** The repository root, from `runtime/` in the sources or `dist/runtime/` when built. */
function sourceRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(dirname(here)) === 'dist' ? resolve(here, '..', '..') : resolve(here, '..');
}

const hash = (data: Buffer | string, length = 12) => createHash('sha256').update(data).digest('hex').slice(0, length);

/** Writes `file` with its `.gz` and `.br` beside it; answers its sizes. */
function writePrecompressed(file: string, bytes: Buffer, brotliQuality: number): RuntimeFile {
  const gzip = gzipSync(bytes, { level: 9 });
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  writeFileSync(`${file}.gz`, gzip);
  writeFileSync(`${file}.br`, brotli);
  return { bytes: bytes.length, gzip: gzip.length, brotli: brotli.length };
}

/** The YUI config the script starts with: the loader's base is this server's module tree, and nothing else. */
function yuiConfig(base: string): string {
  const local = { base, combine: false, comboBase: `${base}?`, root: '' };
  // the loader's own groups point at Yahoo's servers: here they point at the tree (and so 404) instead
  const groups = { gallery: { ...local, base: `${base}gallery/`, patterns: { 'gallery-': {}, 'lang/gallery-': {}, 'gallerycss-': { type: 'css' } } }, yui2: { ...local, base: `${base}yui2/`, patterns: { 'yui2-': {} } } };
  // `global` given, YUI finds the global object without compiling code at run time (`Function('return this')`),
  // which a content policy without 'unsafe-eval' refuses
  return `window.YUI_config=${JSON.stringify({ ...local, groups, logLevel: 'warn' })};window.YUI_config.global=window;\n`;
}

export async function buildRuntime(outdir = join(sourceRoot(), 'dist', 'platform-runtime')): Promise<RuntimeManifest> {
  const root = sourceRoot();
  const yuiDir = yuiPackageDir();
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const files: Record<string, RuntimeFile> = {};

  // YUI's module tree is served from the installed package (server/routes/platform-runtime.ts); an npm
  // release never changes, so its package.json names the tree's content
  const yuiFolder = `yui-${hash(readFileSync(join(yuiDir, 'package.json')))}`;

  // the one script: config, seed, preloaded modules, runtime
  const preloaded = preloadedModuleOrder();
  const runtime = await build({
    entryPoints: [join(root, 'runtime', 'main.ts')],
    bundle: true,
    format: 'iife',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const parts = [
    yuiConfig(`${RUNTIME_PATH}${yuiFolder}/`),
    readFileSync(join(yuiDir, 'yui-base', 'yui-base-min.js'), 'utf8'),
    ...preloaded.map((name) => readFileSync(join(yuiDir, name, `${name}-min.js`), 'utf8')),
    runtime.outputFiles[0]!.text,
  ];
  const script = Buffer.from(parts.map((p) => p.trimEnd()).join('\n') + '\n');
  const scriptName = `runtime-${hash(script)}.js`;
  files[scriptName] = writePrecompressed(join(outdir, scriptName), script, 11);

  // what a later `--if-stale` build compares: the runtime's sources and the YUI files the script holds
  const yuiFiles = [join(yuiDir, 'package.json'), join(yuiDir, 'yui-base', 'yui-base-min.js'), ...preloaded.map((name) => join(yuiDir, name, `${name}-min.js`))];
  const inputs = [...metafileInputs(runtime.metafile, root), ...yuiFiles.map((f) => relative(root, f).split('\\').join('/'))].sort();
  const manifest: RuntimeManifest = { script: scriptName, yuiFolder, yuiVersion: yuiVersion(), preloaded, files, inputs };
  writeFileSync(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Whether the runtime in `outdir` is as a build now would make it (`scripts`: as in hydrate/build.ts's islandsUpToDate). */
export function runtimeUpToDate(outdir = join(sourceRoot(), 'dist', 'platform-runtime'), scripts: readonly string[] = []): boolean {
  return isFresh(join(outdir, 'manifest.json'), sourceRoot(), scripts);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { out, ifStale } = buildArguments(process.argv.slice(2));
  const outdir = out === undefined ? join(sourceRoot(), 'dist', 'platform-runtime') : resolve(out);
  if (ifStale && runtimeUpToDate(outdir)) {
    console.log('runtime: up to date');
    process.exit(0);
  }
  const manifest = await buildRuntime(outdir);
  const script = manifest.files[manifest.script]!;
  console.log(`runtime: ${manifest.script} ${script.bytes} bytes, ${script.gzip} gzip, ${script.brotli} brotli; YUI ${manifest.yuiVersion} (${manifest.preloaded.length} modules inside; the others under ${RUNTIME_PATH}${manifest.yuiFolder}/)`);
}
