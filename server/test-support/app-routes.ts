import type { Express } from 'express';

/** A route of the app as Express holds it: its full path and the methods it answers. */
export interface AppRoute {
  path: string;
  methods: string[];
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
  rawPath?: string | string[];
}

const READ_AND_WRITE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function routesOf(stack: RouterLayer[], prefix = ''): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const layer of stack) {
    if (layer.route) {
      // `.all()` (the 405 answers) lists every method Node knows; only the ones the site serves count.
      const methods = Object.keys(layer.route.methods)
        .map((method) => method.toUpperCase())
        .filter((method) => READ_AND_WRITE_METHODS.includes(method));
      for (const routePath of [layer.route.path].flat()) routes.push({ path: prefix + routePath, methods });
    } else if (layer.handle.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      routes.push(...routesOf(layer.handle.stack, prefix + mount));
    }
  }
  return routes;
}

/** Every route of the app, found by walking Express's router stack: a new route is found without a list to keep. */
export const appRoutes = (app: Express): AppRoute[] => routesOf((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);

/** An address the route answers: each `:param` (and a `*rest`) filled with 1. */
export const concretePath = (path: string) => path.replace(/:(\w+)\??/g, '1').replace(/\*\w*/g, '1');
