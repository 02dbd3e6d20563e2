// A log written by main of 2026-12-04 (7518eb4), the last version whose hand records carry PHH lines (`actions` in
// every handEnd record), still opens and replays to the same results now that the hand record is the decisions alone.
// test/fixtures/logs/main-2026-12-04 was written by that version's live service with the simulator at fast pace
// (`feltwire start --sim --pace fast`, 8 hands, stopped with SIGINT during the ninth's shuffle); the values below, and
// the exports in its expected/ folder, are what that version's archive and recovery gave from it.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isPost, PROCEDURE_KINDS } from '../../src/engine/hand/decisions.js';
import type { TableConfig } from '../../src/engine/types.js';
import { phhActions } from '../../src/phh/index.js';
import { TableSession } from '../../src/session/index.js';
import { type ExportFormat, HandArchive, SqliteEventLog } from '../../src/store/index.js';
import { LOGS } from '../fixtures.js';

const FIXTURE = join(LOGS, 'main-2026-12-04');

/** the fixture in a folder of its own (a writer's open takes the folder's lock and may write the log's id) */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-earlier-'));
  cpSync(join(FIXTURE, 'feltwire-log.sqlite'), join(dir, 'feltwire-log.sqlite'));
  cpSync(join(FIXTURE, 'table.json'), join(dir, 'table.json'));
  return dir;
}

/** the PHH lines that version wrote in each handEnd record, read straight from the file */
function loggedLines(): Map<number, string[]> {
  const db = new Database(join(FIXTURE, 'feltwire-log.sqlite'), { readonly: true });
  try {
    const rows = db.prepare("SELECT hand, data FROM log WHERE kind = 'handEnd' ORDER BY seq").all() as {
      hand: number;
      data: string;
    }[];
    return new Map(rows.map((r) => [r.hand, (JSON.parse(r.data) as { actions: string[] }).actions]));
  } finally {
    db.close();
  }
}

const SIX = [1, 2, 3, 4, 5, 6];
const WALLS: [number, number, number, number][] = [
  [1, 1796407578744, 1796407589546, 119],
  [2, 1796407590295, 1796407598006, 94],
  [3, 1796407598672, 1796407605708, 82],
  [4, 1796407606338, 1796407612575, 96],
  [5, 1796407613448, 1796407622001, 121],
  [6, 1796407622851, 1796407630723, 109],
  [7, 1796407631381, 1796407642079, 130],
  [8, 1796407642941, 1796407648622, 90],
];
const LIST = WALLS.map(([handNo, startWall, endWall, events]) => ({
  handNo,
  startWall,
  endWall,
  complete: true,
  button: ((handNo - 1) % 6) + 1,
  seats: SIX,
  blinds: [50, 100],
  events,
}));

/** each hand as the archive re-ran it: board, final stacks, pots (amount, winners), decisions and notes counted */
const HANDS = [
  [1, ['3h', '6s', 'Ks', '3c', '3d'], [8950, 8950, 8950, 8950, 15925, 8275], [[7650, [5]]], 40, 4],
  [2, ['8c', '6h', '3s', '2d', '7h'], [8950, 9575, 8425, 8850, 15925, 8275], [[1150, [2]]], 28, 4],
  [3, ['5d', '9s', '4d', 'Qh', 'Js'], [8850, 9575, 8425, 8800, 15825, 8525], [[350, [6]]], 27, 4],
  [4, ['Ad', 'Js', 'Ac', '3d'], [7850, 9575, 8325, 7050, 20425, 6775], [[6350, [5]]], 25, 2],
  [5, ['Ad', '8s', 'Js', '2s', 'Qh'], [18400, 5250, 7400, 6125, 16100, 6725], [[14875, [1]]], 33, 3],
  [6, ['4d', '8h', '9s', 'Td', 'As'], [15325, 4925, 7300, 6025, 19800, 6625], [[6775, [5]]], 30, 4],
  [7, ['8h', '7c', 'Jh', '2d', 'Td'], [34550, 3825, 1625, 350, 18700, 950], [[24900, [1]]], 40, 3],
  [8, ['Kh', '4s', '8d', 'Js', '3d'], [34550, 3425, 1225, 250, 20550, 0], [[2800, [5]]], 24, 4],
] as const;
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

