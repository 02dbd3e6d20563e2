// The table's half of a tournament's seating (the room's half: roomTournament.ts): the room's orders on
// `tables/<id>/seating` (retained, cumulative) become roster changes of the session, each applied once, in order, and
// answered on `tables/<id>/seated` (retained, cumulative). A seated player joins the deal at the next shuffle; a
// player taken away leaves at the next shuffle, and the answer gives the chips they leave with: at once when no hand
// is under way, else at the end of the hand they are playing (they play it out, LOI 25's move comes after it). Each
// order's alert (a code and its facts: ROOM_SEATING, ROOM_PENALTY) is a table alert for the dealer, its texts
// rendered from the catalogue. What was answered is kept in the data
// folder (room-seating.json): a restarted table applies nothing twice. A penalty the floor gave (tda 71) is the
// session's: the seat dealt in, its hand killed, its blinds posted for its hands; a player seated where the blinds
// have passed sits out until the button has passed the seat (LOI 32, club 8-10).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { alertRule } from '../engine/alerts/catalogue.js';
import type { AlertFactsByCode } from '../engine/alerts/facts.js';
import { loi } from '../engine/rules/ruleRef.js';
import type { TableSession } from '../session/TableSession.js';
import type { HandEndInfo, SessionState, TableAlertInput } from '../session/types.js';
import {
  PROTOCOL_VERSION,
  type SeatedMessage,
  type SeatingMessage,
  type SeatingOrder,
  type SeatingResult,
} from './protocol.js';

export const SEATING_FILE = 'room-seating.json';

export interface TableSeatingOptions {
  tableId: string;
  session: TableSession;
  /** the table's data folder (null: in memory) */
  dataDir: string | null;
  now: () => number;
  /** publishes the answers (retained, QoS 1); a link that is down sends them again on reconnect */
  publish: (msg: SeatedMessage) => void;
  say: (line: string) => void;
}

export interface TableSeating {
  onOrders(msg: SeatingMessage): void;
  /** the answers again (on connect) */
  republish(): void;
  close(): void;
}

interface Saved {
  tableId: string;
  results: SeatingResult[];
  /** removals waiting for the end of the hand the player is in: order id -> seat */
  waiting: { id: number; seat: number }[];
  /** LOI 32: seats sitting out until the button passes them, with the button when they were seated */
  buttonWait: { seat: number; from: number }[];
}

/** the button moved from `from` to `to` (clockwise, seats 1..10) over `seat` or onto it */
export function buttonHasPassed(from: number, to: number, seat: number): boolean {
  if (from === to) return false;
  for (let s = (from % 10) + 1; ; s = (s % 10) + 1) {
    if (s === seat) return true;
    if (s === to) return false;
  }
}

function load(dir: string | null, tableId: string): Saved {
  const fresh: Saved = { tableId, results: [], waiting: [], buttonWait: [] };
  if (!dir || !existsSync(join(dir, SEATING_FILE))) return fresh;
  try {
    const s = JSON.parse(readFileSync(join(dir, SEATING_FILE), 'utf8')) as Saved;
    if (s.tableId !== tableId || !Array.isArray(s.results)) return fresh;
    return {
      tableId,
      results: s.results,
      waiting: Array.isArray(s.waiting) ? s.waiting : [],
      buttonWait: Array.isArray(s.buttonWait) ? s.buttonWait : [],
    };
  } catch {
    return fresh;
  }
}

/**
 * The dealer's table alert of an order: its code and facts as the room sent them (the order's seat is the seat), or,
 * from a room that sends none, the facts of the order's own fields when it has a text (none: the opening draw).
 */
