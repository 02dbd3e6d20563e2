// Issue 27: after a restart, the chips pushed and the hands folded while the service was down are read in betting
// order, as the actions they would have been had the service been up. A five-seat hand is played on a model of the
// physical table (chips as tagged chips in the betting zones, cards in the seats, the muck, the board) and fed to the
// table layer as the readers report it; the service is "killed" (its log copied) at every boundary of a betting
// round, 1, 2 or 3 actions are taken while it is down, and the restarted service (the session rebuilt from the log, a
// new table layer, the readers' first inventory: antenna by antenna, seat 1 first) finishes the hand live. Its result
// (every decision, the stacks, the pots, the hand's alerts) equals the uninterrupted hand's; when every action taken
// while down was in turn there is no alert but ONE RESUME_CHIPS_CHANGED info listing what was read at resume; when one
// was not (out of turn, an undercall, chips gone), the alert is the one the live table would have raised.
// The clock is injected; the session's motion ticks are driven by hand.
import { describe, expect, it, vi } from 'vitest';
import { PROCEDURE_KINDS } from '../../src/engine/hand/decisions.js';
import type { HandSnapshot } from '../../src/engine/types.js';
import { RESUME_CHIPS_CHANGED, resumeTableLayer } from '../../src/service/resume.js';
import { planResumeReading, RESUME_TAP_HOLD_MS } from '../../src/service/resumeReading.js';
import { wireTableLayer } from '../../src/service/source.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { chipUid, simulatedRegistry } from '../../src/sim/tags.js';
import { type LiveTableEvent, TableLayer } from '../../src/table/index.js';
import { texts } from '../alertTexts.js';
import { A, card, simHardware } from '../table/helpers.js';

const CONFIG = {
  ruleset: 'tda' as const,
  seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 10000 },
  button: 1,
  blinds: [50, 100] as [number, number],
  bbAnte: 0,
  absent: [],
  chips: [25, 100, 500, 1000, 5000],
  motionMs: 700,
  orderKnown: true,
};
const DENOMS = [25, 100, 500, 1000, 5000];
const HOLE: Record<number, [string, string]> = {
  1: ['7c', '2d'],
  2: ['Ah', 'Qs'],
  3: ['Kd', '9h'],
  4: ['Jd', 'Jh'],
  5: ['Tc', '9c'],
};
const BURN = '5h';
const FLOP = ['Jc', '8s', '3d'];

/** one thing the table does: chips pushed to a zone total, a hand into the muck, the bets collected and the flop, a
 * check the dealer taps on the tablet (no chips move) */
type Act = { seat: number; to: number } | { seat: number; fold: true } | { flop: true } | { seat: number; check: true };

let clock = 1_700_000_000_000;
const now = () => clock;
const step = () => {
  clock += 1000;
  return clock;
};

