/**
 * The app's route table: every route as it was declared (method, URL, schemas, config, guards), collected by an
 * onRoute hook on the root instance before any feature plugin registers (onRoute hooks are inherited, so every
 * plugin's routes are seen). It exists so that docs/http-api.md is generated from the routes themselves
 * (bin/docs/http-api.ts) and a new route cannot be missing from it; nothing at request time reads it.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export interface DeclaredRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: FastifySchema | undefined;
  readonly config: Readonly<Record<string, unknown>>;
  /** The route's own preValidation hooks (owner guards among them), as declared. */
  readonly preValidation: readonly unknown[];
  readonly bodyLimit: number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declared after `installRouteTable`, in declaration order (HEAD routes Fastify adds left out). */
    routeTable: DeclaredRoute[];
  }
}

export function installRouteTable(app: FastifyInstance): void {
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks = route.preValidation === undefined ? [] : [route.preValidation].flat();
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside each GET (after it); it answers like the GET and is not declared by us
      if (method === 'HEAD' && app.routeTable.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      app.routeTable.push({
        method,
        url: route.url,
        schema: route.schema,
        config: (route.config ?? {}) as Record<string, unknown>,
        preValidation: hooks,
        bodyLimit: route.bodyLimit,
      });
    }
  });
}
