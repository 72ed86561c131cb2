/**
 * The little of YUI 3's types the runtime touches (the `yui` package ships none): the global `YUI`, an
 * instance `Y` with `use`, `namespace` and the `Global` event target themes listen on.
 */

export interface YuiEventTarget {
  on(type: string, fn: (...args: unknown[]) => void, context?: unknown): { detach(): void };
  fire(type: string, ...args: unknown[]): boolean;
}

export interface YuiInstance {
  use(...args: unknown[]): YuiInstance;
  namespace(path: string): Record<string, unknown>;
  readonly Global: YuiEventTarget;
  readonly version: string;
  Squarespace: Record<string, unknown>;
  [key: string]: unknown;
}

export interface YuiConstructor {
  (config?: Record<string, unknown>): YuiInstance;
  add(name: string, fn: (Y: YuiInstance) => void, version: string, details?: { requires?: string[] }): void;
  readonly Env: Record<string, unknown>;
}

/** The window as the platform's scripts leave it. */
export interface PlatformWindow extends Window {
  YUI?: YuiConstructor;
  YUI_config?: Record<string, unknown>;
  Y?: YuiInstance;
  Static?: { SQUARESPACE_CONTEXT?: Record<string, unknown> };
  Squarespace?: Record<string, unknown>;
  ImageLoader?: unknown;
  SQUARESPACE_ROLLUPS?: Record<string, unknown>;
  UserAccountApi?: unknown;
  Singleton?: unknown;
}

export const platformWindow = (): PlatformWindow => window as PlatformWindow;
