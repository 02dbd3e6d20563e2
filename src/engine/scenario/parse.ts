// Scenario files (docs/scenario-format.md): validated once into a TableConfig and TableEvents. A malformed scenario is
// refused with a ScenarioError naming the event; a well-formed one that breaks the rules is the engine's business.
import { FeltwireError } from '../../errors.js';
import { parseCard } from '../cards.js';
import type { AlertCode, Declaration, HouseRules, Ruleset, TableConfig, TableEvent, Zone } from '../types.js';
import { asZone, betSeat, defaultFace } from '../zone.js';

export type ScenarioErrorCode =
  | 'NOT_AN_OBJECT'
  | 'BAD_FIELD'
  | 'BAD_EVENT'
  | 'UNKNOWN_CARD'
  | 'UNKNOWN_ZONE'
  | 'CARD_IN_TWO_PLACES'
  | 'NEGATIVE_STACK';

export class ScenarioError extends FeltwireError<ScenarioErrorCode> {
  /** index of the offending event in `events`, or -1 for the table and other fields */
  readonly eventIndex: number;
  constructor(code: ScenarioErrorCode, message: string, eventIndex = -1) {
    super(code, message);
    this.name = 'ScenarioError';
    this.eventIndex = eventIndex;
  }
  get status(): number {
    return 400;
  }
}

export interface ScenarioExpect {
  alerts?: AlertCode[];
  noAlerts?: AlertCode[];
  next?: { toAct?: number; toCall?: number; minRaiseTo?: number | null; canRaise?: boolean } | null;
  stacks?: Record<string, number>;
}

export interface Scenario {
  name: string;
  config: TableConfig;
  events: TableEvent[];
  expect?: ScenarioExpect;
}

const DEFAULT_CHIPS = [25, 100, 500, 1000, 5000, 25000];
const DECLARATIONS: readonly Declaration[] = ['check', 'call', 'fold', 'bet', 'raise', 'allin'];
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isSeat = (v: unknown): v is number => isInt(v) && v >= 1 && v <= 10;

function field(msg: string): ScenarioError {
  return new ScenarioError('BAD_FIELD', msg);
}

/** A zone of a scenario: seats 1 to 10. */
const scenarioZone = (z: unknown): Zone | null => asZone(z, 10);

/** The `table` object of a scenario, defaults filled in. */
export function normaliseTable(table: unknown, ruleset: unknown = 'tda', orderKnown: unknown = true): TableConfig {
  if (!isObj(table)) throw field('table: expected an object');
  if (ruleset !== 'tda' && ruleset !== 'club')
    throw field(`ruleset: expected "tda" or "club", got ${JSON.stringify(ruleset)}`);
  if (!isObj(table.seats)) throw field('table.seats: expected an object seat -> stack');
  const seats: Record<number, number> = {};
  for (const [k, v] of Object.entries(table.seats)) {
    const seat = Number(k);
    if (!isSeat(seat)) throw field(`table.seats: seat ${k} is not 1-10`);
    if (typeof v !== 'number' || !Number.isFinite(v)) throw field(`table.seats.${k}: expected a number`);
    if (v < 0) throw new ScenarioError('NEGATIVE_STACK', `table.seats.${k}: negative stack ${v}`);
    seats[seat] = v;
  }
  if (Object.keys(seats).length < 2) throw field('table.seats: at least two occupied seats');
  if (!isSeat(table.button)) throw field('table.button: expected a seat 1-10');
  const blinds = table.blinds;
  if (!Array.isArray(blinds) || blinds.length !== 2 || !blinds.every((b) => isInt(b) && b >= 0) || blinds[1] <= 0)
    throw field('table.blinds: expected [small, big]');
  const bbAnte = table.bbAnte ?? 0;
  if (!isInt(bbAnte) || bbAnte < 0) throw field('table.bbAnte: expected a non-negative integer');
  const absent = table.absent ?? [];
  if (!Array.isArray(absent) || !absent.every((s) => isSeat(s) && seats[s] !== undefined))
    throw field('table.absent: expected occupied seats');
  const chips = table.chips ?? DEFAULT_CHIPS;
  if (!Array.isArray(chips) || chips.length === 0 || !chips.every((c) => isInt(c) && c > 0))
    throw field('table.chips: expected positive denominations');
  const motionMs = table.motionMs ?? 700;
  if (typeof motionMs !== 'number' || motionMs < 0) throw field('table.motionMs: expected a non-negative number');
  if (typeof orderKnown !== 'boolean') throw field('orderKnown: expected true or false');
  const config: TableConfig = {
    ruleset: ruleset as Ruleset,
    seats,
    button: table.button,
    blinds: [blinds[0] as number, blinds[1] as number],
    bbAnte,
    absent: absent as number[],
    chips: (chips as number[]).slice().sort((a, b) => a - b),
    motionMs,
    orderKnown,
  };
  if (table.house !== undefined) config.house = parseHouse(table.house, 'table.house');
  if ('sb' in table) {
    if (table.sb !== null && !isSeat(table.sb)) throw field('table.sb: expected a seat or null');
    config.sb = table.sb as number | null;
  }
  if ('bb' in table) {
    if (!isSeat(table.bb)) throw field('table.bb: expected a seat');
    config.bb = table.bb;
  }
  return config;
}

