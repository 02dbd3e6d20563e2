// The room archive's reads that build on several rows: the hand search (by table, day, part of a player's name) and
// the hands stored since a time as the messages that brought them (archive.ts keeps the writes and single reads).
import type { Kysely } from 'kysely';
import { nameMatches } from '../nameSearch.js';
import type { PlayedHand } from '../store/playedHand.js';
import type { ArchivedHand, HandQuery } from './archive.js';
import type { ArchiveSchema } from './archiveSchema.js';
import { type HandMessage, PROTOCOL_VERSION, playedWithRules } from './protocol.js';

/** hands matching the query, per table in the order stored, oldest first */
export async function searchHands(db: Kysely<ArchiveSchema>, q: HandQuery = {}): Promise<ArchivedHand[]> {
  let q2 = baseSelect(db);
  if (q.table) q2 = q2.where('table_id', '=', q.table);
  if (q.day) q2 = q2.where('day', '=', q.day);
  if (q.player) {
    // by part of the name, accent- and case-insensitive ("jose" finds "José Núñez"): the archive's distinct names
    // (a card room's thousands at most) folded here, then the hands of the names that match, by index
    let names = db.selectFrom('hand_players').select('name').distinct();
    if (q.table) names = names.where('table_id', '=', q.table);
    const matching = (await names.execute()).map((r) => r.name).filter((n) => nameMatches(n, q.player ?? ''));
    if (matching.length === 0) return [];
    q2 = q2.where((eb) =>
      eb.exists(
        eb
          .selectFrom('hand_players')
          .select('seat')
          .whereRef('hand_players.table_id', '=', 'hands.table_id')
          .whereRef('hand_players.log_id', '=', 'hands.log_id')
          .whereRef('hand_players.hand_no', '=', 'hands.hand_no')
          .where('hand_players.name', 'in', matching),
      ),
    );
  }
  const rows = await q2
    .orderBy('table_id')
    .orderBy('table_seq')
    .limit(Math.min(q.limit ?? 10_000, 100_000))
    .execute();
  const key = (tableId: string, logId: string, handNo: number) => `${tableId}\u0000${logId}\u0000${handNo}`;
  const players = new Map<string, string[]>();
  if (rows.length > 0) {
    let pq = db.selectFrom('hand_players').select(['table_id', 'log_id', 'hand_no', 'seat', 'name']);
    if (q.table) pq = pq.where('table_id', '=', q.table);
    if (rows.length <= 500) {
      pq = pq.where('hand_no', 'in', [...new Set(rows.map((r) => Number(r.hand_no)))]);
    }
    for (const p of await pq.orderBy('seat').execute()) {
      const k = key(p.table_id, p.log_id, Number(p.hand_no));
      const list = players.get(k) ?? [];
      list.push(p.name);
      players.set(k, list);
    }
  }
  return rows.map((r) => ({
    tableId: r.table_id,
    logId: r.log_id,
    handId: r.hand_id,
    handNo: Number(r.hand_no),
    tableSeq: Number(r.table_seq),
    tableName: r.table_name,
    day: r.day,
    startWall: r.start_wall === null ? null : Number(r.start_wall),
    endWall: Number(r.end_wall),
    receivedWall: Number(r.received_wall),
    players: players.get(key(r.table_id, r.log_id, Number(r.hand_no))) ?? [],
  }));
}

function baseSelect(db: Kysely<ArchiveSchema>) {
  return db
    .selectFrom('hands')
    .select([
      'table_id',
      'log_id',
      'hand_id',
      'hand_no',
      'table_seq',
      'table_name',
      'day',
      'start_wall',
      'end_wall',
      'received_wall',
    ]);
}

/**
 * The hands stored for `tableIds` since `sinceWall` (the room's wall clock when it stored them), as the messages
 * that brought them, in the order stored (a room restarted after a crash gives them again to the parts that must
 * have heard of each: roomAttach.ts `reconcile`). Only for a part that has no archive marks yet (storedAfter).
 */
export async function storedSince(
  db: Kysely<ArchiveSchema>,
  tableIds: readonly string[],
  sinceWall: number,
): Promise<HandMessage[]> {
  if (tableIds.length === 0) return [];
  return storedMessages(
    await storedSelect(db)
      .where('table_id', 'in', [...tableIds])
      .where('received_wall', '>=', sinceWall)
      .execute(),
  );
}

/** The hands stored for each table of `after` after its sequence there (table_seq), as storedSince gives them. */
export async function storedAfter(
  db: Kysely<ArchiveSchema>,
  after: Readonly<Record<string, number>>,
): Promise<HandMessage[]> {
  const tables = Object.entries(after);
  if (tables.length === 0) return [];
  return storedMessages(
    await storedSelect(db)
      .where((eb) => eb.or(tables.map(([id, seq]) => eb.and([eb('table_id', '=', id), eb('table_seq', '>', seq)]))))
      .execute(),
  );
}

/** each table's last sequence in the archive (0: none stored yet) */
export async function lastTableSeqs(
  db: Kysely<ArchiveSchema>,
  tableIds: readonly string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(tableIds.map((id) => [id, 0]));
  if (tableIds.length === 0) return out;
  const rows = await db
    .selectFrom('hands')
    .select(['table_id', (eb) => eb.fn.max('table_seq').as('seq')])
    .where('table_id', 'in', [...tableIds])
    .groupBy('table_id')
    .execute();
  for (const r of rows) out[r.table_id] = Number(r.seq ?? 0);
  return out;
}

const storedSelect = (db: Kysely<ArchiveSchema>) =>
  baseSelect(db).select(['prev_hand_no', 'room_name', 'played']).orderBy('table_id').orderBy('table_seq');

type StoredRow = Awaited<ReturnType<ReturnType<typeof storedSelect>['execute']>>[number];

/** each table's hands in its own order; across tables, the one whose next hand the room stored first */
function storedMessages(rows: StoredRow[]): HandMessage[] {
  const queues = new Map<string, StoredRow[]>();
  for (const r of rows) {
    const q = queues.get(r.table_id);
    if (q) q.push(r);
    else queues.set(r.table_id, [r]);
  }
  const merged: StoredRow[] = [];
  for (;;) {
    let pick: StoredRow | undefined;
    for (const q of queues.values())
      if (q[0] && (!pick || Number(q[0].received_wall) < Number(pick.received_wall))) pick = q[0];
    if (!pick) break;
    (queues.get(pick.table_id) as StoredRow[]).shift();
    merged.push(pick);
  }
  return merged.map((r) => ({
    v: PROTOCOL_VERSION,
    kind: 'hand' as const,
    tableId: r.table_id,
    logId: r.log_id,
    handId: r.hand_id,
    handNo: Number(r.hand_no),
    prevHandNo: r.prev_hand_no === null ? null : Number(r.prev_hand_no),
    tableName: r.table_name,
    roomName: r.room_name,
    startWall: r.start_wall === null ? null : Number(r.start_wall),
    endWall: Number(r.end_wall),
    sent: Number(r.received_wall),
    hand: playedWithRules(JSON.parse(r.played) as PlayedHand),
  }));
}
