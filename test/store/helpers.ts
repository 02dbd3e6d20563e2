// Test helpers: hands played through the real engine from the fixture scenarios, or by the simulator, logged as the
// session logs them.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHand } from '@poker-apprentice/hand-history-parser';
import { expect } from 'vitest';
import { parseScenario, type Scenario } from '../../src/engine/index.js';
import type { TableConfig, TableEvent } from '../../src/engine/types.js';
import { type EventLog, MemoryLog } from '../../src/session/log.js';
import { OwnReckoning, type Pace, type SimHandReport, Simulator, TABLE_PACE } from '../../src/sim/index.js';
import {
  HandArchive,
  LOG_FILE,
  type PlayedHand,
  readLedger,
  SqliteEventLog,
  toPokerStars,
} from '../../src/store/index.js';
import { validateHardwareFile } from '../../src/table/index.js';
import { SCENARIOS } from '../fixtures.js';

export const WALL0 = Date.UTC(2026, 10, 30, 20, 0, 0);

/** a two-seat table as a hand record holds it (every record is checked against its kind's shape) */
export const TWO_SEATS: TableConfig = {
  ruleset: 'tda',
  seats: { 1: 10000, 2: 10000 },
  button: 1,
  blinds: [50, 100],
  bbAnte: 0,
  absent: [],
  chips: [25, 100],
  motionMs: 700,
  orderKnown: true,
};

export function scenarioFiles(): string[] {
  const dir = SCENARIOS;
  const random = readdirSync(join(dir, 'random'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, 'random', f));
  const named = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));
  return [...random, ...named].sort();
}

export function loadScenario(file: string): Scenario {
  return parseScenario(JSON.parse(readFileSync(file, 'utf8')));
}

/** logs scenarios as consecutive hands (hand record, then its events with wall times) */
export function logHands(scenarios: Scenario[], log: EventLog = new MemoryLog()): EventLog {
  let wall = WALL0;
  scenarios.forEach((s, i) => {
    log.append('hand', i + 1, { config: s.config }, wall);
    for (const ev of s.events) log.append('event', i + 1, ev, wall + ev.t);
    wall += 120_000;
  });
  return log;
}

export function archiveOf(scenarios: Scenario[]): HandArchive {
  return new HandArchive(logHands(scenarios), { names: { 1: 'Alice', 2: 'Bruno', 3: 'Chloé' } });
}

/** The hand's Ignition-dialect text read by @poker-apprentice/hand-history-parser gives back our seats and stacks,
 * every betting action with its amount, the board, and the chips awarded. */
export async function expectIgnitionParse(h: PlayedHand): Promise<void> {
  const led = readLedger(h);
  const hh = await parseHand({ hand: toPokerStars(h, 'ignition') });
  expect(hh.info.handNumber).toBe(h.handId);
  // the Ignition layout has no zone in its header: the time is written in UTC, and read as UTC
  expect(hh.info.timestamp.toISOString()).toBe(new Date(h.startWall ?? 0).toISOString().replace(/\.\d{3}Z$/, '.000Z'));
  // the parser reads the blinds from the posts (a short stack posts less than the blind)
  const posted = led.actions.filter((a) => a.type === 'postSb' || a.type === 'postBb').map((a) => String(a.amount));
  expect(hh.info.blinds).toEqual(posted);
  expect(hh.players.map((p) => [p.seatNumber, Number(p.chipStack)]).sort((a, b) => a[0] - b[0])).toEqual(
    [...led.order].sort((a, b) => a - b).map((s) => [s, h.config.seats[s]]),
  );
  const bySeat = new Map(hh.players.map((p) => [p.name, p.seatNumber]));
  const betting = ['fold', 'check', 'call', 'bet', 'raise'];
  const ours = led.actions
    .filter((a) => betting.includes(a.type))
    // the Ignition text writes an all-in call or bet as "All-in X", which the parser reads as an all-in bet or call
    .map((a) => [a.seat, a.allIn && a.type !== 'raise' ? 'allin' : a.type, a.amount]);
  const theirs = hh.actions
    .filter((a) => betting.includes(a.type))
    .map((a) => {
      const amount = 'amount' in a ? Number(a.amount) : 0;
      const allIn = 'isAllIn' in a && a.isAllIn && a.type !== 'raise';
      return [bySeat.get('playerName' in a ? a.playerName : ''), allIn ? 'allin' : a.type, amount];
    });
  expect(theirs, `hand ${h.handNo}`).toEqual(ours);
  const boards = hh.actions.filter((a) => a.type === 'deal-board').flatMap((a) => ('cards' in a ? a.cards : []));
  expect(boards).toEqual(h.final.board);
  const awarded = hh.actions
    .filter((a) => a.type === 'award-pot')
    .reduce((n, a) => n + ('amount' in a ? Number(a.amount) : 0), 0);
  expect(awarded).toBe(led.totalPot);
}

const ROOT = new URL('../../', import.meta.url).pathname;
/** no waiting at all: every pause of the simulator's pace set to 0 */
const ZERO = Object.fromEntries(Object.keys(TABLE_PACE).map((k) => [k, 0])) as Partial<Pace>;

export interface SimSession {
  /** the data folder holding the session's SQLite log */
  dir: string;
  reports: SimHandReport[];
  /** the hands read back read-only from the log by the archive */
  hands: PlayedHand[];
  /** event records logged, and the log file's bytes after a checkpoint */
  logged: number;
  bytes: number;
}

/** Hands played by E's simulator (its dealer and players; a missed burn in hand 3 and an exposed card in hand 6),
 * logged on SQLite hand by hand as the session logs them, then read back by the archive. The events are the
 * simulator's own (what its own reckoning applied, recorded here), with hand-relative t. */
export async function playSimSession(count: number, seed = 99): Promise<SimSession> {
  const hardware = validateHardwareFile(JSON.parse(readFileSync(join(ROOT, 'hardware/tables/sim-table.json'), 'utf8')));
  const events: TableEvent[] = [];
  const sim = new Simulator({
    hardware,
    seed,
    pace: ZERO,
    // the simulator's own reckoning, each event it applied recorded
    view: new OwnReckoning(
      () => {},
      (ev) => events.push(ev),
    ),
  });
  sim.offline();
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-simhands-'));
  const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
  const wall0 = Date.UTC(2026, 10, 30, 19, 0, 0);
  sim.on('hand', (r) => {
    const wall = wall0 + r.hand * 90_000;
    log.append('hand', r.hand, { config: r.config }, wall);
    for (const ev of events.splice(0)) log.append('event', r.hand, ev, wall + ev.t);
  });
  sim.on('hand', (r) => {
    if (r.hand === 2) sim.inject('missedBurn');
    if (r.hand === 5) sim.inject('exposedCard');
  });
  const reports = await sim.run(count);
  await sim.close();
  log.checkpoint();
  const logged = [...log.records()].filter((r) => r.kind === 'event').length;
  log.close();
  const bytes = statSync(join(dir, LOG_FILE)).size;
  const archive = HandArchive.open(dir);
  const hands = archive.list().map((h) => archive.get(h.handNo));
  archive.close();
  return { dir, reports, hands, logged, bytes };
}
