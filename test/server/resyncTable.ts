// A table whose engine and readers disagree, for the floor's resync tests (session, websocket/route, floor page): the
// engine is told the deal and the blinds; the table layer has read the table as it is now (`where`) while it was not
// wired to the session (the engine missed those motions), then is wired as a source wires it (wireTableLayer).
import type { TableEvent } from '../../src/engine/types.js';
import { wireTableLayer } from '../../src/service/source.js';
import { TableSession } from '../../src/session/index.js';
import type { EventLog } from '../../src/session/log.js';
import { simulatedRegistry } from '../../src/sim/tags.js';
import { TableLayer } from '../../src/table/index.js';
import { CONFIG } from '../session/fakeEngine.js';
import { A, card, chip, simHardware } from '../table/helpers.js';

export const HOLE: Record<number, string[]> = { 1: ['7c', '2d'], 2: ['Ah', 'Qs'], 3: ['Kd', '9h'] };
const DEAL: Array<[number, string]> = [
  [2, 'Ah'],
  [3, 'Kd'],
  [1, '7c'],
  [2, 'Qs'],
  [3, '9h'],
  [1, '2d'],
];
type Ev = TableEvent extends infer E ? (E extends unknown ? Omit<E, 't'> : never) : never;

export const BLINDS = { [A.bet(2)]: [chip(0, 1), chip(0, 2)], [A.bet(3)]: [chip(1, 1)] };
/** the table as it lies: seat 1 folded into the muck and seat 2 called 100, both missed by the engine */
export const FOLD_AND_CALL: Record<number, string[]> = {
  [A.muck]: HOLE[1].map((c) => card(c)),
  [A.seat(2)]: HOLE[2].map((c) => card(c)),
  [A.seat(3)]: HOLE[3].map((c) => card(c)),
  [A.bet(2)]: [chip(0, 1), chip(0, 2), chip(0, 3), chip(0, 4)],
  [A.bet(3)]: BLINDS[A.bet(3)],
};
export const RESYNC_CONFIG = CONFIG;

export interface ReadersTable {
  session: TableSession;
  layer: TableLayer;
  wired: ReturnType<typeof wireTableLayer>;
}

export function readersTable(
  log: EventLog,
  where: Record<number, string[]>,
  clock: { wall: number },
  schedule?: (ms: number, fn: () => void) => () => void,
): ReadersTable {
  const now = () => clock.wall;
  const at = () => {
    clock.wall += 50;
    return clock.wall;
  };
  const session = new TableSession({ config: CONFIG, log, now, ...(schedule ? { schedule } : {}) });
  const evs: Ev[] = [
    { kind: 'dealer', button: 'shuffle' },
    { kind: 'chips', seat: 2, chips: [25, 25] },
    { kind: 'chips', seat: 3, chips: [100] },
    ...DEAL.map(([seat, c]): Ev => ({ kind: 'cardAt', card: c, zone: `seat${seat}`, face: 'down' })),
  ];
  for (const ev of evs) session.ingest(ev as never, at());
  const layer = new TableLayer({
    hardware: simHardware(),
    registry: simulatedRegistry(),
    latchOffMs: 0,
    chipSettleMs: 0,
    wall: now,
  });
  for (let antenna = 0; antenna <= 14; antenna++)
    layer.ingest({ kind: 'inventory', antenna, uids: where[antenna] ?? [], at: at() });
  const wired = wireTableLayer(layer, session, 'test', (err) => {
    throw err;
  });
  return { session, layer, wired };
}
