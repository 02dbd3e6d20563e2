// The table's health (what is wrong: the log's storage, the link's counters, the hub's clients), who the caller is,
// and the state as the caller's role sees it.

import { defineRoutes } from '../../http/routeModules.js';
import { storageView } from '../../service/storageAlerts.js';
import { ROLES } from '../../views/liveState.js';
import { viewFor } from '../../views/views.js';
import type { TableContext } from '../context.js';
import { tokenQuery } from '../httpCommon.js';

export const routes = defineRoutes<TableContext>((app, ctx) => {
  const { session, hub, now, mono, logFault } = ctx;
  app.get('/api/health', { schema: { querystring: tokenQuery }, config: { roles: ROLES } }, async () => {
    const fault = logFault();
    return {
      ok: fault === null,
      hand: session.handNo,
      clients: hub.stats().clients,
      storage: fault ? storageView(fault) : { state: 'ok' },
      counters: session.snapshot(now()).health.counters,
    };
  });

  app.get('/api/whoami', { schema: { querystring: tokenQuery }, config: { roles: ROLES } }, async (req) => ({
    role: req.role,
    delayMs: viewFor(req.role, { kind: 'delay', broadcastDelayMs: hub.broadcastDelayMs }, mono()),
  }));

  app.get('/api/state', { schema: { querystring: tokenQuery }, config: { roles: ROLES } }, async (req) => {
    const live = hub.current();
    return { view: live ? viewFor(req.role, live, mono()) : null };
  });
});
