// The floor's resync with the readers as a route too (resync.ts; no reader feeds the session: refused, 409).
import { defineRoutes } from '../../http/routeModules.js';
import type { TableContext } from '../context.js';
import { registerResync } from '../resync.js';

export const routes = defineRoutes<TableContext>((app, ctx) => registerResync(app, ctx.resync, ctx.session, ctx.now));
