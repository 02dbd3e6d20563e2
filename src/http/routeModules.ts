// Routes live one concern to a file in a `routes/` folder of their app (src/server/routes, src/room/routes); each
// file exports `routes`, made with defineRoutes. autoloadRoutes reads the folder's listing when the app is built and
// registers every module in it, in the order of their file names, with the app's context: a new route file is
// served without being named anywhere else (fastify/demo's autoload, without the dependency).
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { FeltwireError } from '../errors.js';

/** a module of routes: registers them on the app, given the app's context */
export interface RouteModule<C> {
  readonly register: (app: FastifyInstance, ctx: C) => void | Promise<void>;
}

export function defineRoutes<C>(register: RouteModule<C>['register']): RouteModule<C> {
  return { register };
}

/** a file in a routes folder that is not a route module: a fault of ours, found when the app is built */
export class RouteModuleError extends FeltwireError<'ROUTE_MODULE'> {
  constructor(message: string) {
    super('ROUTE_MODULE', message);
    this.name = 'RouteModuleError';
  }
  get status(): number {
    return 500;
  }
}

/** the route modules' files in `dir` (sources under vitest, compiled files in dist), sorted by name */
export function routeFiles(dir: URL): string[] {
  return readdirSync(dir)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
}

/** Registers every route module of the folder `dir` on `app` with `ctx`. */
export async function autoloadRoutes<C>(app: FastifyInstance, dir: URL, ctx: C): Promise<string[]> {
  const files = routeFiles(dir);
  for (const file of files) {
    const mod = (await import(new URL(file, dir).href)) as { routes?: Partial<RouteModule<C>> };
    if (typeof mod.routes?.register !== 'function')
      throw new RouteModuleError(`${file} in ${dir.pathname} exports no routes (defineRoutes)`);
    await mod.routes.register(app, ctx);
  }
  return files;
}
