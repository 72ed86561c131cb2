/**
 * Which YUI 3 modules every platform page carries in the runtime's one script, and how their files are found
 * in the `yui` package: what platform themes use without asking (`Y.one`, `Y.all`, `Y.on`, `Node`, events,
 * `Y.Global`, JSON, `Y.io`), with everything they require. Any other module a theme `Y.use`s is fetched by
 * YUI's loader from this server (runtime/build.ts copies the package's modules), never from a CDN.
 *
 * The list is worked out at build time with YUI's own loader (its public `Y.Loader`): the modules' sorted
 * dependencies, less the seed (`yui-base`, bundled first) and the conditional modules, which only old
 * browsers (Internet Explorer) or Node.js load.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** The modules asked for; their requirements come along. */
export const PRELOADED_YUI_MODULES: readonly string[] = ['node', 'event-custom', 'event-resize', 'json', 'io-base'];

interface YuiLoader {
  resolve(calculate: boolean): unknown;
  readonly sorted: string[];
  readonly moduleInfo: Record<string, { condition?: unknown } | undefined>;
}

interface NodeYui {
  (config: Record<string, unknown>): { use(name: string): void; Loader: new (config: Record<string, unknown>) => YuiLoader };
}

const require = createRequire(import.meta.url);

/** The folder of the installed `yui` package. */
export function yuiPackageDir(): string {
  return dirname(require.resolve('yui/package.json'));
}

export function yuiVersion(): string {
  return (require('yui/package.json') as { version: string }).version;
}

/** The preloaded modules with their requirements, in the order they must run. */
export function preloadedModuleOrder(modules: readonly string[] = PRELOADED_YUI_MODULES): string[] {
  const { YUI } = require('yui') as { YUI: NodeYui };
  const Y = YUI({ useSync: true });
  Y.use('loader');
  const loader = new Y.Loader({ require: [...modules], ignoreRegistered: true });
  loader.resolve(true);
  const seed = new Set(['yui', 'yui-base', 'get', 'features', 'intl-base', 'yui-log', 'yui-later']);
  return loader.sorted.filter((name) => !seed.has(name) && !name.endsWith('-nodejs') && loader.moduleInfo[name]?.condition === undefined);
}