export function parseEvent(raw: unknown, i: number, t: number, where: Map<string, string>): TableEvent {
  const bad = (code: ScenarioErrorCode, msg: string): ScenarioError =>
    new ScenarioError(code, `event ${i} ${JSON.stringify(raw)}: ${msg}`, i);
  if (!isObj(raw)) throw bad('BAD_EVENT', 'expected an object');
  if ('card' in raw) {
    const card = raw.card;
    if (typeof card !== 'string' || parseCard(card) < 0)
      throw bad('UNKNOWN_CARD', `unknown card ${JSON.stringify(card)}`);
    const key = card[0].toUpperCase() + card[1].toLowerCase();
    if ('at' in raw) {
      const zone = scenarioZone(raw.at);
      if (!zone) throw bad('UNKNOWN_ZONE', `unknown zone ${JSON.stringify(raw.at)}`);
      const face = raw.face ?? defaultFace(zone);
      if (face !== 'up' && face !== 'down') throw bad('BAD_EVENT', 'face must be "up" or "down"');
      const here = where.get(key);
      if (here !== undefined && here !== zone) throw bad('CARD_IN_TWO_PLACES', `${key} is already in ${here}`);
      where.set(key, zone);
      return { kind: 'cardAt', t, card: key, zone, face };
    }
    if ('off' in raw) {
      const zone = scenarioZone(raw.off);
      if (!zone) throw bad('UNKNOWN_ZONE', `unknown zone ${JSON.stringify(raw.off)}`);
      if (where.get(key) === zone) where.delete(key);
      return { kind: 'cardOff', t, card: key, zone };
    }
    throw bad('BAD_EVENT', 'a card event needs "at" or "off"');
  }
  if ('chips' in raw) {
    const seat = betSeat(scenarioZone(raw.at) ?? '');
    if (seat === null)
      throw bad('UNKNOWN_ZONE', `chips need a betting zone bet1..bet10, got ${JSON.stringify(raw.at)}`);
    const chips = raw.chips;
    if (!Array.isArray(chips) || !chips.every((c) => typeof c === 'number' && Number.isFinite(c) && c > 0))
      throw bad('BAD_EVENT', 'chips: expected an array of positive denominations');
    return { kind: 'chips', t, seat, chips: chips as number[] };
  }
  if ('say' in raw) {
    if (!DECLARATIONS.includes(raw.say as Declaration))
      throw bad('BAD_EVENT', `unknown declaration ${JSON.stringify(raw.say)}`);
    if (!isSeat(raw.seat)) throw bad('BAD_EVENT', 'say needs a seat 1-10');
    const ev: TableEvent = { kind: 'say', t, seat: raw.seat, say: raw.say as Declaration };
    if (raw.to !== undefined) {
      if (typeof raw.to !== 'number' || !Number.isFinite(raw.to) || raw.to < 0)
        throw bad('BAD_EVENT', '"to" must be a non-negative number');
      ev.to = raw.to;
    }
    return ev;
  }
  if ('dealer' in raw) {
    if (raw.dealer === 'clock') {
      if (!isSeat(raw.seat)) throw bad('BAD_EVENT', 'clock needs a seat 1-10');
      return { kind: 'clock', t, seat: raw.seat };
    }
    if (raw.dealer !== 'shuffle' && raw.dealer !== 'misdeal' && raw.dealer !== 'floor')
      throw bad('BAD_EVENT', `unknown dealer button ${JSON.stringify(raw.dealer)}`);
    return { kind: 'dealer', t, button: raw.dealer };
  }
  if ('floor' in raw) {
    const kind = FLOOR_RULINGS[String(raw.floor)];
    if (!kind || !isSeat(raw.seat))
      throw bad('BAD_EVENT', 'floor: expected {"floor": "kill"|"fold"|"call"|"act", "seat": N}');
    return { kind, t, seat: raw.seat };
  }
  if ('sits' in raw) {
    if (!isSeat(raw.sits)) throw bad('BAD_EVENT', 'sits: expected {"sits": N}, N the seat 1-10');
    return { kind: 'sits', t, seat: raw.sits };
  }
  if ('tick' in raw) return { kind: 'tick', t };
  throw bad('BAD_EVENT', 'unknown event kind');
}

