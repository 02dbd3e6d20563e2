// The table's half of a tournament's seating (the room's half: roomTournament.ts): the room's orders on
// `tables/<id>/seating` (retained, cumulative) become roster changes of the session, each applied once, in order, and
// answered on `tables/<id>/seated` (retained, cumulative). A seated player joins the deal at the next shuffle; a
// player taken away leaves at the next shuffle, and the answer gives the chips they leave with: at once when no hand
// is under way, else at the end of the hand they are playing (they play it out, LOI 25's move comes after it). Each
// order with a text is a table alert for the dealer (English and French). What was answered is kept in the data
// folder (room-seating.json): a restarted table applies nothing twice.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TableSession } from '../session/TableSession.js';
import type { HandEndInfo, SessionState } from '../session/types.js';
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
}

function load(dir: string | null, tableId: string): Saved {
  const fresh: Saved = { tableId, results: [], waiting: [] };
  if (!dir || !existsSync(join(dir, SEATING_FILE))) return fresh;
  try {
    const s = JSON.parse(readFileSync(join(dir, SEATING_FILE), 'utf8')) as Saved;
    if (s.tableId !== tableId || !Array.isArray(s.results)) return fresh;
    return { tableId, results: s.results, waiting: Array.isArray(s.waiting) ? s.waiting : [] };
  } catch {
    return fresh;
  }
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
    if (!order.message) return;
    try {
      o.session.raiseTableAlert({
        code: 'ROOM_SEATING',
        severity: 'warn',
        rule: 'LOI 25',
        seat: order.seat,
        message: order.message,
        remedy: order.op === 'seat' ? 'Seat the player with their chips.' : 'The player leaves with their chips.',
        messageFr: order.messageFr,
        remedyFr: order.op === 'seat' ? 'Installez le joueur avec ses jetons.' : 'Le joueur part avec ses jetons.',
      });
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
