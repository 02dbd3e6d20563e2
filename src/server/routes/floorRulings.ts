// The floor's rulings on the hand (misdeal, void, the hand stands, award) as routes too (floorRulings.ts).
import { defineRoutes } from '../../http/routeModules.js';
import type { TableContext } from '../context.js';
import { registerFloorRulings } from '../floorRulings.js';

export const routes = defineRoutes<TableContext>((app, ctx) => registerFloorRulings(app, ctx.session, ctx.now));
