// The isolation test: every message every role receives over a 50-hand simulated session, checked against what
// the table really held. No hole card reaches dealer, floor or public before it is tabled or exposed; the overlay
// gets each hole card no sooner than the broadcast delay; a wrong or missing token gets nothing private.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveService } from '../../src/service/live.js';
import type { SessionState } from '../../src/session/types.js';
import type { Simulator } from '../../src/sim/simulator.js';
import type { RoleView } from '../../src/views/views.js';
import { cardsIn } from '../server/fixtures.js';
import { FAST_SIM, liveOnSimulator } from './helpers.js';

const HANDS = 50;
const DELAY = 1500;

interface Received {
  at: number;
  text: string;
  msg: { type: string; view?: RoleView | null; code?: string };
}
interface Client {
  name: string;
  ws: WebSocket;
  got: Received[];
  closeCode: number | null;
}

/** What the table really held: for each hand, each hole card's seat, when it was first seen held, when tabled. */
interface Truth {
  holeSeat: Map<string, number>;
  heldAt: Map<string, number>;
  shownAt: Map<string, number>;
}

let live: LiveService;
const truth = new Map<number, Truth>();
/** for each state version: the cards no player may know at that point (held face down in this hand, never shown) */
const secretAt = new Map<number, Set<string>>();
/** for each hand: its secret at the last state seen of it (for a hand that is over, the cards never shown) */
const secretOfHand = new Map<number, Set<string>>();
const clients: Client[] = [];

function record(s: SessionState): void {
  let t = truth.get(s.handNo);
  if (!t) {
    t = { holeSeat: new Map(), heldAt: new Map(), shownAt: new Map() };
    truth.set(s.handNo, t);
  }
  for (const seat of s.hand.seats) {
    for (const c of seat.cards) {
      t.holeSeat.set(c, seat.seat);
      if (!t.heldAt.has(c)) t.heldAt.set(c, s.wall);
    }
    for (const c of seat.shown) if (!t.shownAt.has(c)) t.shownAt.set(c, s.wall);
  }
  // a card put back (a redeal) and later shown on the board is public from then on
  for (const c of s.hand.board) if (!t.shownAt.has(c)) t.shownAt.set(c, s.wall);
  // board alerts name the burns (cards that were dealt face up): not a hole card's secret at this point
  const burns = new Set(s.hand.burns);
  const secret = new Set<string>();
  for (const c of t.holeSeat.keys()) if (!t.shownAt.has(c) && !burns.has(c)) secret.add(c);
  secretAt.set(s.version, secret);
  secretOfHand.set(s.handNo, secret);
}

/**
 * The cards a message names, each with the hand it is about: a floor history entry or alert of an earlier hand (its
 * `hand` field) names that hand's cards, which are checked against that hand's secret, not the current one's.
 */
function namedCards(node: unknown, hand: number, out: Array<{ card: string; hand: number }>): void {
  if (typeof node === 'string') {
    for (const card of cardsIn(node)) out.push({ card, hand });
  } else if (Array.isArray(node)) {
    for (const x of node) namedCards(x, hand, out);
  } else if (node && typeof node === 'object') {
    const rec = node as Record<string, unknown>;
    const own = typeof rec.hand === 'number' && ('code' in rec || 'alert' in rec) ? rec.hand : hand;
    for (const [k, v] of Object.entries(rec)) {
      for (const card of cardsIn(JSON.stringify(k))) out.push({ card, hand: own });
      namedCards(v, own, out);
    }
  }
}

function open(url: string, name: string, query: string): Promise<Client> {
  const c: Client = { name, ws: new WebSocket(`${url.replace('http', 'ws')}/ws${query}`), got: [], closeCode: null };
  c.ws.on('message', (d) => {
    const text = d.toString();
    c.got.push({ at: Date.now(), text, msg: JSON.parse(text) });
  });
  c.ws.on('close', (code) => {
    c.closeCode = code;
  });
  clients.push(c);
  return new Promise((resolve) => {
    c.ws.once('open', () => resolve(c));
    c.ws.once('close', () => resolve(c));
  });
}

beforeAll(async () => {
  let sim: Simulator;
  ({ live, sim } = await liveOnSimulator({
    ...FAST_SIM,
    delayMs: DELAY,
    overPty: false,
    seed: 50,
    hands: HANDS,
    memoryLog: true,
  }));
  live.session.on('state', record);
  record(live.session.snapshot());
  const tok = (r: 'dealer' | 'floor' | 'commentator' | 'overlay') => `?token=${live.tokens.tokenOf(r)}`;
  await Promise.all([
    open(live.url, 'dealer', tok('dealer')),
    open(live.url, 'floor', tok('floor')),
    open(live.url, 'public', ''),
    open(live.url, 'commentator', tok('commentator')),
    open(live.url, 'overlay', tok('overlay')),
    open(live.url, 'wrong', '?token=not-the-commentator-token'),
    open(live.url, 'empty', '?token='),
  ]);
  // the overlay asks for more than it may have: nothing it sends changes what it gets
  const ov = clients.find((c) => c.name === 'overlay');
  ov?.ws.send(JSON.stringify({ type: 'ping', delay: 0 }));
  ov?.ws.send(JSON.stringify({ type: 'say', seat: 1, say: 'fold' }));
  const done = new Promise<void>((resolve) => {
    sim.on('hand', (r) => {
      if (r.hand >= HANDS) resolve();
    });
  });
  await done;
  // let the overlay's buffer run out to the end of the session
  await new Promise((r) => setTimeout(r, DELAY + 500));
}, 180_000);

afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await live?.close();
});

const views = (c: Client) => c.got.filter((r) => r.msg.type === 'view' && r.msg.view);

describe(`isolation over a ${HANDS}-hand simulated session`, () => {
  it('the session really played the hands, and the commentator saw every hole card live', () => {
    // the simulator played HANDS hands; on a loaded machine its fast pace can outrun the table layer's windows and
    // the service's hands then differ from the simulator's, which changes nothing to what each role may see
    expect(truth.size).toBeGreaterThanOrEqual(10);
    const com = clients.find((c) => c.name === 'commentator') as Client;
    const seen = new Set<string>();
    for (const r of views(com))
      for (const s of r.msg.view?.seats ?? []) for (const c of s.cards) seen.add(`${r.msg.view?.handNo}:${c}`);
    let held = 0;
    for (const [hand, t] of truth) for (const c of t.holeSeat.keys()) if (seen.has(`${hand}:${c}`)) held++;
    const total = [...truth.values()].reduce((n, t) => n + t.holeSeat.size, 0);
    expect(total).toBeGreaterThan(truth.size * 4);
    expect(held).toBe(total);
  });

  for (const name of ['dealer', 'floor', 'public']) {
    it(`${name}: no hole card before it is tabled or exposed, in any message`, () => {
      const c = clients.find((x) => x.name === name) as Client;
      expect(views(c).length).toBeGreaterThan(HANDS * 5);
      const leaks: string[] = [];
      let checked = 0;
      for (const r of c.got) {
        const v = r.msg.view;
        if (!v) continue;
        const secret = secretAt.get(v.version);
        if (!secret) continue;
        checked++;
        // every card named anywhere in the message (the whole text: nothing escapes the walk below)
        const named: Array<{ card: string; hand: number }> = [];
        namedCards(r.msg, v.handNo, named);
        const walked = new Set(named.map((n) => n.card));
        for (const card of cardsIn(r.text)) expect(walked.has(card), `${card} in v${v.version}`).toBe(true);
        for (const { card, hand } of named) {
          const hidden = hand === v.handNo ? secret : secretOfHand.get(hand);
          if (hidden?.has(card)) leaks.push(`hand ${hand} (view of hand ${v.handNo}) v${v.version} ${card}`);
        }
      }
      expect(checked).toBeGreaterThan(HANDS * 5);
      expect(leaks).toEqual([]);
    });
  }

  it('overlay: every view at least the delay old, every hole card no sooner than the delay', () => {
    const c = clients.find((x) => x.name === 'overlay') as Client;
    const vs = views(c);
    expect(vs.length).toBeGreaterThan(HANDS);
    const early: string[] = [];
    let holeCardsSeen = 0;
    for (const r of vs) {
      const v = r.msg.view as RoleView;
      if (r.at - v.wall < DELAY) early.push(`view of ${v.wall} received at ${r.at}`);
      const t = truth.get(v.handNo);
      for (const seat of v.seats) {
        for (const card of seat.cards) {
          const held = t?.heldAt.get(card);
          if (held === undefined) continue;
          holeCardsSeen++;
          if (r.at - held < DELAY) early.push(`hand ${v.handNo} ${card} held at ${held}, received at ${r.at}`);
        }
      }
    }
    expect(early).toEqual([]);
    expect(holeCardsSeen).toBeGreaterThan(HANDS);
    // what the overlay tried to do was refused
    expect(c.got.filter((r) => r.msg.type === 'error').map((r) => r.msg.code)).toEqual(['BAD_MESSAGE', 'FORBIDDEN']);
  });

  it('a wrong token gets one error and a closed socket; an empty token is the public, with nothing private', () => {
    const wrong = clients.find((x) => x.name === 'wrong') as Client;
    expect(wrong.got.map((r) => r.msg)).toEqual([{ type: 'error', code: 'UNAUTHORIZED', message: 'unknown token' }]);
    expect(wrong.closeCode).toBe(4401);
    const empty = clients.find((x) => x.name === 'empty') as Client;
    expect(empty.got[0].msg).toEqual({ type: 'hello', role: 'public', delayMs: 0 });
    for (const r of views(empty)) {
      expect(r.msg.view?.alerts).toEqual([]);
      expect(r.msg.view?.health).toBeNull();
      expect(r.msg.view?.equity).toBeNull();
      expect(r.msg.view?.burns.every((b) => b === '??')).toBe(true);
    }
  });
});
