// The views a table publishes to the room (public, delayed overlay, commentator): a hub of the table link's own, fed
// the session's states, so that the overlay's broadcast delay is the hub's own buffer and every payload comes from
// viewFor. Each role's socket is a topic; a view is dropped, never queued, while the broker is away.
import type { MqttClient } from 'mqtt';
import type { MonotonicClock, WallClock } from '../clock/index.js';
import { LiveHub } from '../views/hub.js';
import { encodeMessage, PROTOCOL_VERSION, topics, type ViewMessage } from './protocol.js';

/** the roles whose views go to the room (the commentator's is not retained: it carries hole cards live) */
export const ROOM_VIEW_ROLES = ['public', 'overlay', 'commentator'] as const;

export function startViewStreams(o: {
  client: MqttClient;
  tableId: string;
  broadcastDelayMs: number;
  mono: MonotonicClock;
  now: WallClock;
}): LiveHub {
  const { client, tableId, now } = o;
  const hub = new LiveHub({ broadcastDelayMs: o.broadcastDelayMs, mono: o.mono, wall: now });
  for (const role of ROOM_VIEW_ROLES) {
    hub.add(
      {
        readyState: 1,
        bufferedAmount: 0,
        send(data: string) {
          if (!client.connected) return;
          const msg = JSON.parse(data) as { type: string; view?: Record<string, unknown> | null };
          if (msg.type !== 'view') return;
          const payload: ViewMessage = {
            v: PROTOCOL_VERSION,
            kind: 'view',
            tableId,
            role,
            sent: now(),
            view: msg.view ?? null,
          };
          client.publish(topics.table(tableId, role), encodeMessage('view', payload), {
            qos: 0,
            retain: role !== 'commentator',
          });
        },
        close() {},
        terminate() {},
      },
      role,
    );
  }
  hub.start();
  return hub;
}