export function seatingAlert(order: SeatingOrder): TableAlertInput | null {
  const rule = (code: 'ROOM_SEATING' | 'ROOM_PENALTY', facts: { variant?: string }) =>
    alertRule(code, facts, 'tda', code === 'ROOM_SEATING' && order.waitForButton ? { rule: loi('32') } : {});
  if (order.alert) {
    const { code } = order.alert;
    const facts = { ...order.alert.facts, seat: order.seat };
    return { code, ...rule(code, facts), seat: order.seat, facts };
  }
  if (!order.message) return null;
  const player = order.name;
  if (order.op === 'penalty') {
    const facts: AlertFactsByCode['ROOM_PENALTY'] = {
      variant: 'hands',
      player,
      seat: order.seat,
      amount: order.hands ?? 0,
    };
    return { code: 'ROOM_PENALTY', ...rule('ROOM_PENALTY', facts), seat: order.seat, facts };
  }
  const variant = order.op === 'absent' ? (order.absent === false ? 'back' : 'absent') : order.op;
  const facts: AlertFactsByCode['ROOM_SEATING'] = {
    variant,
    player,
    seat: order.seat,
    ...(order.waitForButton ? { waits: true } : {}),
  };
  return { code: 'ROOM_SEATING', ...rule('ROOM_SEATING', facts), seat: order.seat, facts };
}

