// A live table at a tournament's break (issue 25): once the hand under way is over, the count (seed 003 regulation
// 5) and the colour-up (LOI 2, 3, 17) are read from the chips. The dealer is told to have each player push their whole
// stack into their betting zone; while the break lasts the session gives those readings here, not to the engine
// (TableSession.divertChips: no bet between hands). When every seat has been read, each difference with the engine's
// stack is a table alert naming the seat and the amount (breakCount.ts); at a break with a colour-up the race is
// computed from the same chips and the dealer told what to give whom; the stacks read again afterwards are checked,
// and the engine takes the raced stacks for the next hand. The room's clock fact (clockPush.ts) says when a break
// begins and ends, its chips in play and those leaving.
import { randomInt } from 'node:crypto';
import { alertRule } from '../engine/alerts/catalogue.js';
import type { TableSession } from '../session/TableSession.js';
import type { SessionState, TableAlertInput } from '../session/types.js';
import type { RandomSource } from '../tournament/random.js';
import { breakCountAlert, TableBreakCount } from './breakCount.js';
import type { RoomClock } from './protocol.js';

export interface TableBreakOptions {
  session: TableSession;
  tableId: string;
  /** the race's cards (default: the system's random) */
  random?: RandomSource;
  say?: (line: string) => void;
}

export type BreakPhase = 'waiting' | 'count' | 'check' | 'done';

export interface TableBreak {
  phase(): BreakPhase;
  stop(): void;
}

const systemRandom: RandomSource = () => randomInt(2 ** 32) / 2 ** 32;

/** the break `fact` (isBreak) at this table, from now until `stop()` (the break is over) */
export function startTableBreak(o: TableBreakOptions, fact: RoomClock): TableBreak {
  const { session } = o;
  const say = o.say ?? (() => {});
  let phase: BreakPhase = 'waiting';
  let count: TableBreakCount | null = null;
  let checked = new Map<number, number[]>();
  let raced: Record<number, number> = {};
  const raise = (a: TableAlertInput) => {
    try {
      session.raiseTableAlert(a);
    } catch (err) {
      say(`break: alert not raised: ${(err as Error).message}`);
    }
  };
  const free = (s: SessionState) => s.handStartWall === null || s.handOver;

  const begin = (s: SessionState) => {
    const stacks: Record<number, number> = {};
    for (const [k, v] of Object.entries(s.hand.stacks)) if (v > 0) stacks[Number(k)] = v;
    const seats = Object.keys(stacks)
      .map(Number)
      .sort((a, b) => a - b);
    // player 1 is the one left of the dealer: clockwise from the seat after the button
    const after = seats.filter((x) => x > s.hand.button);
    const raceOrder = [...after, ...seats.filter((x) => x <= s.hand.button)];
    count = new TableBreakCount({
      tableId: o.tableId,
      stacks,
      inPlay: fact.chips ?? [],
      colourUp: fact.colourUp ?? [],
      raceOrder,
      random: o.random ?? systemRandom,
    });
    phase = 'count';
    session.divertChips(read);
    raise(breakCountAlert({ variant: 'start', amount: seats.length }));
  };

  const read = (seat: number, chips: number[]) => {
    if (!count || chips.length === 0) return;
    if (phase === 'count') {
      count.read(seat, chips);
      if (!count.complete()) return;
      const diffs = count.count();
      for (const a of diffs) raise(a);
      if (diffs.length === 0) raise(breakCountAlert({ variant: 'clean' }));
      say(`break: count of table ${o.tableId}: ${diffs.length} difference(s)`);
      const up = diffs.length === 0 ? count.colourUp() : null;
      if (!up) {
        if ((fact.colourUp ?? []).length > 0)
          say(`break: colour-up of table ${o.tableId} left to the floor (the count differs)`);
        finish();
        return;
      }
      raise(up.alert);
      raced = Object.fromEntries(up.race.seats.map((x) => [x.seat, x.after]));
      checked = new Map();
      phase = 'check';
      return;
    }
    if (phase === 'check') {
      checked.set(seat, chips);
      if (!Object.keys(raced).every((s) => checked.has(Number(s)))) return;
      const wrong = count.checkAfter(Object.fromEntries(checked));
      for (const a of wrong) raise(a);
      if (wrong.length === 0) {
        // the engine plays the raced stacks from the next hand on (LOI 2: the race's new chips, nobody out by it)
        try {
          session.changeSeats(raced);
        } catch (err) {
          say(`break: raced stacks not taken: ${(err as Error).message}`);
        }
        const facts = { variant: 'checked' };
        raise({ code: 'COLOUR_UP_CHECK', ...alertRule('COLOUR_UP_CHECK', facts, 'tda'), facts });
        finish();
      }
    }
  };

  const finish = () => {
    phase = 'done';
    session.divertChips(null);
  };

  const onState = (s: SessionState) => {
    if (phase === 'waiting' && free(s)) begin(s);
  };
  session.on('state', onState);
  onState(session.snapshot());

  return {
    phase: () => phase,
    stop() {
      session.off('state', onState);
      if (phase !== 'done') session.divertChips(null);
      phase = 'done';
    },
  };
}
