// The live websocket: the role's full view on connect, then every change (the hub); the tablet's and the floor's
// messages, each answered with what it did (tabletMessages.ts) or a refusal by its code.
import type { WebSocket } from 'ws';
import { FeltwireError } from '../../errors.js';
import { defineRoutes } from '../../http/routeModules.js';
import { ROLES } from '../../views/liveState.js';
import type { TableContext } from '../context.js';
import { tokenQuery } from '../httpCommon.js';
import { MessageError, parseInbound } from '../messages.js';
import { act } from '../tabletMessages.js';

export const routes = defineRoutes<TableContext>((app, ctx) => {
  const { hub } = ctx;
  app.get(
    '/ws',
    { websocket: true, schema: { querystring: tokenQuery }, config: { roles: ROLES } },
    (socket: WebSocket, req) => {
      const role = req.role;
      hub.add(socket, role);
      socket.on('message', (data, isBinary) => {
        const raw = isBinary ? '' : data.toString();
        let ref: string | number | undefined;
        try {
          const msg = parseInbound(raw, role);
          ref = msg.ref;
          const outcome = act(ctx, msg, role);
          hub.sendTo(socket, outcome ? { type: 'ok', ref: msg.ref, outcome } : { type: 'ok', ref: msg.ref });
        } catch (err) {
          if (err instanceof MessageError)
            hub.sendTo(socket, { type: 'error', code: err.code, message: err.message, ref: err.ref });
          else if (err instanceof FeltwireError) {
            // a refusal of the hand (SessionError, TapError) or a fault of the storage (StoreError): said by its code
            if (err.status >= 500) req.log.error({ err }, 'websocket message failed');
            hub.sendTo(socket, { type: 'error', code: err.code, message: err.message, ref });
          } else {
            req.log.error({ err }, 'websocket message failed');
            hub.sendTo(socket, { type: 'error', code: 'INTERNAL', message: 'internal error' });
          }
        }
      });
      socket.on('close', () => hub.remove(socket));
      socket.on('error', () => hub.remove(socket));
    },
  );
});
