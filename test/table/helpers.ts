import { readFileSync } from 'node:fs';
import { parseCard } from '../../src/engine/cards.js';
import type { ReaderEvent } from '../../src/hardware/types.js';
import { cardUid, chipUid, simulatedRegistry } from '../../src/sim/tags.js';
import {
  type HardwareFile,
  type LiveTableEvent,
  type TableAlert,
  TableLayer,
  type TableLayerOptions,
  validateHardwareFile,
} from '../../src/table/index.js';
import type { PanelAlert } from '../../src/table/panelAlerts.js';

export const SIM_TABLE = new URL('../../hardware/tables/sim-table.json', import.meta.url).pathname;
export const simHardware = (): HardwareFile => validateHardwareFile(JSON.parse(readFileSync(SIM_TABLE, 'utf8')));

/** antennas of the simulator table */
export const A = { seat: (n: number) => n - 1, bet: (n: number) => 5 + n, board: 12, burn: 13, muck: 14, enroll: 15 };
export const card = (text: string, deck = 0) => cardUid(deck, parseCard(text));
export const chip = (denomIndex: number, n: number) => chipUid(denomIndex, n);

export function layerWithLog(opts: Partial<TableLayerOptions> = {}) {
  const layer = new TableLayer({ hardware: simHardware(), registry: simulatedRegistry(), ...opts });
  const events: LiveTableEvent[] = [];
  const alerts: Array<TableAlert | PanelAlert> = [];
  layer.on('event', (e) => events.push(e));
  layer.on('alert', (a) => alerts.push(a));
  let at = 1_000;
  const tick = () => {
    at += 10;
    return at;
  };
  const feed = {
    arrive: (antenna: number, uid: string, face: 'U' | 'D' | '-' = '-') =>
      layer.ingest({ kind: 'arrive', antenna, uid, face, at: tick(), orderKnown: true }),
    leave: (antenna: number, uid: string) =>
      layer.ingest({ kind: 'leave', antenna, uid, at: tick(), orderKnown: true }),
    inventory: (antenna: number, uids: string[]) => layer.ingest({ kind: 'inventory', antenna, uids, at: tick() }),
    raw: (ev: ReaderEvent) => layer.ingest(ev),
  };
  /** events without wall times, for readable assertions */
  const plain = () => events.map(({ wall: _w, ...rest }) => rest);
  return { layer, events, alerts, feed, plain };
}
