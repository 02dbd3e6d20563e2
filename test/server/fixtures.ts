// Builders of session and live states for the server tests.
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

export function alert(id: number, message: string, extra: Partial<Alert> = {}): Alert {
  return {
    id,
    code: 'BURN_MISSED',
    severity: 'warn',
    rule: 'club 2-5',
    seat: null,
    message,
    remedy: `Burn ${message}`,
    messageFr: `FR ${message}`,
    remedyFr: `Brûler ${message}`,
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
    actions: ['d dh p1 Qs Qd', 'd dh p2 ????', 'd dh p3 4d4c', 'p3 f', 'd db 7hKd2c'],
    decisions: [],
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
