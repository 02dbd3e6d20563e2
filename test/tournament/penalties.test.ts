// The floor's penalties, each after its rule: LOI 7 (why a penalty), LOI 33 (the scale: a warning, suspensions of
// 10 to 40 minutes, the disqualification, chips taken from play), tda 71 (hands and rounds away from the table, the
// dead hand and tda 68's exposed cards, the elimination in the place held, the disqualification without prize, the penalty carried to another
// table and to the next day), seed 003 regulation 6 (one to five levels out of the table). On the floor, and over a
// whole simulated tournament on the real engine: the penalised player is dealt in, their hand killed, their blinds
// posted, and every chip is still accounted for.
import { describe, expect, it } from 'vitest';
import {
  defaultStructure,
  type FloorEvent,
  PenaltyBook,
  type Player,
  playedMs,
  Standings,
  simulateTournament,
  standingsCsv,
  TournamentFloor,
} from '../../src/tournament/index.js';

const structure = defaultStructure();
const players = (n: number): Player[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}`, country: 'FR' }));
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

function floorOf(n: number, tables: string[]) {
  const time = { now: 0 };
  const floor = new TournamentFloor(
    structure,
    players(n),
    { tableIds: tables, maxSeats: 9, buyIn: 100 },
    seeded(7),
    () => time.now,
  );
  floor.start();
  return { floor, time };
}
const tableOf = (floor: TournamentFloor, player: string) =>
  floor.tables.find((t) => Object.values(t.seats).includes(player));
const seatOf = (floor: TournamentFloor, player: string) =>
  Number(Object.entries(tableOf(floor, player)?.seats ?? {}).find(([, p]) => p === player)?.[0]);

describe('LOI 7: a penalty is given for something the player did', () => {
  it('a penalty without its reason is refused', () => {
    const { floor } = floorOf(9, ['T1']);
    expect(() => floor.penalise({ player: 'p1', kind: 'warning', reason: ' ', hand: 'T1#1' })).toThrow(
      /needs its reason \(LOI 7\)/,
    );
    expect(floor.penalties.all()).toEqual([]);
  });
  it('a player not seated cannot be penalised', () => {
    const { floor } = floorOf(9, ['T1']);
    expect(() => floor.penalise({ player: 'nobody', kind: 'warning', reason: 'abuse', hand: 'T1#1' })).toThrow(
      /not seated/,
    );
  });
});

describe('LOI 33: the scale, a warning then suspensions of ten, twenty, thirty and forty minutes', () => {
  it('a warning is recorded with its rule and sends nobody away', () => {
    const { floor } = floorOf(9, ['T1']);
    const r = floor.penalise({ player: 'p2', kind: 'warning', reason: 'showed a card (LOI 7)', hand: 'T1#3' });
    expect(r.penalty).toMatchObject({ id: 1, rule: [{ book: 'LOI', id: '33' }], kind: 'warning' });
    const go = floor.shuffle('T1', 'T1#4');
    expect('penalised' in go && go.penalised).toEqual([]);
    expect(floor.log.at(-2)).toMatchObject({ kind: 'penalty' });
  });
  it('only the four suspensions of the scale', () => {
    const { floor } = floorOf(9, ['T1']);
    for (const m of [0, 5, 15, 45, 60])
      expect(() => floor.penalise({ player: 'p1', kind: 'minutes', count: m, reason: 'abuse', hand: 'T1#1' })).toThrow(
        /10, 20, 30, 40 minutes \(LOI 33\)/,
      );
    expect(() => floor.penalise({ player: 'p1', kind: 'warning', count: 2, reason: 'x', hand: 'T1#1' })).toThrow(
      /has no count/,
    );
  });
  it('ten minutes of play: the paused clock and a break do not serve it', () => {
    const { floor, time } = floorOf(9, ['T1']);
    const seat = seatOf(floor, 'p3');
    floor.penalise({ player: 'p3', kind: 'minutes', count: 10, reason: 'abusive language', hand: 'T1#1' });
    const penalised = () => {
      const go = floor.shuffle('T1', 'T1#x');
      return 'penalised' in go ? go.penalised : 'wait';
    };
    expect(penalised()).toEqual([seat]);
    time.now += 6 * 60_000;
    floor.clock.pause();
    time.now += 30 * 60_000; // paused: nothing served
    expect(penalised()).toEqual([seat]);
    floor.clock.resume();
    time.now += 3 * 60_000;
    expect(penalised()).toEqual([seat]); // 9 minutes of play
    time.now += 61_000;
    expect(penalised()).toEqual([]);
  });
  it("the played time counts the levels only: a break's minutes are not play", () => {
    // level 20, level 20, break 10, level 20 ...: 45 minutes in is 5 minutes into the break, 40 of play
    expect(playedMs(structure.periods, 2, 5 * 60_000)).toBe(40 * 60_000);
    expect(playedMs(structure.periods, 3, 15 * 60_000)).toBe(45 * 60_000);
  });
});

describe('tda 71: hands and rounds away from the table', () => {
  it('three hands: dealt in and killed for the next three hands at their table, then back', () => {
    const { floor } = floorOf(9, ['T1']);
    const seat = seatOf(floor, 'p4');
    floor.penalise({ player: 'p4', kind: 'hands', count: 3, reason: 'threw a card off the table', hand: 'T1#1' });
    const seen = [2, 3, 4, 5].map((h) => {
      const go = floor.shuffle('T1', `T1#${h}`);
      return 'penalised' in go ? go.penalised : [];
    });
    expect(seen).toEqual([[seat], [seat], [seat], []]);
  });
  it('a round is as many hands as there are players at the table when it is given', () => {
    const { floor } = floorOf(14, ['T1', 'T2']);
    const t = tableOf(floor, 'p5');
    const size = Object.keys(t?.seats ?? {}).length;
    const r = floor.penalise({ player: 'p5', kind: 'rounds', count: 2, reason: 'soft play', hand: 'T1#1' });
    expect(r.penalty.handsLeft).toBe(2 * size);
  });
  it('the penalty is the player’s: moved to another table it goes on there', () => {
    const { floor } = floorOf(9, ['T1', 'T2']);
    floor.penalise({ player: 'p6', kind: 'hands', count: 4, reason: 'abuse', hand: 'T1#1' });
    const from = tableOf(floor, 'p6');
    floor.shuffle(from?.id as string, 'x#1');
    // the floor moves the player (a balancing move): the book follows them, not the seat
    const to = floor.tables.find((t) => t !== from) as (typeof floor.tables)[number];
    const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((s) => to.seats[s] === undefined) as number;
    for (const [s, p] of Object.entries(from?.seats ?? {})) if (p === 'p6') delete from?.seats[Number(s)];
    to.seats[free] = 'p6';
    const go = floor.shuffle(to.id, 'y#1');
    expect('penalised' in go && go.penalised).toEqual([free]);
    expect(floor.penalties.of('p6')[0]?.handsLeft).toBe(2);
  });
  it("the example: 8 hands given, 3 served by the day's end, 5 left the next day", () => {
    const { floor } = floorOf(9, ['T1']);
    floor.penalise({ player: 'p1', kind: 'hands', count: 8, reason: 'abuse', hand: 'T1#40' });
    for (let h = 41; h <= 43; h++) floor.shuffle('T1', `T1#${h}`);
    const saved = JSON.parse(JSON.stringify(floor.penalties.save()));
    const nextDay = new PenaltyBook(saved);
    expect(nextDay.of('p1')[0]?.handsLeft).toBe(5);
    expect(nextDay.sitsOut('p1', { playedMs: 0, level: 1 })).toBe(true);
    expect(() => new PenaltyBook({ v: 2 } as never)).toThrow(/not a version 1 book/);
  });
  it('tda 68: cards exposed with action pending: the hand may be dead, the penalty starts when the hand ends', () => {
    const { floor } = floorOf(9, ['T1']);
    const seat = seatOf(floor, 'p3');
    const during = floor.shuffle('T1', 'T1#6'); // hand 6 is under way when it happens
    expect('penalised' in during && during.penalised).toEqual([]);
    floor.penalise({ player: 'p3', kind: 'deadHand', reason: 'exposed with action pending (tda 68)', hand: 'T1#6' });
    floor.penalise({
      player: 'p3',
      kind: 'hands',
      count: 1,
      reason: 'exposed with action pending (tda 68)',
      hand: 'T1#6',
    });
    const next = floor.shuffle('T1', 'T1#7');
    expect('penalised' in next && next.penalised).toEqual([seat]);
    const after = floor.shuffle('T1', 'T1#8');
    expect('penalised' in after && after.penalised).toEqual([]);
  });
  it('a dead hand is recorded for the table to kill; it sends nobody away for later hands', () => {
    const { floor } = floorOf(9, ['T1']);
    const r = floor.penalise({ player: 'p2', kind: 'deadHand', reason: 'exposed with action pending', hand: 'T1#2' });
    expect(r.penalty.rule).toEqual([{ book: 'tda', id: '71' }]);
    const go = floor.shuffle('T1', 'T1#3');
    expect('penalised' in go && go.penalised).toEqual([]);
  });
  it('an elimination gives the place held then and its prize; the chips leave play', () => {
    const { floor } = floorOf(9, ['T1']);
    const before = floor.chipBook();
    const r = floor.penalise({ player: 'p7', kind: 'elimination', reason: 'banned from the venue', hand: 'T1#5' });
    expect(r.finish).toMatchObject({ player: 'p7', place: 9 });
    expect(floor.standings.left).toBe(8);
    expect(tableOf(floor, 'p7')).toBeUndefined();
    const after = floor.chipBook();
    expect(after.issued).toBe(before.issued - 5000);
    expect(after.held).toBe(after.issued);
  });
});

