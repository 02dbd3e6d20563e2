// Issue 25, counts and colour-ups at live tables' breaks (src/room/tableBreak.ts) on the real session and engine: a
// hand played to its end from a fixture scenario, then the room's break; each player's stack pushed into the betting
// zone and read (chips events, as the table layer sends them) goes to the count, not to the engine; a difference is a
// table alert naming the seat and the amount; a colour-up is raced from the chips read, checked by reading again, and
// the engine takes the raced stacks for the next hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import type { RoomClock } from '../../src/room/protocol.js';
import { startTableBreak } from '../../src/room/tableBreak.js';
import { MemoryLog, type TableEventInput, TableSession } from '../../src/session/index.js';
import { seededRandom } from '../../src/tournament/random.js';
import { texts } from '../alertTexts.js';
import { SCENARIOS } from '../fixtures.js';

const DIR = join(SCENARIOS, 'random');
const strip = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

/** a session whose fixture hand is over, with its stacks */
function handOver(odd = false): { session: TableSession; stacks: Record<number, number> } {
  for (const f of readdirSync(DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const sc = parseScenario(JSON.parse(readFileSync(join(DIR, f), 'utf8')));
    const session = new TableSession({ config: sc.config, log: new MemoryLog(), now: () => 1_000 });
    for (const ev of sc.events) session.ingest(strip(ev), ev.t);
    const { handOver: over, hand } = session.snapshot();
    const stacks = Object.fromEntries(
      Object.entries(hand.stacks)
        .filter(([, v]) => v > 0)
        .map(([k, v]) => [Number(k), v]),
    );
    // stacks that 25s and 100s make, at least three players left
    const fits = Object.values(stacks).every((v) => v % 25 === 0 && v >= 100);
    // odd: some stack not whole hundreds (its 25s cannot all be exchanged: a race)
    if (odd && Object.values(stacks).every((v) => v % 100 === 0)) {
      session.close();
      continue;
    }
    if (over && Object.keys(stacks).length >= 3 && fits) return { session, stacks };
    session.close();
  }
  throw new Error('no fixture hand fits');
}

/** `amount` in chips of 100 and 25 (at least `n25` of 25) */
function chipsOf(amount: number, n25 = 0): number[] {
  const hundreds = Math.floor((amount - n25 * 25) / 100);
  const rest = (amount - hundreds * 100) / 25;
  return [...Array(hundreds).fill(100), ...Array(rest).fill(25)] as number[];
}

const BREAK: RoomClock = { level: 2, isBreak: true, leftMs: 600_000, running: true, chips: [25, 100], colourUp: [] };

describe('a live table at the break', () => {
  it('seed 003 regulation 5: the stacks read at the break; one short is an alert naming the seat and the amount', () => {
    const { session, stacks } = handOver();
    const alertsBefore = session.snapshot().hand.alerts.length;
    const run = startTableBreak({ session, tableId: '3', random: seededRandom(1) }, BREAK);
    expect(run.phase()).toBe('count');
    const seats = Object.keys(stacks).map(Number);
    const short = seats[1] as number;
    for (const seat of seats) {
      const amount = (stacks[seat] as number) - (seat === short ? 100 : 0);
      session.ingest({ kind: 'chips', seat, chips: chipsOf(amount) });
    }
    // the readings went to the count, not to the engine: no chips out of round, the stacks unchanged
    expect(session.snapshot().hand.alerts.length).toBe(alertsBefore);
    const counted = session.snapshot().tableAlerts.filter((a) => a.code === 'BREAK_COUNT' && a.severity === 'warn');
    expect(counted.map((a) => a.seat)).toEqual([short]);
    expect(texts(counted[0])?.message).toMatch(new RegExp(`seat ${short} is 100 short`));
    expect(texts(counted[0])?.messageFr).toMatch(new RegExp(`au siège ${short}, il manque 100`));
    expect(run.phase()).toBe('done');
    // the break over: chips go to the engine again
    run.stop();
    session.close();
  });

  it('LOI 2: the colour-up raced from the chips read, checked by reading again; the engine takes the raced stacks', () => {
    const { session, stacks } = handOver(true);
    const run = startTableBreak(
      { session, tableId: '3', random: seededRandom(5) },
      { ...BREAK, chips: [25, 100], colourUp: [25] },
    );
    const seats = Object.keys(stacks).map(Number);
    // every player holds four 25s (one 100's worth, exchanged) and those of a stack not whole hundreds (left over,
    // raced)
    for (const seat of seats) {
      const amount = stacks[seat] as number;
      session.ingest({ kind: 'chips', seat, chips: chipsOf(amount, 4 + (amount % 100) / 25) });
    }
    const up = session.snapshot().tableAlerts.find((a) => a.code === 'COLOUR_UP');
    expect(texts(up)?.message).toMatch(/^Colour-up of the 25 chips, race for [1-9]\d* × 100: .*\(race won\)/);
    expect(texts(up)?.messageFr).toMatch(
      /^Changement des jetons de 25, course pour [1-9]\d* × 100 : .*\(course gagnée\)/,
    );
    expect(run.phase()).toBe('check');
    // the dealer gives the new chips as told: each seat read back, no 25 left
    const pending = (seat: number) => {
      const m = new RegExp(`seat ${seat}: take ([\\d,]+), give (\\d+) × 100`).exec(texts(up)?.message ?? '');
      expect(m, `seat ${seat} in ${texts(up)?.message}`).not.toBeNull();
      return (stacks[seat] as number) - Number(m?.[1]?.replace(/,/g, '')) + 100 * Number(m?.[2]);
    };
    for (const seat of seats) session.ingest({ kind: 'chips', seat, chips: chipsOf(pending(seat)) });
    expect(session.snapshot().tableAlerts.some((a) => a.code === 'COLOUR_UP_CHECK' && a.severity === 'info')).toBe(
      true,
    );
    expect(run.phase()).toBe('done');
    // the next hand plays the raced stacks
    expect(session.pendingSeatChanges()).toEqual(Object.fromEntries(seats.map((s) => [s, pending(s)])));
    run.stop();
    session.close();
  });
});