/** the physical table: what lies on each antenna */
class Felt {
  readonly on = new Map<number, string[]>();
  private serial = 0;
  private put(antenna: number, uid: string): void {
    this.on.set(antenna, [...(this.on.get(antenna) ?? []), uid]);
  }
  private take(antenna: number, uid: string): void {
    this.on.set(
      antenna,
      (this.on.get(antenna) ?? []).filter((u) => u !== uid),
    );
  }
  zoneTotal(seat: number): number {
    return (this.on.get(A.bet(seat)) ?? []).reduce((a, u) => a + DENOMS[Number.parseInt(u.slice(1, 2), 16)], 0);
  }
  /** the reader events of one act (live, order known), the felt changed accordingly */
  act(a: Act): Array<{ kind: 'arrive' | 'leave'; antenna: number; uid: string; face: 'U' | 'D' | '-' }> {
    const out: Array<{ kind: 'arrive' | 'leave'; antenna: number; uid: string; face: 'U' | 'D' | '-' }> = [];
    const arrive = (antenna: number, uid: string, face: 'U' | 'D' | '-' = '-') => {
      this.put(antenna, uid);
      out.push({ kind: 'arrive', antenna, uid, face });
    };
    const leave = (antenna: number, uid: string) => {
      this.take(antenna, uid);
      out.push({ kind: 'leave', antenna, uid, face: '-' });
    };
    if ('flop' in a) {
      for (let seat = 1; seat <= 5; seat++)
        for (const u of [...(this.on.get(A.bet(seat)) ?? [])]) leave(A.bet(seat), u);
      arrive(A.burn, card(BURN), 'D');
      for (const c of FLOP) arrive(A.board, card(c), 'U');
      return out;
    }
    if ('check' in a) return out; // nothing moves on the felt: the tablet says it (play())
    if ('fold' in a) {
      for (const c of HOLE[a.seat]) {
        leave(A.seat(a.seat), card(c));
        arrive(A.muck, card(c), 'D');
      }
      return out;
    }
    let left = a.to - this.zoneTotal(a.seat);
    for (let k = DENOMS.length - 1; k >= 0; k--) {
      while (left >= DENOMS[k]) {
        arrive(A.bet(a.seat), chipUid(k, this.serial++));
        left -= DENOMS[k];
      }
    }
    if (left !== 0) throw new Error(`cannot push ${a.to} to seat ${a.seat}`);
    return out;
  }
  /** chips taken back from a zone (to nowhere) */
  takeBack(seat: number): Array<{ kind: 'leave'; antenna: number; uid: string; face: '-' }> {
    const uids = [...(this.on.get(A.bet(seat)) ?? [])];
    for (const u of uids) this.take(A.bet(seat), u);
    return uids.map((uid) => ({ kind: 'leave', antenna: A.bet(seat), uid, face: '-' }));
  }
}

interface Service {
  session: TableSession;
  layer: TableLayer;
  log: MemoryLog;
}

function service(log = new MemoryLog(), recover = false): Service {
  // the motion ticks are driven by the test (tick()), never by a timer
  const opts = { config: CONFIG, now, schedule: () => () => {} };
  const session = recover ? TableSession.recover(log, opts) : new TableSession({ ...opts, log });
  const layer = new TableLayer({
    hardware: simHardware(),
    registry: simulatedRegistry(),
    latchOffMs: 0,
    chipSettleMs: 0,
    wall: now,
  });
  wireTableLayer(layer, session, 'test', (err) => {
    throw err;
  });
  return { session, layer, log };
}

function feed(s: Service, evs: ReturnType<Felt['act']>): void {
  const wall = step();
  for (const e of evs) {
    if (e.kind === 'arrive')
      s.layer.ingest({ kind: 'arrive', antenna: e.antenna, uid: e.uid, face: e.face, at: wall, orderKnown: true });
    else s.layer.ingest({ kind: 'leave', antenna: e.antenna, uid: e.uid, at: wall, orderKnown: true });
  }
}
const tick = (s: Service) => s.session.ingest({ kind: 'tick' }, step());
/** a check tapped on the dealer's tablet (the service's tablet route: the table layer's ingestTablet) */
const tap = (s: Service, seat: number) => s.layer.ingestTablet({ kind: 'say', seat, say: 'check' }, step());
/** one act, live: its reader events, or the dealer's tap for a check */
function play(s: Service, felt: Felt, a: Act): void {
  if ('check' in a) tap(s, a.seat);
  else feed(s, felt.act(a));
}

/** shuffle, blinds, the deal (from the small blind, two rounds) */
function begin(s: Service, felt: Felt): void {
  s.session.ingest({ kind: 'dealer', button: 'shuffle' }, step());
  feed(s, felt.act({ seat: 2, to: 50 }));
  feed(s, felt.act({ seat: 3, to: 100 }));
  const order = [2, 3, 4, 5, 1];
  for (const round of [0, 1]) {
    for (const seat of order) {
      const c = HOLE[seat][round];
      felt.on.set(A.seat(seat), [...(felt.on.get(A.seat(seat)) ?? []), card(c)]);
      s.layer.ingest({ kind: 'arrive', antenna: A.seat(seat), uid: card(c), face: 'D', at: step(), orderKnown: true });
    }
  }
}