describe('LOI 33, tda 71: the disqualification', () => {
  it('no place, no prize, the buy-in stays in the pool; the others take every place; the chips leave play', () => {
    const { floor } = floorOf(4, ['T1']);
    floor.penalise({ player: 'p2', kind: 'disqualification', reason: 'collusion', hand: 'T1#3' });
    expect(floor.standings.prizePool).toBe(400);
    expect(floor.chipBook()).toEqual({ issued: 15000, held: 15000 });
    // the three others finish 3, 2, 1
    const t = floor.tables[0] as (typeof floor.tables)[number];
    const seats = Object.entries(t.seats).map(([s, p]) => ({ seat: Number(s), p }));
    const [a, b, c] = seats;
    if (!a || !b || !c) throw new Error('three players expected');
    floor.handEnded('T1', {
      hand: 'T1#4',
      button: a.seat,
      sb: b.seat,
      bb: c.seat,
      start: { [a.seat]: 5000, [b.seat]: 5000, [c.seat]: 5000 },
      end: { [a.seat]: 10000, [b.seat]: 0, [c.seat]: 5000 },
    });
    floor.handEnded('T1', {
      hand: 'T1#5',
      button: c.seat,
      sb: c.seat,
      bb: a.seat,
      start: { [a.seat]: 10000, [c.seat]: 5000 },
      end: { [a.seat]: 15000, [c.seat]: 0 },
    });
    const rows = floor.standings.results();
    expect(rows.map((r) => r.place)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.prize).reduce((x, y) => x + y, 0)).toBe(400);
    expect(rows.some((r) => r.id === 'p2')).toBe(false);
    expect(floor.standings.disqualified()[0]?.vacant).toBe(4);
    const csv = standingsCsv(rows, floor.standings.disqualified());
    expect(csv.trimEnd().split('\n').at(-1)).toBe('DQ,p2,Player 2,FR,0,T1#3,0');
  });
});

