/**
 * What the runtime's build (runtime/build.ts) writes to `dist/platform-runtime/manifest.json`, and where the
 * server serves it: shared by the build and the server (server/runtime/assets.ts), which must not load esbuild.
 */

/** Where the runtime's files are served (server/routes/platform-runtime.ts). */
export const RUNTIME_PATH = '/static/runtime/';

export interface RuntimeFile {
  readonly bytes: number;
  readonly gzip: number;
  readonly brotli: number;
}

export interface RuntimeManifest {
  /** The script every platform page loads (`runtime-{hash}.js`). */
  readonly script: string;
  /** The YUI module tree's folder (`yui-{hash}` of the package's package.json), the loader's base under RUNTIME_PATH. */
  readonly yuiFolder: string;
  readonly yuiVersion: string;
  /** The YUI modules inside the script, in order. */
  readonly preloaded: readonly string[];
  /** The runtime's own files (the script), with their sizes. */
  readonly files: Readonly<Record<string, RuntimeFile>>;
  /** The files the build read, relative to the repository root (hydrate/build-inputs.ts, for `--if-stale`). */
  readonly inputs: readonly string[];
}