function copy(log: MemoryLog): MemoryLog {
  const out = new MemoryLog();
  for (const r of log.records()) out.append(r.kind, r.hand, r.data, r.wall);
  return out;
}

/** what the hand came to: every decision, the stacks, the pots, the hand's alerts */
function result(h: HandSnapshot) {
  return {
    decisions: h.decisions.map((d) => `${d.street} ${d.kind} ${d.seat} ${d.to}`),
    stacks: h.stacks,
    pots: h.pots.map((p) => [p.amount, p.winners]),
    alerts: h.alerts.map((a) => `${a.code} ${a.seat}`),
    phase: h.phase,
  };
}

/** the uninterrupted hand */
function uninterrupted(script: Act[]) {
  const s = service();
  const felt = new Felt();
  begin(s, felt);
  for (const a of script) play(s, felt, a);
  tick(s);
  const out = { result: result(s.session.snapshot().hand), tableAlerts: s.session.snapshot().tableAlerts };
  s.session.close();
  return out;
}

/** the same hand, the service killed after `live` acts and restarted after `down` more (taken while it was down). A
 * check among them is tapped on the tablet once the service is back, before the readers' first inventory reaches it
 * (the tablet reconnects at once; the bridge's inventory follows the SYNC). */
function interrupted(script: Act[], live: number, down: number, whileDown?: (felt: Felt) => void) {
  const first = service();
  const felt = new Felt();
  begin(first, felt);
  for (const a of script.slice(0, live)) play(first, felt, a);
  const left = copy(first.log); // what the killed service leaves on disk
  first.session.close();
  for (const a of script.slice(live, live + down)) felt.act(a);
  whileDown?.(felt);
  const back = service(left, true);
  resumeTableLayer(back.layer, back.session);
  for (const a of script.slice(live, live + down)) if ('check' in a) tap(back, a.seat);
  const wall = step();
  // the bridge's HELLO inventory: every antenna, seat 1 first
  for (let antenna = 0; antenna <= 14; antenna++)
    back.layer.ingest({ kind: 'inventory', antenna, uids: felt.on.get(antenna) ?? [], at: wall });
  tick(back);
  const atResume = back.session.snapshot();
  for (const a of script.slice(live + down)) play(back, felt, a);
  tick(back);
  const s = back.session.snapshot();
  back.session.close();
  return { result: result(s.hand), tableAlerts: s.tableAlerts, atResume };
}

// preflop (seat 4 first): raise, call, fold, the small blind calls, the big blind calls; the flop (seat 2 first):
// seat 2 checks (inferred from seat 3's bet), bet, raise, fold, fold, fold: seat 4 wins
const PREFLOP: Act[] = [
  { seat: 4, to: 300 },
  { seat: 5, to: 300 },
  { seat: 1, fold: true },
  { seat: 2, to: 300 },
  { seat: 3, to: 300 },
];
const FLOP_ROUND: Act[] = [
  { seat: 3, to: 200 },
  { seat: 4, to: 600 },
  { seat: 5, fold: true },
  { seat: 2, fold: true },
  { seat: 3, fold: true },
];
const HAND: Act[] = [...PREFLOP, { flop: true }, ...FLOP_ROUND];
const chipsActs = (acts: Act[]) => acts.some((a) => 'to' in a);

const REFERENCE = uninterrupted(HAND);

describe('the reference hand', () => {
  it('is played to the end with no alert', () => {
    expect(REFERENCE.result.phase).toBe('complete');
    expect(REFERENCE.result.alerts).toEqual([]);
    expect(REFERENCE.tableAlerts).toEqual([]);
    expect(REFERENCE.result.decisions).toContain('preflop raise 4 300');
    expect(REFERENCE.result.decisions).toContain('flop check 2 0');
    expect(REFERENCE.result.stacks).toMatchObject({ 4: 10000 - 600 + 1600 + 100 });
  });
});

