// A log written by an earlier feltwire still opens and replays to the same results: test/fixtures/logs/main-2026-12-02
// was written by the live service of main at b79cd23 (the simulator at fast pace, 8 hands; the floor seating names, a
// level change, a longer delay, a penalty; a foreign card and a reader fault raised and acknowledged). The values
// below, and the exports in its expected/ folder, are what that version's archive and recovery gave from it.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPost, PROCEDURE_KINDS } from '../../src/engine/hand/decisions.js';
import type { TableConfig } from '../../src/engine/types.js';
import { TableSession } from '../../src/session/index.js';
import { type ExportFormat, HandArchive, SqliteEventLog } from '../../src/store/index.js';
import { LOGS } from '../fixtures.js';

const FIXTURE = join(LOGS, 'main-2026-12-02');

/** the fixture in a folder of its own (a writer's open takes the folder's lock and may write the log's id) */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-earlier-'));
  cpSync(join(FIXTURE, 'feltwire-log.sqlite'), join(dir, 'feltwire-log.sqlite'));
  cpSync(join(FIXTURE, 'table.json'), join(dir, 'table.json'));
  return dir;
}

const SIX = [1, 2, 3, 4, 5, 6];
const LIST = [
  {
    handNo: 1,
    startWall: 1796218315031,
    endWall: 1796218320209,
    complete: true,
    button: 1,
    seats: SIX,
    blinds: [50, 100],
    events: 89,
  },
  {
    handNo: 2,
    startWall: 1796218321150,
    endWall: 1796218328231,
    complete: true,
    button: 2,
    seats: SIX,
    blinds: [100, 200],
    events: 82,
  },
  {
    handNo: 3,
    startWall: 1796218328865,
    endWall: 1796218337093,
    complete: true,
    button: 3,
    seats: SIX,
    blinds: [100, 200],
    events: 112,
  },
  {
    handNo: 4,
    startWall: 1796218338011,
    endWall: 1796218344105,
    complete: true,
    button: 4,
    seats: SIX,
    blinds: [100, 200],
    events: 79,
  },
  {
    handNo: 5,
    startWall: 1796218344764,
    endWall: 1796218352236,
    complete: true,
    button: 5,
    seats: SIX,
    blinds: [100, 200],
    events: 102,
  },
  {
    handNo: 6,
    startWall: 1796218353119,
    endWall: 1796218361599,
    complete: true,
    button: 6,
    seats: SIX,
    blinds: [100, 200],
    events: 97,
  },
  {
    handNo: 7,
    startWall: 1796218362325,
    endWall: 1796218372007,
    complete: true,
    button: 1,
    seats: SIX,
    blinds: [100, 200],
    events: 119,
  },
  {
    handNo: 8,
    startWall: 1796218372884,
    endWall: 1796218380792,
    complete: true,
    button: 2,
    seats: SIX,
    blinds: [100, 200],
    events: 82,
  },
];

const NAMES = { 1: 'Player 1', 2: 'Player 2', 3: 'Player 3' };
/** each hand as the archive re-ran it: board, final stacks, pots (amount, winners), decisions and notes counted */
const HANDS = [
  {
    handNo: 1,
    board: ['7s', '3c', '5h'],
    stacks: { 1: 11500, 2: 9625, 3: 9625, 4: 10000, 5: 9625, 6: 9625 },
    pots: [[1875, [1]]],
    decisions: 22,
    notes: 1,
    level: 1,
  },
  {
    handNo: 2,
    board: ['Ts', '7c', 'As', 'Kc', 'Jd'],
    stacks: { 1: 11500, 2: 10325, 3: 9525, 4: 9600, 5: 9425, 6: 9625 },
    pots: [[900, [2]]],
    decisions: 27,
    notes: 4,
    level: 2,
  },
  {
    handNo: 3,
    board: ['4h', '5h', '6h', 'Qs', 'Qh'],
    stacks: { 1: 21400, 2: 6475, 3: 5675, 4: 8600, 5: 8225, 6: 9625 },
    pots: [[13750, [1]]],
    decisions: 30,
    notes: 5,
    level: 2,
  },
  {
    handNo: 4,
    board: ['6d', '6s', 'Qs', '8c', '7d'],
    stacks: { 1: 21400, 2: 6475, 3: 5475, 4: 8600, 5: 7150, 6: 10900 },
    pots: [[2550, [6]]],
    decisions: 24,
    notes: 4,
    level: 2,
  },
  {
    handNo: 5,
    board: ['9s', 'As', '6s', 'Jd'],
    stacks: { 1: 20700, 2: 11925, 3: 3600, 4: 8100, 5: 6650, 6: 9025 },
    pots: [[7325, [2]]],
    decisions: 29,
    notes: 4,
    level: 2,
  },
  {
    handNo: 6,
    board: ['9h', '7s', 'Kh', '7h', '2d'],
    stacks: { 1: 23100, 2: 11525, 3: 2800, 4: 7900, 5: 5850, 6: 8825 },
    pots: [[3200, [1]]],
    decisions: 33,
    notes: 4,
    level: 2,
  },
  {
    handNo: 7,
    board: ['9d', 'Td', '3d', '8h', 'As'],
    stacks: { 1: 36225, 2: 10775, 3: 1200, 4: 4800, 5: 5850, 6: 1150 },
    pots: [[20800, [1]]],
    decisions: 36,
    notes: 3,
    level: 2,
  },
  {
    handNo: 8,
    board: ['4d', '8s', 'Td', '2d', '8c'],
    stacks: { 1: 40100, 2: 9200, 3: 675, 4: 3025, 5: 5850, 6: 1150 },
    pots: [[5450, [1]]],
    decisions: 30,
    notes: 3,
    level: 2,
  },
];
const STEPS = [89, 82, 112, 79, 102, 97, 119, 82];
const FILES: Record<ExportFormat, string> = { phh: 'phh', ohh: 'ohh.json', pokerstars: 'txt' };

