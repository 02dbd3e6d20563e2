// The session's own log records ('hand', 'config', 'handEnd') are typed by their shapes (src/session/recordShapes.ts)
// and the engine's types they hold are held equal to theirs: a record built as its type says, every optional field
// filled, is what the log's check accepts, and one without a field its type requires is refused, the field named.
// Were a type to drift from its shape (a field the type requires that the shape does not check, or the reverse),
// one of these would fail.
import { describe, expect, it } from 'vitest';
import type { TableConfig } from '../../src/engine/types.js';
import { checkedRecord, logRecordProblem } from '../../src/session/logShapes.js';
import type { Player, RosterOp } from '../../src/session/roster.js';
import type { BlindLevel, ConfigRecord, HandEndRecord, HandRecord, HandSource } from '../../src/session/types.js';

const config: TableConfig = {
  ruleset: 'tda',
  seats: { 1: 1000, 4: 2500 },
  button: 1,
  blinds: [5, 10],
  bbAnte: 10,
  absent: [4],
  chips: [5, 25, 100],
  motionMs: 400,
  orderKnown: true,
  sb: 1,
  bb: 4,
  house: { checkOutOfTurnCallOrFold: true },
};
const source: HandSource = { fields: { event: 'Club night', seat_count: 6 }, players: ['Ann', 'Bo'] };
const hand: HandRecord = { config, restart: true, redeal: 'misdeal', source };
const level: BlindLevel = { blinds: [10, 20], bbAnte: 20 };
const player: Player = { name: 'Ann Lee', country: 'FR', photoUrl: 'https://example.org/a.jpg', short: 'Ann' };
const rosterOps: RosterOp[] = [
  { op: 'seat', seat: 3, player, stack: 1500 },
  { op: 'seat', seat: 5, player: { name: 'Bo' } },
  { op: 'move', from: 3, to: 6 },
  { op: 'remove', seat: 6 },
  { op: 'sitOut', seat: 2, out: true },
  { op: 'short', seat: 2, short: '' },
  { op: 'park', seats: { 2: 800, 7: 0 } },
  { op: 'moved', from: 3, to: 6 },
];
const configRecords: ConfigRecord[] = [
  {},
  { level },
  { seats: { 2: 1000, 9: 0 } },
  ...rosterOps.map((roster) => ({ roster })),
  { broadcastDelay: { ms: 30_000, under: 15_000 } },
  { absent: { seat: 4, absent: false } },
  { penalty: { seat: 4, hands: 3 } },
  { waits: { seat: 2, stack: 1000 } },
  {
    level,
    seats: { 2: 1000 },
    roster: rosterOps[0],
    broadcastDelay: { ms: 1, under: 0 },
    absent: { seat: 1, absent: true },
    penalty: { seat: 1, hands: 0 },
    waits: { seat: 3, stack: 5 },
  },
];
const handEnd: HandEndRecord = {
  stacks: { 1: 995, 4: 2505 },
  pots: [
    { amount: 20, eligible: [1, 4] },
    { amount: 30, eligible: [1, 4], winners: [4], shares: { 4: 30 } },
  ],
  phase: 'complete',
  board: ['Ah', 'Kd', '7c'],
};