// every boundary of each betting round: before its first action, between two actions, before its last one, and
// after its last one (the chips not collected yet: collected, the flop dealt and bet while down). A round's calls
// that were collected while down left nothing to read: that is the chips-gone case below, not this matrix.
const CASES: Array<{ live: number; down: number }> = [];
const FLOP_AT = HAND.findIndex((a) => 'flop' in a);
for (let live = 0; live < HAND.length; live++) {
  for (const down of [1, 2, 3]) {
    const crossesWithBets = live < FLOP_AT && live + down > FLOP_AT;
    if (live + down <= HAND.length && !crossesWithBets) CASES.push({ live, down });
  }
}

describe('killed at every boundary of a betting round, 1, 2 or 3 actions taken in turn while down', () => {
  it.each(CASES)(
    'killed after $live acts, $down taken while down: no alert, the result of the uninterrupted hand',
    ({ live, down }) => {
      const got = interrupted(HAND, live, down);
      expect(got.result).toEqual(REFERENCE.result);
      const acts = HAND.slice(live, live + down);
      // the floor is told once what was read at resume, when chips were; never a warning
      const told = got.tableAlerts.filter((a) => a.code === RESUME_CHIPS_CHANGED);
      expect(got.tableAlerts.filter((a) => a.code !== RESUME_CHIPS_CHANGED)).toEqual([]);
      expect(told).toHaveLength(chipsActs(acts) ? 1 : 0);
      if (told.length > 0) {
        expect(told[0].severity).toBe('info');
        expect(texts(told[0])?.messageFr).toContain('lu à la reprise');
        for (const a of acts) {
          if ('to' in a) {
            expect(texts(told[0])?.message).toMatch(new RegExp(`seat ${a.seat} (calls|bets|raises to) ${a.to}\\b`));
            expect(texts(told[0])?.messageFr).toMatch(
              new RegExp(`le siège ${a.seat} (suit|mise|relance à) ${a.to}\\b`),
            );
          }
          if ('fold' in a) expect(texts(told[0])?.message).toContain(`seat ${a.seat} folds`);
        }
      }
      // the actions taken while down are decisions read at resume (the dealer's procedure between them, a burn or
      // the bets collected, is not read: left out)
      const decided = got.atResume.hand.decisions.filter((d) => !PROCEDURE_KINDS.has(d.kind));
      const read = decided.filter((d) => d.atResume);
      const players = acts.filter((a) => !('flop' in a)).length;
      expect(read.length).toBeGreaterThanOrEqual(players);
      expect(decided.slice(0, -read.length).every((d) => !d.atResume)).toBe(true);
    },
  );
});

// limped preflop, the big blind checking its option on the tablet; on the flop seat 2 checks on the tablet, seat 3
// bets, the rest fold: seat 3 wins
const LIMPED: Act[] = [
  { seat: 4, to: 100 },
  { seat: 5, to: 100 },
  { seat: 1, fold: true },
  { seat: 2, to: 100 },
  { seat: 3, check: true },
  { flop: true },
  { seat: 2, check: true },
  { seat: 3, to: 200 },
  { seat: 4, fold: true },
  { seat: 5, fold: true },
  { seat: 2, fold: true },
];

describe("a check tapped on the tablet once the service is back, before the readers' first inventory reached it", () => {
  const want = uninterrupted(LIMPED);
  it('the reference hand: the big blind checks its option, no alert', () => {
    expect(want.result.phase).toBe('complete');
    expect(want.result.alerts).toEqual([]);
    expect(want.result.decisions).toContain('preflop check 3 100');
  });
  // the tap reaches the restarted service before the inventory that holds the motions made before it: it is read
  // after them, in turn (never the big blind acting before the seats the inventory shows acted)
  it.each([
    { live: 0, down: 5 },
    { live: 2, down: 3 },
    { live: 4, down: 1 },
  ])('killed after $live acts, $down taken while down (the check last): read in turn, no alert', ({ live, down }) => {
    const got = interrupted(LIMPED, live, down);
    expect(got.atResume.hand.alerts.map((a) => a.code)).not.toContain('ACTION_OUT_OF_TURN');
    expect(got.result).toEqual(want.result);
    expect(got.tableAlerts.filter((a) => a.severity !== 'info')).toEqual([]);
    const read = got.atResume.hand.decisions.filter((d) => d.atResume).map((d) => `${d.kind} ${d.seat}`);
    const chipsActs = LIMPED.slice(live, live + down).filter((a) => 'to' in a || 'fold' in a);
    expect(read).toEqual(chipsActs.map((a) => `${'fold' in a ? 'fold' : 'call'} ${(a as { seat: number }).seat}`));
  });
});