describe('a log written by main of 2026-12-04 (7518eb4), with PHH lines in its hand records', () => {
  it('lists its hands and re-runs each to the same board, stacks, pots, decisions and notes', () => {
    const archive = HandArchive.open(copy());
    try {
      expect(archive.list()).toEqual(LIST);
      for (const [handNo, board, stacks, pots, decisions, notes] of HANDS) {
        const h = archive.get(handNo);
        expect(h.final.board).toEqual(board);
        expect(SIX.map((s) => h.final.stacks[String(s)])).toEqual(stacks);
        expect(h.final.pots.map((p) => [p.amount, p.winners])).toEqual(pots);
        // the actions and deals that version recorded; the posts (the blinds, 50/100), the uncalled bet's return,
        // the burns, mucks, collections and awards are decisions now too
        expect(
          h.final.decisions.filter((d) => !isPost(d) && d.kind !== 'uncalled' && !PROCEDURE_KINDS.has(d.kind)),
        ).toHaveLength(decisions);
        // the burns decided are the burns the hand ends with, and the awards pay what the pots hold
        expect(h.final.decisions.filter((d) => d.kind === 'burn').flatMap((d) => d.cards)).toEqual(h.final.burns);
        expect(h.final.decisions.filter((d) => d.kind === 'award').reduce((n, d) => n + d.amount, 0)).toBe(
          h.final.pots.reduce((n, p) => n + p.amount, 0),
        );
        const sb = ((handNo - 1 + 1) % 6) + 1;
        expect(h.final.decisions.filter(isPost).map((d) => [d.kind, d.seat, d.amount])).toEqual([
          ['postSb', sb, 50],
          ['postBb', (sb % 6) + 1, 100],
        ]);
        expect(h.notes).toHaveLength(notes);
        expect([h.complete, h.final.phase, h.level]).toEqual([true, 'complete', 1]);
        expect('actions' in h.final).toBe(false);
      }
      expect(LIST.map(({ handNo }) => archive.steps(handNo).length)).toEqual(WALLS.map((w) => w[3]));
    } finally {
      archive.close();
    }
  });

  it('the PHH writer renders from the decisions the very lines that version logged beside them', () => {
    const logged = loggedLines();
    expect([...logged.keys()]).toEqual(LIST.map((h) => h.handNo));
    const archive = HandArchive.open(copy());
    try {
      for (const { handNo } of LIST)
        expect(phhActions(archive.get(handNo).final), `hand ${handNo}`).toEqual(logged.get(handNo));
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

  it('recovers the session where it stood: the ninth hand shuffled, its blinds posted, the stacks and the table', () => {
    const log = SqliteEventLog.open(copy(), { notify: () => {} });
    const session = TableSession.recover(log, { config: UNUSED });
    try {
      const s = session.snapshot();
      expect([s.handNo, s.handOver, s.hand.phase]).toEqual([9, false, 'waiting']);
      expect(s.hand.stacks).toEqual({ 1: 34550, 2: 3425, 3: 1225, 4: 200, 5: 20450, 6: 10000 });
      expect(s.level).toEqual({ blinds: [50, 100], bbAnte: 0 });
      expect(s.config).toEqual({
        ruleset: 'tda',
        seats: { 1: 34550, 2: 3425, 3: 1225, 4: 250, 5: 20550, 6: 10000 },
        button: 3,
        blinds: [50, 100],
        bbAnte: 0,
        absent: [],
        chips: [25, 100, 500, 1000, 5000, 25000],
        motionMs: 0,
        orderKnown: true,
        bb: 5,
      });
      expect(s.roster).toEqual([]);
      expect(s.tableAlerts).toEqual([]);
      expect(s.floorLog).toHaveLength(5);
      // the blinds posted: the hand's only decisions so far
      expect(s.hand.decisions.map((d) => [d.kind, d.seat, d.amount])).toEqual([
        ['postSb', 4, 50],
        ['postBb', 5, 100],
      ]);
      expect('actions' in s.hand).toBe(false);
    } finally {
      session.close();
      log.close();
    }
  });
});
