// Builders of session and live states for the server tests.
import type { Decision } from '../../src/engine/hand/decisions.js';
import type { Alert, HandSnapshot, SeatView } from '../../src/engine/types.js';
import type { SessionState } from '../../src/session/types.js';
import type { LiveState } from '../../src/views/liveState.js';

export function seat(n: number, cards: string[], shown: string[] = [], extra: Partial<SeatView> = {}): SeatView {
  return {
    seat: n,
    stack: 9000,
    committed: 100,
    zone: [100],
    cards,
    shown,
    folded: false,
    allIn: false,
    absent: false,
    dead: false,
    ...extra,
  };
}

/** a decision of the engine, as the snapshot holds it */
export function decision(kind: Decision['kind'], seat: number, cards: string[] = []): Decision {
  return {
    kind,
    street: kind === 'dealHole' ? 'preflop' : 'flop',
    seat,
    amount: 0,
    to: 0,
    facing: 0,
    raiseBy: 0,
    allIn: false,
    full: false,
    refund: 0,
    cards,
    chips: [],
    source: 'table',
    rule: null,
    t: 1000,
  };
}

export function alert(id: number, message: string, extra: Partial<Alert> = {}): Alert {
  return {
    id,
    code: 'BURN_MISSED',
    severity: 'warn',
    rule: { book: 'club', id: '2-5' },
    seat: null,
    facts: {},
    // texts as an earlier version recorded them: the views show them, scrubbed of the cards a role may not see
    recorded: { message, remedy: `Burn ${message}`, messageFr: `FR ${message}`, remedyFr: `Brûler ${message}` },
    t: 1000,
    acknowledged: false,
    resolved: false,
    ...extra,
  };
}

export function hand(extra: Partial<HandSnapshot> = {}): HandSnapshot {
  return {
    ruleset: 'tda',
    phase: 'betting',
    street: 'flop',
    button: 1,
    sb: 2,
    bb: 3,
    blinds: [50, 100],
    bbAnte: 0,
    board: ['7h', 'Kd', '2c'],
    burns: ['9s'],
    muck: ['4d', '4c'],
    seats: [
      seat(1, ['Ah', 'Ks']),
      seat(2, ['Qs', 'Qd'], [], { handName: 'Pair of queens' }),
      seat(3, [], [], { folded: true }),
    ],
    alerts: [alert(1, 'Flop dealt without burn: Ah was the first card, AhKs seen')],
    // button 1: p1 is seat 2 (its Qs Qd), seat 3's cards were not read, seat 1 (4d 4c) folded, then the flop
    decisions: [
      decision('dealHole', 2, ['Qs', 'Qd']),
      decision('dealHole', 3),
      decision('dealHole', 1, ['4d', '4c']),
      decision('fold', 1),
      decision('dealBoard', 0, ['7h', 'Kd', '2c']),
    ],
    next: { toAct: 2, toCall: 0, minRaiseTo: 100, canRaise: true, maxRaiseTo: 9000, legal: ['check', 'bet', 'allin'] },
    pots: [{ amount: 300, eligible: [1, 2] }],
    stacks: { 1: 9000, 2: 9000, 3: 10000 },
    t: 5000,
    ...extra,
  };
}

export function session(h: HandSnapshot = hand(), extra: Partial<SessionState> = {}): SessionState {
  return {
    version: 7,
    wall: 1_000_000,
    handNo: 4,
    handStartWall: 990_000,
    config: {
      ruleset: 'tda',
      seats: { 1: 10000, 2: 10000, 3: 10000 },
      button: 1,
      blinds: [50, 100],
      bbAnte: 0,
      absent: [],
      chips: [25, 100],
      motionMs: 700,
      orderKnown: true,
    },
    hand: h,
    handOver: false,
    tableAlerts: [],
    health: { link: 'up', panel: 'up', readers: { '1': 'ok' }, tray: {}, scanMs: 120, counters: {}, source: 'sim' },
    clock: null,
    level: { blinds: [50, 100], bbAnte: 0 },
    ...extra,
  };
}

export function live(s: SessionState = session(), extra: Partial<LiveState> = {}): LiveState {
  return {
    session: s,
    // these tests run on one clock: the state happened (monotonic) when its wall says
    at: s.wall,
    equity: {
      handNo: s.handNo,
      points: [{ boardLen: 3, board: ['7h', 'Kd', '2c'], equity: { 1: 80, 2: 20 } }],
      outs: { 2: ['Qh', 'Qc'] },
    },
    broadcastDelayMs: 60_000,
    ...extra,
  };
}

/** Every card token in a JSON text (runs like AhKd split). */
export function cardsIn(json: string): Set<string> {
  const out = new Set<string>();
  for (const m of json.matchAll(/(?<![A-Za-z0-9?])((?:[2-9TJQKA][shdc])+)(?![A-Za-z0-9])/g)) {
    for (let i = 0; i < m[1].length; i += 2) out.add(m[1].slice(i, i + 2));
  }
  return out;
}