export function startTableSeating(o: TableSeatingOptions): TableSeating {
  const saved = load(o.dataDir, o.tableId);
  const done = new Set(saved.results.map((r) => r.id));
  for (const w of saved.waiting) done.add(w.id);
  const save = () => {
    if (!o.dataDir) return;
    const path = join(o.dataDir, SEATING_FILE);
    writeFileSync(`${path}.tmp`, `${JSON.stringify(saved)}\n`);
    renameSync(`${path}.tmp`, path);
  };
  const send = () =>
    o.publish({
      v: PROTOCOL_VERSION,
      kind: 'seated',
      tableId: o.tableId,
      sent: o.now(),
      results: saved.results.slice(-400),
    });
  const answer = (r: SeatingResult) => {
    saved.results.push(r);
    save();
    send();
  };
  const alert = (order: SeatingOrder) => {
    const raised = seatingAlert(order);
    if (!raised) return;
    try {
      o.session.raiseTableAlert(raised);
    } catch (err) {
      o.say(`room: seating alert not raised: ${(err as Error).message}`);
    }
  };
  /** the chips at `seat` once no hand is under way (the hand over, or none begun), else null */
  const stackNow = (s: SessionState, seat: number): number | null => {
    if (s.handStartWall !== null && !s.handOver) return null;
    return s.hand.stacks[String(seat)] ?? s.config.seats[seat] ?? 0;
  };

  const apply = (order: SeatingOrder) => {
    const s = o.session.snapshot();
    if (order.op === 'penalty') {
      // tda 71 (tda 68: from the end of the hand under way): the session deals the seat in, kills its hand and posts
      // its blinds for that many hands; 0 lifts a penalty still running (a suspension served), or is a warning told
      try {
        const hands = order.hands ?? 0;
        if (hands > 0 || (s.penalties?.[String(order.seat)] ?? 0) > 0) o.session.penalise(order.seat, hands);
        alert(order);
        answer({ id: order.id, ok: true, stack: 0, handNo: s.handNo, error: '' });
      } catch (err) {
        answer({ id: order.id, ok: false, stack: 0, handNo: s.handNo, error: (err as Error).message.slice(0, 500) });
      }
      return;
    }
    if (order.op === 'absent') {
      // club 3-1, 3-2, 2-18: an absent player is dealt in, the blinds and ante taken, the hand killed
      try {
        o.session.setAbsent(order.seat, order.absent !== false);
        alert(order);
        answer({ id: order.id, ok: true, stack: 0, handNo: s.handNo, error: '' });
      } catch (err) {
        answer({ id: order.id, ok: false, stack: 0, handNo: s.handNo, error: (err as Error).message.slice(0, 500) });
      }
      return;
    }
    if (order.op === 'seat') {
      const here = s.roster?.find((r) => r.seat === order.seat);
      try {
        // the same player already there (the draw's names given again): nothing to change
        if (!(here && here.player.name === order.name)) {
          o.session.changeRoster({
            op: 'seat',
            seat: order.seat,
            player: { name: order.name, ...(order.country ? { country: order.country } : {}) },
            ...(order.stack > 0 ? { stack: order.stack } : {}),
          });
        }
        // LOI 32, club 8-10: the blinds have passed this seat: it sits out until the button has passed it
        if (order.waitForButton && !saved.buttonWait.some((w) => w.seat === order.seat)) {
          o.session.changeRoster({ op: 'sitOut', seat: order.seat, out: true });
          saved.buttonWait.push({ seat: order.seat, from: s.hand.button });
          save();
        }
        alert(order);
        answer({
          id: order.id,
          ok: true,
          stack: order.stack,
          handNo: s.handStartWall === null ? 0 : s.handNo,
          error: '',
        });
      } catch (err) {
        answer({ id: order.id, ok: false, stack: 0, handNo: s.handNo, error: (err as Error).message.slice(0, 500) });
      }
      return;
    }
    // a seat not in the hand's deal: a busted player (nothing), or one seated for the next hand (their chips)
    const joining = o.session.pendingSeatChanges()?.[order.seat] ?? 0;
    const inHand = s.config.seats[order.seat] !== undefined;
    try {
      if (s.roster?.some((r) => r.seat === order.seat)) o.session.changeRoster({ op: 'remove', seat: order.seat });
    } catch (err) {
      answer({ id: order.id, ok: false, stack: 0, handNo: s.handNo, error: (err as Error).message.slice(0, 500) });
      return;
    }
    alert(order);
    const stack = inHand ? stackNow(s, order.seat) : joining;
    if (stack !== null) answer({ id: order.id, ok: true, stack, handNo: s.handNo, error: '' });
    else {
      saved.waiting.push({ id: order.id, seat: order.seat });
      save();
    }
  };

  const onHandEnd = (info: HandEndInfo) => {
    buttonPassed(info.final.button);
    if (saved.waiting.length === 0) return;
    const waiting = saved.waiting;
    saved.waiting = [];
    for (const w of waiting) {
      const stack = info.final.stacks[String(w.seat)] ?? 0;
      saved.results.push({ id: w.id, ok: true, stack, handNo: info.handNo, error: '' });
    }
    save();
    send();
  };
  /** LOI 32: the seats waiting for the button whose seat the button has now reached or passed play again */
  const buttonPassed = (button: number) => {
    const passed = saved.buttonWait.filter((w) => buttonHasPassed(w.from, button, w.seat));
    if (passed.length === 0) return;
    saved.buttonWait = saved.buttonWait.filter((w) => !passed.includes(w));
    save();
    for (const w of passed) {
      try {
        if (o.session.snapshot().roster?.some((r) => r.seat === w.seat && r.sittingOut))
          o.session.changeRoster({ op: 'sitOut', seat: w.seat, out: false });
      } catch (err) {
        o.say(`room: seat ${w.seat} not dealt in again: ${(err as Error).message}`);
      }
    }
  };
  o.session.on('handEnd', onHandEnd);
  // a restarted table whose hand ended while it was down: the removals waiting are answered now when no hand runs
  if (saved.waiting.length > 0) {
    const s = o.session.snapshot();
    const w = saved.waiting;
    if (w.every((x) => stackNow(s, x.seat) !== null)) {
      saved.waiting = [];
      for (const x of w)
        saved.results.push({ id: x.id, ok: true, stack: stackNow(s, x.seat) ?? 0, handNo: s.handNo, error: '' });
      save();
    }
  }

  return {
    onOrders(msg) {
      if (msg.tableId !== o.tableId) return;
      for (const order of [...msg.orders].sort((a, b) => a.id - b.id)) {
        if (done.has(order.id)) continue;
        done.add(order.id);
        apply(order);
      }
    },
    republish() {
      if (saved.results.length > 0) send();
    },
    close() {
      o.session.off('handEnd', onHandEnd);
    },
  };
}
