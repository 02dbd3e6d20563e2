// Session scenario files (docs/scenario-sessions.md): their shapes, and the parser that reads one (a file with
// `hands`; a one-hand file stays the engine's, src/engine/scenario). scenario.ts runs what this reads.
import {
  normaliseTable,
  parseEvent,
  parseExpect,
  ScenarioError,
  type ScenarioExpect,
} from '../engine/scenario/parse.js';
import type { Alert, PotView, TableConfig, TableEvent } from '../engine/types.js';
import type { BlindLevel } from './types.js';

/** What the floor or the table does that is the session's, not the hand's. */
export type SessionOp =
  | { op: 'level'; level: BlindLevel }
  | { op: 'sit'; seat: number; stack: number; name?: string }
  | { op: 'leave'; seat: number }
  | { op: 'move'; from: number; to: number }
  | { op: 'absent'; seat: number; absent: boolean }
  | { op: 'penalty'; seat: number; hands: number }
  | { op: 'sitOut'; seat: number; out: boolean }
  /** the floor's rulings on the hand (TableSession floorMisdeal, floorVoid, floorStands, floorAward); `refused`: the session must
   * refuse it with this code (the ruling does not apply) */
  | { op: 'misdeal'; reason: string; refused?: string }
  | { op: 'void'; reason: string; refused?: string }
  | { op: 'stands'; reason: string; refused?: string }
  | { op: 'award'; pot: number; seats: number[]; refused?: string };

export type SessionStep = { event: TableEvent } | { op: SessionOp; index: number };

export interface SessionHandExpect extends ScenarioExpect {
  /** the session's hand number (a misdeal's redeal is the same hand, tda 35; a voided hand's redeal is a new one) */
  handNo?: number;
  /** false: the shuffle deals no hand (the table is finished) */
  dealt?: boolean;
  button?: number;
  sb?: number | null;
  bb?: number;
  blinds?: [number, number];
  bbAnte?: number;
  /** seat -> chips the rules took at the start (blind and big-blind ante) */
  posted?: Record<string, number>;
  /** the seats in the deal, in seat order */
  dealtIn?: number[];
  /** the seats absent at the deal (dealt in, hand killed) */
  absent?: number[];
  /** the seats whose hand was killed (absent, penalised) */
  killed?: number[];
  handOver?: boolean;
  /** table alerts raised during this hand (TABLE_FINISHED, HAND_VOID), in order */
  tableAlerts?: string[];
}

export interface SessionHand {
  name: string;
  steps: SessionStep[];
  expect?: SessionHandExpect;
}

export interface SessionScenario {
  name: string;
  game: 'cash' | 'tournament';
  config: TableConfig;
  /** seat -> name, seated in the roster before the first hand (as the floor names the players) */
  players: Record<number, string>;
  hands: SessionHand[];
}

export interface SessionHandOutcome {
  name: string;
  handNo: number;
  dealt: boolean;
  button: number;
  sb: number | null;
  bb: number;
  blinds: [number, number];
  bbAnte: number;
  posted: Record<string, number>;
  dealtIn: number[];
  absent: number[];
  killed: number[];
  handOver: boolean;
  alerts: Pick<Alert, 'code' | 'severity' | 'rule' | 'seat' | 'facts'>[];
  tableAlerts: string[];
  actions: string[];
  next: { toAct: number; toCall: number; minRaiseTo: number | null; canRaise: boolean } | null;
  pots: PotView[];
  stacks: Record<string, number>;
  failures: string[];
}

