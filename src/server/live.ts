// startLive: the live service (src/service/live.ts startService: log, session, tokens, archive, table source, room
// link) with the table app (app.ts) as its HTTP and websocket side. `feltwire start`, the end-to-end tests, the live
// bench and the room's simulated tables (src/simRoom) start a table here.
import { type LiveOptions, type LiveService, startService } from '../service/live.js';
import { tableWeb } from './app.js';

export type { LiveOptions, LiveService, TableSource, TableSourceFactory } from '../service/live.js';

export function startLive(opts: LiveOptions): Promise<LiveService> {
  return startService(opts, tableWeb);
}