describe('LOI 33, tda 71: a disqualification in the money', () => {
  it("the vacant place's prize goes to the first place: the whole pool is paid, none of it to the disqualified", () => {
    const s = new Standings(players(4), structure, 100);
    s.bust('T1#1', [{ player: 'p4', stackAtStart: 100 }]);
    s.disqualify('p3', 'T1#2', 'collusion');
    s.bust('T1#3', [{ player: 'p2', stackAtStart: 100 }]);
    s.crown('p1', 'T1#3', 20000);
    // 400 paid 50/30/20: 200, 120, 80; third place is vacant
    expect(s.results().map((r) => [r.place, r.id, r.prize])).toEqual([
      [1, 'p1', 280],
      [2, 'p2', 120],
      [4, 'p4', 0],
    ]);
    expect(() => s.disqualify('p3', 'T1#4', 'again')).toThrow(/already out/);
  });
});

describe('seed 003 regulation 6: one to five levels out of the table', () => {
  it('from level 1, one level: back when level 2 starts; six levels refused', () => {
    const { floor, time } = floorOf(9, ['T1']);
    const seat = seatOf(floor, 'p8');
    expect(() => floor.penalise({ player: 'p8', kind: 'levels', count: 6, reason: 'x', hand: 'T1#1' })).toThrow(
      /1 to 5/,
    );
    floor.penalise({ player: 'p8', kind: 'levels', count: 1, reason: 'aggressive behaviour', hand: 'T1#1' });
    const at = () => {
      const go = floor.shuffle('T1', 'T1#x');
      return 'penalised' in go ? go.penalised : 'wait';
    };
    time.now += 19 * 60_000;
    expect(at()).toEqual([seat]);
    time.now += 61_000;
    expect(at()).toEqual([]);
  });
});

