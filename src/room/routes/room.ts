// The room view: every table's row and the settings, by request and as a websocket that gets each change.
import { defineRoutes } from '../../http/routeModules.js';
import type { RoomAppContext } from '../roomApp.js';

export const routes = defineRoutes<RoomAppContext>((app, ctx) => {
  const { staff, sockets, tablesView } = ctx;
  app.get('/api/room', { config: staff }, async () => tablesView());
  app.get('/ws', { websocket: true, config: staff }, (socket) => {
    sockets.add(socket);
    socket.send(JSON.stringify({ type: 'room', ...tablesView() }));
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
});