/** a first table recovery ignores: the log holds its hands */
const UNUSED: TableConfig = {
  ruleset: 'club',
  seats: { 1: 1, 2: 1 },
  button: 1,
  blinds: [1, 2],
  bbAnte: 0,
  absent: [],
  chips: [1],
  motionMs: 0,
  orderKnown: true,
};

describe('a log written by main of 2026-12-02 (b79cd23)', () => {
  it('lists its hands and re-runs each to the same board, stacks, pots, decisions and notes', () => {
    const archive = HandArchive.open(copy());
    try {
      expect(archive.list()).toEqual(LIST);
      const hands = LIST.map(({ handNo }) => archive.get(handNo));
      expect(
        hands.map((h) => ({
          handNo: h.handNo,
          board: h.final.board,
          stacks: h.final.stacks,
          pots: h.final.pots.map((p) => [p.amount, p.winners]),
          // the actions and deals that version recorded (the posts, the uncalled bet's return, the burns, mucks,
          // collections and awards are decisions now too)
          decisions: h.final.decisions.filter(
            (d) => !isPost(d) && d.kind !== 'uncalled' && !PROCEDURE_KINDS.has(d.kind),
          ).length,
          notes: h.notes.length,
          level: h.level,
        })),
      ).toEqual(HANDS);
      // the engine's posts: the small and big blind (50/100 at hand 1), and from hand 2 on 100/200 with a 200 ante
      expect(hands.map((h) => h.final.decisions.filter(isPost).map((d) => [d.kind, d.seat, d.amount]))).toEqual(
        [2, 3, 4, 5, 6, 1, 2, 3].map((sb, i) => {
          const bb = (sb % 6) + 1;
          if (i === 0)
            return [
              ['postSb', sb, 50],
              ['postBb', bb, 100],
            ];
          return [
            ['postSb', sb, 100],
            ['postBb', bb, 200],
            ['postAnte', bb, 200],
          ];
        }),
      );
      for (const h of hands) {
        expect(h.complete).toBe(true);
        expect(h.final.phase).toBe('complete');
        expect(h.names).toEqual(NAMES);
      }
      expect(LIST.map(({ handNo }) => archive.steps(handNo).length)).toEqual(STEPS);
    } finally {
      archive.close();
    }
  });

  it('exports every hand in PHH, OHH and PokerStars text exactly as that version did', () => {
    const archive = HandArchive.open(copy());
    try {
      for (const { handNo } of LIST)
        for (const format of Object.keys(FILES) as ExportFormat[])
          expect(archive.export(handNo, format), `hand ${handNo} ${format}`).toBe(
            readFileSync(join(FIXTURE, 'expected', `hand-${handNo}.${FILES[format]}`), 'utf8'),
          );
    } finally {
      archive.close();
    }
  });

  it('recovers the session where it stood: the hand, stacks, level, seating, table alerts and floor history', () => {
    const log = SqliteEventLog.open(copy(), { notify: () => {} });
    const session = TableSession.recover(log, { config: UNUSED });
    try {
      const s = session.snapshot();
      expect([s.handNo, s.handOver, s.hand.phase]).toEqual([8, true, 'complete']);
      expect(s.hand.stacks).toEqual({ 1: 40100, 2: 9200, 3: 675, 4: 3025, 5: 5850, 6: 1150 });
      expect(s.level).toEqual({ blinds: [100, 200], bbAnte: 200 });
      expect(s.config).toEqual({
        ruleset: 'tda',
        seats: { 1: 36225, 2: 10775, 3: 1200, 4: 4800, 5: 5850, 6: 1150 },
        button: 2,
        blinds: [100, 200],
        bbAnte: 200,
        absent: [],
        chips: [25, 100, 500, 1000, 5000, 25000],
        motionMs: 0,
        orderKnown: true,
        bb: 4,
      });
      expect(s.roster).toEqual([
        { seat: 1, player: { name: 'Player 1', country: 'FR' }, sittingOut: false },
        { seat: 2, player: { name: 'Player 2', country: 'FR', short: 'P2' }, sittingOut: false },
        { seat: 3, player: { name: 'Player 3', country: 'FR' }, sittingOut: false },
      ]);
      expect(s.penalties).toEqual({});
      expect(s.tableAlerts.map((a) => [a.id, a.code, a.acknowledged])).toEqual([
        [1_000_000, 'CARD_UNKNOWN', true],
        [1_000_001, 'READER_FAULT', true],
      ]);
      expect(s.floorLog).toHaveLength(5);
    } finally {
      session.close();
      log.close();
    }
  });
});
