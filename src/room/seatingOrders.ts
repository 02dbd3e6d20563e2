// A room tournament's seating orders (roomTournament.ts): each table's cumulative list, published retained on
// `tables/<id>/seating` (a table applies each id once: tableSeating.ts), and what each order was for.
import { formatAlert } from '../i18n/formatAlert.js';
import { encodeMessage, PROTOCOL_VERSION, type SeatingOrder, topics } from './protocol.js';
import type { RoomContext } from './roomAttach.js';

export type OrderKind = 'draw' | 'out' | 'leave' | 'arrive' | 'penalty' | 'absent' | 'late';

export class OrderBook {
  private readonly orders = new Map<string, SeatingOrder[]>();
  private readonly infos = new Map<number, { table: string; kind: OrderKind; player: string }>();
  private next = 1;

  constructor(
    private readonly now: () => number,
    private readonly say: (line: string) => void,
  ) {}

  /** an order; its `message` and `messageFr` are its alert's texts, rendered from the catalogue for a table that
   * reads no facts */
  add(
    table: string,
    o: Omit<SeatingOrder, 'id' | 'message' | 'messageFr'> & { player: string },
    kind: OrderKind,
  ): number {
    const id = this.next++;
    const list = this.orders.get(table) ?? [];
    list.push({
      id,
      op: o.op,
      seat: o.seat,
      name: o.name,
      country: o.country,
      stack: o.stack,
      message: o.alert ? formatAlert(o.alert.code, o.alert.facts, 'en').message : '',
      messageFr: o.alert ? formatAlert(o.alert.code, o.alert.facts, 'fr').message : '',
      ...(o.alert ? { alert: o.alert } : {}),
      ...(o.hands !== undefined ? { hands: o.hands } : {}),
      ...(o.waitForButton ? { waitForButton: true } : {}),
      ...(o.absent !== undefined ? { absent: o.absent } : {}),
    });
    this.orders.set(table, list);
    this.infos.set(id, { table, kind, player: o.player });
    return id;
  }

  info(id: number): { table: string; kind: OrderKind; player: string } | undefined {
    return this.infos.get(id);
  }

  tables(): string[] {
    return [...this.orders.keys()];
  }

  /** the table's whole list, retained (QoS 1) */
  publish(table: string, ctx: RoomContext | null): void {
    if (!ctx) return;
    const payload = encodeMessage('seating', {
      v: PROTOCOL_VERSION,
      kind: 'seating',
      tableId: table,
      sent: this.now(),
      orders: this.orders.get(table) ?? [],
    });
    ctx
      .publish(topics.table(table, 'seating'), payload, true)
      .catch((err: Error) => this.say(`tournament: seating of ${table} not sent: ${err.message}`));
  }
}
