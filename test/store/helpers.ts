// Test helpers: hands played through the real engine from the shared scenarios, logged as the session logs them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHand } from '@poker-apprentice/hand-history-parser';
import { expect } from 'vitest';
import { parseScenario, type Scenario } from '../../src/engine/index.js';
import { type EventLog, MemoryLog } from '../../src/session/log.js';
import { HandArchive, type PlayedHand, readLedger, toPokerStars } from '../../src/store/index.js';

export const SHARED = new URL('../../../shared/', import.meta.url).pathname;
export const WALL0 = Date.UTC(2026, 10, 30, 20, 0, 0);

export function scenarioFiles(): string[] {
  const dir = join(SHARED, 'scenarios');
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
  expect(hh.info.handNumber).toBe(String(h.handNo));
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