/** House rules (types.ts HouseRules): each a boolean, off by default; an unknown name is an error, not ignored. */
export function parseHouse(raw: unknown, where: string): HouseRules {
  if (!isObj(raw)) throw field(`${where}: expected an object of house rules`);
  const out: HouseRules = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k !== 'checkOutOfTurnCallOrFold')
      throw field(`${where}.${k}: unknown house rule (known: checkOutOfTurnCallOrFold)`);
    if (typeof v !== 'boolean') throw field(`${where}.${k}: expected true or false`);
    out[k] = v;
  }
  return out;
}

/** The floor's rulings a scenario may record: kill a hand, let an undercaller fold or hold it to the call, let a skipped seat act. */
const FLOOR_RULINGS: Record<string, 'floorKill' | 'floorFold' | 'floorCall' | 'floorAct'> = {
  kill: 'floorKill',
  fold: 'floorFold',
  call: 'floorCall',
  act: 'floorAct',
};

export function parseExpect(raw: unknown): ScenarioExpect | undefined {
  if (raw === undefined) return undefined;
  if (!isObj(raw)) throw field('expect: expected an object');
  const out: ScenarioExpect = {};
  const codes = (v: unknown, name: string): AlertCode[] => {
    if (!Array.isArray(v) || !v.every((c) => typeof c === 'string'))
      throw field(`expect.${name}: expected alert codes`);
    return v as AlertCode[];
  };
  if (raw.alerts !== undefined) out.alerts = codes(raw.alerts, 'alerts');
  if (raw.noAlerts !== undefined) out.noAlerts = codes(raw.noAlerts, 'noAlerts');
  if (raw.next !== undefined) {
    if (raw.next !== null && !isObj(raw.next)) throw field('expect.next: expected an object or null');
    out.next = raw.next as ScenarioExpect['next'];
  }
  if (raw.stacks !== undefined) {
    if (!isObj(raw.stacks)) throw field('expect.stacks: expected seat -> chips');
    out.stacks = raw.stacks as Record<string, number>;
  }
  return out;
}

export function parseScenario(json: unknown): Scenario {
  if (!isObj(json)) throw new ScenarioError('NOT_AN_OBJECT', 'a scenario is a JSON object');
  const name = json.name === undefined ? '' : json.name;
  if (typeof name !== 'string') throw field('name: expected a string');
  const config = normaliseTable(json.table, json.ruleset ?? 'tda', json.orderKnown ?? true);
  if (!Array.isArray(json.events)) throw field('events: expected an array');
  const where = new Map<string, string>();
  const events: TableEvent[] = [];
  let t = -1000;
  json.events.forEach((raw, i) => {
    let evT = t + 1000;
    if (isObj(raw) && raw.t !== undefined) {
      if (typeof raw.t !== 'number' || !Number.isFinite(raw.t) || raw.t < 0)
        throw new ScenarioError('BAD_EVENT', `event ${i} ${JSON.stringify(raw)}: "t" must be a non-negative number`, i);
      evT = raw.t;
    }
    t = evT;
    events.push(parseEvent(raw, i, evT, where));
  });
  const s: Scenario = { name, config, events };
  const expect = parseExpect(json.expect);
  if (expect) s.expect = expect;
  return s;
}