export interface SessionOutcome {
  name: string;
  session: true;
  hands: SessionHandOutcome[];
  passed: boolean;
  failures: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isSeat = (v: unknown): v is number => isInt(v) && v >= 1 && v <= 10;

/** A file is a session when it holds `hands` (and no `events`). */
export const isSessionFile = (json: unknown): boolean => isObj(json) && 'hands' in json && !('events' in json);

function parseOp(raw: Obj, where: string): SessionOp | null {
  const bad = (msg: string): ScenarioError => new ScenarioError('BAD_EVENT', `${where} ${JSON.stringify(raw)}: ${msg}`);
  if ('level' in raw) {
    const l = raw.level;
    if (!isObj(l) || !Array.isArray(l.blinds) || l.blinds.length !== 2 || !l.blinds.every(isInt))
      throw bad('level: expected {"level": {"blinds": [small, big], "bbAnte": N}}');
    const bbAnte = l.bbAnte ?? 0;
    if (!isInt(bbAnte)) throw bad('level.bbAnte: expected an integer');
    return { op: 'level', level: { blinds: [l.blinds[0], l.blinds[1]], bbAnte } };
  }
  if ('sit' in raw) {
    if (!isSeat(raw.sit) || !isInt(raw.stack) || raw.stack <= 0)
      throw bad('sit: expected {"sit": N, "stack": chips, "name"?: "..."}');
    if (raw.name !== undefined && typeof raw.name !== 'string') throw bad('sit: name must be a string');
    return { op: 'sit', seat: raw.sit, stack: raw.stack, ...(raw.name ? { name: raw.name as string } : {}) };
  }
  if ('leave' in raw) {
    if (!isSeat(raw.leave)) throw bad('leave: expected {"leave": N}');
    return { op: 'leave', seat: raw.leave };
  }
  if ('move' in raw) {
    if (!isSeat(raw.move) || !isSeat(raw.to)) throw bad('move: expected {"move": N, "to": M}');
    return { op: 'move', from: raw.move, to: raw.to };
  }
  if ('absent' in raw || 'back' in raw) {
    const seat = 'absent' in raw ? raw.absent : raw.back;
    if (!isSeat(seat)) throw bad('expected {"absent": N} or {"back": N}');
    return { op: 'absent', seat, absent: 'absent' in raw };
  }
  if ('penalty' in raw) {
    if (!isSeat(raw.penalty) || !isInt(raw.hands) || raw.hands < 0)
      throw bad('penalty: expected {"penalty": N, "hands": K}');
    return { op: 'penalty', seat: raw.penalty, hands: raw.hands };
  }
  if (
    'floor' in raw &&
    (raw.floor === 'misdeal' || raw.floor === 'void' || raw.floor === 'stands' || raw.floor === 'award')
  ) {
    if (raw.refused !== undefined && typeof raw.refused !== 'string')
      throw bad('refused: expected the code the session refuses the ruling with');
    const refused = raw.refused === undefined ? {} : { refused: raw.refused as string };
    if (raw.floor === 'award') {
      const pot = raw.pot ?? 0;
      if (!isInt(pot) || pot < 0 || !Array.isArray(raw.seats) || !raw.seats.every(isSeat))
        throw bad('award: expected {"floor": "award", "pot"?: N, "seats": [seats]}');
      return { op: 'award', pot, seats: raw.seats, ...refused };
    }
    if (typeof raw.reason !== 'string') throw bad(`${raw.floor}: expected {"floor": "${raw.floor}", "reason": "..."}`);
    return { op: raw.floor, reason: raw.reason, ...refused };
  }
  if ('sitOut' in raw || 'sitIn' in raw) {
    const seat = 'sitOut' in raw ? raw.sitOut : raw.sitIn;
    if (!isSeat(seat)) throw bad('expected {"sitOut": N} or {"sitIn": N}');
    return { op: 'sitOut', seat, out: 'sitOut' in raw };
  }
  return null;
}

function seatList(v: unknown, name: string): number[] {
  if (!Array.isArray(v) || !v.every(isSeat)) throw new ScenarioError('BAD_FIELD', `${name}: expected seats 1-10`);
  return v;
}

function parseHandExpect(raw: unknown, where: string): SessionHandExpect | undefined {
  if (raw === undefined) return undefined;
  if (!isObj(raw)) throw new ScenarioError('BAD_FIELD', `${where}.expect: expected an object`);
  const {
    handNo,
    dealt,
    button,
    sb,
    bb,
    blinds,
    bbAnte,
    posted,
    dealtIn,
    absent,
    killed,
    handOver,
    tableAlerts,
    ...rest
  } = raw;
  const out: SessionHandExpect = { ...parseExpect(rest) };
  const f = (msg: string): ScenarioError => new ScenarioError('BAD_FIELD', `${where}.expect.${msg}`);
  if (handNo !== undefined)
    out.handNo = isInt(handNo)
      ? handNo
      : (() => {
          throw f('handNo: expected an integer');
        })();
  if (dealt !== undefined) {
    if (typeof dealt !== 'boolean') throw f('dealt: expected true or false');
    out.dealt = dealt;
  }
  if (button !== undefined)
    out.button = isSeat(button)
      ? button
      : (() => {
          throw f('button: expected a seat');
        })();
  if (sb !== undefined) {
    if (sb !== null && !isSeat(sb)) throw f('sb: expected a seat or null');
    out.sb = sb;
  }
  if (bb !== undefined)
    out.bb = isSeat(bb)
      ? bb
      : (() => {
          throw f('bb: expected a seat');
        })();
  if (blinds !== undefined) {
    if (!Array.isArray(blinds) || blinds.length !== 2 || !blinds.every(isInt)) throw f('blinds: expected [small, big]');
    out.blinds = [blinds[0], blinds[1]];
  }
  if (bbAnte !== undefined)
    out.bbAnte = isInt(bbAnte)
      ? bbAnte
      : (() => {
          throw f('bbAnte: expected an integer');
        })();
  if (posted !== undefined) {
    if (!isObj(posted) || !Object.values(posted).every(isInt)) throw f('posted: expected seat -> chips');
    out.posted = posted as Record<string, number>;
  }
  if (dealtIn !== undefined) out.dealtIn = seatList(dealtIn, `${where}.expect.dealtIn`);
  if (absent !== undefined) out.absent = seatList(absent, `${where}.expect.absent`);
  if (killed !== undefined) out.killed = seatList(killed, `${where}.expect.killed`);
  if (handOver !== undefined) {
    if (typeof handOver !== 'boolean') throw f('handOver: expected true or false');
    out.handOver = handOver;
  }
  if (tableAlerts !== undefined) {
    if (!Array.isArray(tableAlerts) || !tableAlerts.every((c) => typeof c === 'string'))
      throw f('tableAlerts: expected alert codes');
    out.tableAlerts = tableAlerts as string[];
  }
  return out;
}

export function parseSessionScenario(json: unknown): SessionScenario {
  if (!isObj(json)) throw new ScenarioError('NOT_AN_OBJECT', 'a scenario is a JSON object');
  const name = json.name ?? '';
  if (typeof name !== 'string') throw new ScenarioError('BAD_FIELD', 'name: expected a string');
  const game = json.game ?? 'tournament';
  if (game !== 'cash' && game !== 'tournament')
    throw new ScenarioError('BAD_FIELD', `game: expected "cash" or "tournament", got ${JSON.stringify(game)}`);
  const config = normaliseTable(json.table, json.ruleset ?? 'tda', json.orderKnown ?? true);
  const players: Record<number, string> = {};
  if (json.players !== undefined) {
    if (!isObj(json.players)) throw new ScenarioError('BAD_FIELD', 'players: expected seat -> name');
    for (const [k, v] of Object.entries(json.players)) {
      if (!isSeat(Number(k)) || typeof v !== 'string')
        throw new ScenarioError('BAD_FIELD', `players.${k}: expected a seat 1-10 and a name`);
      players[Number(k)] = v;
    }
  }
  if (!Array.isArray(json.hands) || json.hands.length === 0)
    throw new ScenarioError('BAD_FIELD', 'hands: expected a non-empty array of hands');
  const hands = json.hands.map((h, hi): SessionHand => {
    const where = `hands[${hi}]`;
    if (!isObj(h)) throw new ScenarioError('BAD_FIELD', `${where}: expected an object`);
    if (h.name !== undefined && typeof h.name !== 'string')
      throw new ScenarioError('BAD_FIELD', `${where}.name: expected a string`);
    if (!Array.isArray(h.events)) throw new ScenarioError('BAD_FIELD', `${where}.events: expected an array`);
    const cardsAt = new Map<string, string>();
    const steps: SessionStep[] = [];
    let t = -1000;
    h.events.forEach((raw, i) => {
      const op = isObj(raw) ? parseOp(raw, `${where} event ${i}`) : null;
      if (op) {
        steps.push({ op, index: i });
        return;
      }
      let evT = t + 1000;
      if (isObj(raw) && raw.t !== undefined) {
        if (typeof raw.t !== 'number' || !Number.isFinite(raw.t) || raw.t < 0)
          throw new ScenarioError('BAD_EVENT', `${where} event ${i}: "t" must be a non-negative number`, i);
        evT = raw.t;
      }
      t = evT;
      try {
        steps.push({ event: parseEvent(raw, i, evT, cardsAt) });
      } catch (err) {
        if (err instanceof ScenarioError) throw new ScenarioError(err.code, `${where} ${err.message}`, i);
        throw err;
      }
    });
    const hand: SessionHand = { name: (h.name as string | undefined) ?? `hand ${hi + 1}`, steps };
    const expect = parseHandExpect(h.expect, where);
    if (expect) hand.expect = expect;
    return hand;
  });
  return { name, game, config, players, hands };
}
