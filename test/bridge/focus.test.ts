// The service keeps the bridge's FOCUS (protocol v2) on the seat to act's betting zone and the board.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { followFocus } from '../../src/service/hardwareSource.js';
import type { TableSession } from '../../src/session/TableSession.js';
import { AntennaMap, validateHardwareFile } from '../../src/table/index.js';

const HW = validateHardwareFile(
  JSON.parse(readFileSync(new URL('../../hardware/tables/table-10.json', import.meta.url), 'utf8')),
);

function fakeSession(toAct: number | null) {
  const s = new EventEmitter() as EventEmitter & { snapshot(): unknown };
  let state = { hand: { next: toAct === null ? null : { toAct } } };
  s.snapshot = () => state;
  const move = (seat: number | null) => {
    state = { hand: { next: seat === null ? null : { toAct: seat } } };
    s.emit('state', state);
  };
  return { session: s as unknown as TableSession, move };
}

describe('FOCUS', () => {
  it('follows the seat to act: its betting zone and the board; sent once per change', () => {
    const sent: number[][] = [];
    const { session, move } = fakeSession(3);
    const off = followFocus({ focus: (a) => sent.push([...a]) }, new AntennaMap(HW), session);
    move(3);
    move(7);
    move(null);
    off();
    move(1);
    const bet = (s: number) => HW.antennas.find((a) => a.zone === `bet${s}`)?.antenna as number;
    const board = HW.antennas.find((a) => a.zone === 'board')?.antenna as number;
    expect(sent).toEqual([[board, bet(3)], [board, bet(7)], [board]]);
  });
});