describe('a whole simulated tournament with penalties on the real engine', () => {
  const report = simulateTournament({
    structure,
    players: 18,
    tables: 2,
    maxSeats: 9,
    seed: 3,
    buyIn: 100,
    penalties: [
      { afterHands: 4, kind: 'rounds', count: 1, reason: 'soft play (LOI 7)' },
      { afterHands: 30, kind: 'disqualification', reason: 'collusion' },
    ],
  });
  const { floor } = report;
  const of = <K extends FloorEvent['kind']>(k: K): Extract<FloorEvent, { kind: K }>[] =>
    floor.log.filter((e): e is Extract<FloorEvent, { kind: K }> => e.kind === k);

  it("tda 71: the penalised player's hands are dealt and killed, their blinds posted, for a round", () => {
    const [first] = of('penalty');
    expect(first?.penalty).toMatchObject({ kind: 'rounds', rule: [{ book: 'tda', id: '71' }] });
    const who = first?.penalty.player as string;
    const rounds = first?.penalty.count as number;
    const start = (first?.penalty.hand ?? '').split('#')[0];
    const killed = report.played.filter((h) => h.killed.includes(who));
    expect(killed.length).toBeGreaterThan(0);
    expect(killed.length).toBeLessThanOrEqual(9 * rounds);
    expect(killed[0]?.table).toBe(start);
    // their blinds were posted while away: at least one killed hand had them in a blind
    expect(killed.some((h) => h.bb === who || h.sb === who)).toBe(true);
    expect(floor.penalties.of(who)[0]?.handsLeft ?? 0).toBe(0);
  });
  it('LOI 33: the disqualified player has no place (theirs stays vacant, the others keep or take theirs); the pool is paid', () => {
    const [dq] = of('disqualified');
    expect(dq).toBeDefined();
    const rows = floor.standings.results();
    const [vacant] = floor.standings.disqualified().map((d) => d.vacant);
    expect(vacant).toBeGreaterThan(1);
    expect(rows.map((r) => r.place).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 18 }, (_, i) => i + 1).filter((p) => p !== vacant),
    );
    expect(rows.some((r) => r.id === dq?.player)).toBe(false);
    expect(rows.reduce((a, r) => a + r.prize, 0)).toBe(1800);
    expect(report.lines.some((l) => / disqualified, no prize; \d+ chips taken out of play/.test(l))).toBe(true);
  });
  it('every chip accounted for: the winner holds every chip still in play', () => {
    const book = floor.chipBook();
    expect(book.held).toBe(book.issued);
    expect(floor.standings.left).toBe(0);
  });
});