describe('a tap held for an inventory that does not come', () => {
  it('goes to the engine as it came once RESUME_TAP_HOLD_MS have passed (a tablet is never kept from the engine)', () => {
    vi.useFakeTimers();
    try {
      const first = service();
      const felt = new Felt();
      begin(first, felt);
      for (const a of LIMPED.slice(0, 4)) play(first, felt, a);
      tick(first); // the small blind's call read: the big blind to act
      expect(first.session.snapshot().hand.next?.toAct).toBe(3);
      const left = copy(first.log);
      first.session.close();
      const back = service(left, true);
      expect(resumeTableLayer(back.layer, back.session)).toBeGreaterThan(0);
      expect(back.layer.resuming).toBe(true);
      const before = back.session.snapshot().hand.decisions.length;
      tap(back, 3); // the bridge never answers: no inventory
      expect(back.session.snapshot().hand.decisions).toHaveLength(before);
      vi.advanceTimersByTime(RESUME_TAP_HOLD_MS - 1);
      expect(back.session.snapshot().hand.decisions).toHaveLength(before);
      vi.advanceTimersByTime(1);
      const h = back.session.snapshot().hand;
      // the tap's action (the bets' collection that ends the round is the dealer's procedure, left out)
      expect(
        h.decisions
          .slice(before)
          .filter((d) => !PROCEDURE_KINDS.has(d.kind))
          .map((d) => `${d.street} ${d.kind} ${d.seat}`),
      ).toEqual(['preflop check 3']);
      expect(h.alerts).toEqual([]);
      back.session.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('one action taken out of turn while down: the alert the live table would raise, the others read in turn', () => {
  const scripts: Array<[string, Act[], number, number]> = [
    // seat 5 calls before seat 4 acted (seat 4 then raises, seat 5's call is void and it calls again)
    ['seat 5 calls before seat 4 acted', [{ seat: 5, to: 100 }, { seat: 4, to: 300 }, ...PREFLOP.slice(1)], 0, 1],
    // seat 4 raises in turn, then seat 1 folds skipping seat 5
    [
      'seat 1 folds before seat 5 acted',
      [PREFLOP[0], PREFLOP[2], PREFLOP[1], ...PREFLOP.slice(3), { flop: true }, ...FLOP_ROUND],
      0,
      2,
    ],
    // on the flop, seat 4 bets before seat 3 (seat 2 checked): out of turn past a seat that had not acted
    [
      'on the flop seat 4 bets before seat 3 acted',
      [...PREFLOP, { flop: true }, { seat: 3, to: 200 }, { seat: 5, to: 200 }, { seat: 4, to: 200 }],
      6,
      2,
    ],
  ];
  it.each(scripts)('%s', (_name, script, live, down) => {
    const want = uninterrupted(script);
    expect(want.result.alerts.some((a) => a.startsWith('ACTION_OUT_OF_TURN'))).toBe(true);
    const got = interrupted(script, live, down);
    expect(got.result).toEqual(want.result);
    expect(got.tableAlerts.filter((a) => a.severity !== 'info')).toEqual([]);
  });

  it('an undercall taken in turn while down is the UNDERCALL the live table raises', () => {
    const script: Act[] = [
      { seat: 4, to: 300 },
      { seat: 5, to: 200 },
    ];
    const want = uninterrupted(script);
    expect(want.result.alerts).toContain('UNDERCALL 5');
    const got = interrupted(script, 0, 2);
    expect(got.result).toEqual(want.result);
    const info = got.tableAlerts.filter((a) => a.code === RESUME_CHIPS_CHANGED);
    expect(info.map((a) => a.severity)).toEqual(['info']);
    expect(texts(info[0])?.message).toContain('seat 4 raises to 300');
    expect(texts(info[0])?.message).not.toContain('seat 5');
  });

  it('a round called and collected while down: the calls are gone with the chips, named by warnings, never read silently', () => {
    // killed before the big blind's call: the big blind calls, the dealer collects and deals the flop while down
    const got = interrupted(HAND, 4, 2);
    const warn = got.tableAlerts.filter((a) => a.code === RESUME_CHIPS_CHANGED && a.severity === 'warn');
    expect(warn.map((a) => a.seat)).toContain(3);
    expect(warn.every((a) => a.facts?.variant === 'gone')).toBe(true);
    expect(got.result).not.toEqual(REFERENCE.result);
  });

  it("chips gone while down (the big blind's taken back): named by a warning, the in-turn actions still read", () => {
    const got = interrupted(PREFLOP, 0, 1, (felt) => felt.takeBack(3));
    const warn = got.tableAlerts.filter((a) => a.code === RESUME_CHIPS_CHANGED && a.severity === 'warn');
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatchObject({ seat: 3, facts: { variant: 'gone', amount: 0, logged: 100 } });
    expect(texts(warn[0])?.message).toContain('chips gone');
    expect(texts(warn[0])?.messageFr).toContain('des jetons ont disparu');
    const info = got.tableAlerts.filter((a) => a.code === RESUME_CHIPS_CHANGED && a.severity === 'info');
    expect(info).toHaveLength(1);
    expect(texts(info[0])?.message).toContain('seat 4 raises to 300');
  });
});

describe('planResumeReading (pure): the order, given the hand and a trial', () => {
  it('reads the inventory in betting order from the seat to act, whatever order the antennas gave it', () => {
    // the service killed with seat 4 to act; seats 4, 5 and 1 acted while down
    const first = service();
    const felt = new Felt();
    begin(first, felt);
    const left = copy(first.log);
    first.session.close();
    const session = TableSession.recover(left, { config: CONFIG, now, schedule: () => () => {} });
    const hand = session.snapshot().hand;
    expect(hand.next?.toAct).toBe(4);
    const wall = step();
    // as the layer reports them: antenna order (seat 1's cards in the muck, then the zones 4 and 5)
    const held: LiveTableEvent[] = [
      ...HOLE[1].map((c): LiveTableEvent => ({ kind: 'cardOff', card: c, zone: 'seat1', wall, orderKnown: false })),
      { kind: 'chips', seat: 4, chips: [100, 100, 100], wall, orderKnown: false },
      { kind: 'chips', seat: 5, chips: [100, 100, 100], wall, orderKnown: false },
      ...HOLE[1].map(
        (c): LiveTableEvent => ({ kind: 'cardAt', card: c, zone: 'muck', face: 'down', wall, orderKnown: false }),
      ),
    ];
    const plan = planResumeReading(hand, held, (evs) => session.trialHand(evs, wall));
    const where = (e: LiveTableEvent) =>
      e.kind === 'chips' ? `chips ${e.seat}` : `${e.kind} ${(e as { zone?: string }).zone}`;
    expect(plan.events.map(where)).toEqual([
      'chips 4',
      'chips 5',
      // seat 1's fold: its cards' events as the layer gave them
      'cardOff seat1',
      'cardOff seat1',
      'cardAt muck',
      'cardAt muck',
    ]);
    expect(plan.read.map((d) => `${d.kind} ${d.seat} ${d.to}`)).toEqual(['raise 4 300', 'call 5 300', 'fold 1 0']);
    expect(plan.read.every((d) => d.atResume)).toBe(true);
    expect(plan.chipsRead).toBe(true);
    expect(plan.unexplained).toEqual([]);
    // nothing was applied: the session is where the log left it
    expect(session.snapshot().hand.decisions).toEqual(hand.decisions);
    session.close();
  });
});