/** `value` without the field at `path` (a copy) */
function without(value: unknown, path: string[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  delete at[path[path.length - 1]];
  return copy;
}

describe("the session's own records and their shapes", () => {
  it('a record built as its type says, every optional field filled, is accepted as its kind', () => {
    const records = [
      { kind: 'hand', data: hand },
      { kind: 'hand', data: { config: { ...config, sb: null } } },
      ...configRecords.map((data) => ({ kind: 'config', data })),
      { kind: 'handEnd', data: handEnd },
    ];
    for (const { kind, data } of records) {
      expect(logRecordProblem(kind, data), JSON.stringify(data)).toBeNull();
      expect(checkedRecord(kind, data)).toEqual({ kind, data });
    }
    for (const phase of ['waiting', 'dealing', 'betting', 'board', 'showdown', 'stopped', 'misdeal'] as const)
      expect(logRecordProblem('handEnd', { ...handEnd, phase } satisfies HandEndRecord)).toBeNull();
  });

  it('a record without a field its type requires is refused, that field named', () => {
    const cases: [kind: string, data: unknown, path: string[]][] = [
      ['hand', hand, ['config']],
      ...(['ruleset', 'seats', 'button', 'blinds', 'bbAnte', 'absent', 'chips', 'motionMs', 'orderKnown'] as const).map(
        (k): [string, unknown, string[]] => ['hand', hand, ['config', k]],
      ),
      ['hand', hand, ['source', 'fields']],
      ['config', { level }, ['level', 'blinds']],
      ['config', { level }, ['level', 'bbAnte']],
      ['config', { roster: rosterOps[0] }, ['roster', 'seat']],
      ['config', { roster: rosterOps[0] }, ['roster', 'player']],
      ['config', { roster: rosterOps[0] }, ['roster', 'player', 'name']],
      ['config', { roster: rosterOps[2] }, ['roster', 'to']],
      ['config', { roster: rosterOps[4] }, ['roster', 'out']],
      ['config', { roster: rosterOps[5] }, ['roster', 'short']],
      ['config', { roster: rosterOps[6] }, ['roster', 'seats']],
      ['config', { broadcastDelay: { ms: 1, under: 0 } }, ['broadcastDelay', 'under']],
      ['config', { absent: { seat: 1, absent: true } }, ['absent', 'absent']],
      ['config', { penalty: { seat: 1, hands: 2 } }, ['penalty', 'hands']],
      ['config', { waits: { seat: 1, stack: 2 } }, ['waits', 'stack']],
      ['handEnd', handEnd, ['stacks']],
      ['handEnd', handEnd, ['pots']],
      ['handEnd', handEnd, ['pots', '0', 'eligible']],
      ['handEnd', handEnd, ['phase']],
      ['handEnd', handEnd, ['board']],
    ];
    for (const [kind, data, path] of cases) {
      const bad = without(data, path);
      const field = `data${path.map((k) => (/^\d+$/.test(k) ? `[${k}]` : `.${k}`)).join('')}`;
      expect(logRecordProblem(kind, bad), field).toMatchObject({ field, got: 'nothing' });
      expect(checkedRecord(kind, bad)).toBeNull();
    }
  });

  it('an optional field of another type than its own is refused, named', () => {
    const cases: [kind: string, data: unknown, field: string][] = [
      ['hand', { ...hand, redeal: 'again' }, 'data.redeal'],
      ['hand', { ...hand, restart: 'yes' }, 'data.restart'],
      ['hand', { ...hand, source: { ...source, players: 'Ann' } }, 'data.source.players'],
      [
        'hand',
        { ...hand, config: { ...config, house: { checkOutOfTurnCallOrFold: 1 } } },
        'data.config.house.checkOutOfTurnCallOrFold',
      ],
      ['config', { roster: { ...rosterOps[0], stack: '1500' } }, 'data.roster.stack'],
      ['config', { roster: { ...rosterOps[0], player: { ...player, country: 33 } } }, 'data.roster.player.country'],
      ['config', { roster: { op: 'swap', seat: 1 } }, 'data.roster.op'],
      ['config', { seats: { one: 1000 } }, 'data.seats.one'],
      ['handEnd', { ...handEnd, phase: 'over' }, 'data.phase'],
      ['handEnd', { ...handEnd, pots: [{ amount: 5, eligible: [1], shares: { 1: '5' } }] }, 'data.pots[0].shares.1'],
    ];
    for (const [kind, data, field] of cases) expect(logRecordProblem(kind, data), field).toMatchObject({ field });
  });

  it('the types require what the shapes require (compile-time: each line below would build were it not so)', () => {
    // @ts-expect-error a hand record's table is required
    const noConfig: HandRecord = { restart: true };
    // @ts-expect-error an imported hand's source keeps its fields
    const noFields: HandSource = { players: [] };
    // @ts-expect-error a seated player has a name
    const noName: Player = { country: 'FR' };
    // @ts-expect-error a move names where to
    const noTo: RosterOp = { op: 'move', from: 1 };
    // @ts-expect-error a hand's end has its phase
    const noPhase: HandEndRecord = { stacks: {}, pots: [], board: [] };
    // @ts-expect-error a phase is one of the engine's
    const badPhase: HandEndRecord = { ...handEnd, phase: 'over' };
    for (const [kind, data] of [
      ['hand', noConfig],
      ['hand', { config, source: noFields }],
      ['config', { roster: { op: 'seat', seat: 1, player: noName } }],
      ['config', { roster: noTo }],
      ['handEnd', noPhase],
      ['handEnd', badPhase],
    ] as const)
      expect(logRecordProblem(kind, data)).not.toBeNull();
  });
});
