// The room's hand archive: every finished hand of every table, stored once under (table id, hand id) and in order
// per table. One query layer (Kysely) over PostgreSQL (the room host) or SQLite (a room on one machine); the schema
// comes from Kysely's Migrator, the same migrations for both. Exports are src/store's writers run on the stored hand.
import Database from 'better-sqlite3';
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type ExportFormat, exportHand } from '../store/archive.js';
import type { PlayedHand } from '../store/playedHand.js';
import { phhSeatOrder, playerName } from '../store/playedHand.js';
import type { HandMessage } from './protocol.js';

interface HandsTable {
  table_id: string;
  hand_id: string;
  hand_no: number;
  prev_hand_no: number | null;
  /** 1, 2, 3... in the order the room stored this table's hands */
  table_seq: number;
  table_name: string;
  room_name: string;
  start_wall: number | null;
  end_wall: number;
  /** UTC day of the hand's start (YYYY-MM-DD), for search by day */
  day: string;
  received_wall: number;
  played: string;
}

interface HandPlayersTable {
  table_id: string;
  hand_id: string;
  seat: number;
  name: string;
}

interface ArchiveTablesTable {
  table_id: string;
  table_name: string;
  room_name: string;
  last_hand_no: number;
  hands: number;
  last_end_wall: number;
}

export interface ArchiveSchema {
  hands: HandsTable;
  hand_players: HandPlayersTable;
  archive_tables: ArchiveTablesTable;
}

const migrations: Record<string, Migration> = {
  '0001_hands': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hands')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('hand_id', 'text', (c) => c.notNull())
        .addColumn('hand_no', 'integer', (c) => c.notNull())
        .addColumn('prev_hand_no', 'integer')
        .addColumn('table_seq', 'integer', (c) => c.notNull())
        .addColumn('table_name', 'text', (c) => c.notNull())
        .addColumn('room_name', 'text', (c) => c.notNull())
        .addColumn('start_wall', 'double precision')
        .addColumn('end_wall', 'double precision', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('received_wall', 'double precision', (c) => c.notNull())
        .addColumn('played', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('hands_pk', ['table_id', 'hand_id'])
        .addUniqueConstraint('hands_table_seq', ['table_id', 'table_seq'])
        .execute();
      await db.schema.createIndex('hands_day').on('hands').columns(['day', 'table_id']).execute();
      await db.schema
        .createTable('hand_players')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('hand_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('hand_players_pk', ['table_id', 'hand_id', 'seat'])
        .execute();
      await db.schema.createIndex('hand_players_name').on('hand_players').column('name').execute();
      await db.schema
        .createTable('archive_tables')
        .addColumn('table_id', 'text', (c) => c.primaryKey())
        .addColumn('table_name', 'text', (c) => c.notNull())
        .addColumn('room_name', 'text', (c) => c.notNull())
        .addColumn('last_hand_no', 'integer', (c) => c.notNull())
        .addColumn('hands', 'integer', (c) => c.notNull())
        .addColumn('last_end_wall', 'double precision', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('archive_tables').execute();
      await db.schema.dropTable('hand_players').execute();
      await db.schema.dropTable('hands').execute();
    },
  },
};

export type StoreOutcome =
  /** stored now */
  | { kind: 'stored'; lastHandNo: number }
  /** already in the archive (a resend): nothing written */
  | { kind: 'duplicate'; lastHandNo: number }
  /** the hand before it is missing: nothing written, the table must resend from lastHandNo */
  | { kind: 'gap'; lastHandNo: number };

export interface HandQuery {
  table?: string;
  player?: string;
  /** YYYY-MM-DD (UTC) */
  day?: string;
  limit?: number;
}

export interface ArchivedHand {
  tableId: string;
  handId: string;
  handNo: number;
  tableSeq: number;
  tableName: string;
  day: string;
  startWall: number | null;
  endWall: number;
  players: string[];
}

export type ArchiveTarget = { kind: 'postgres'; url: string } | { kind: 'sqlite'; path: string };

export class RoomArchive {
  private constructor(
    readonly db: Kysely<ArchiveSchema>,
    readonly kind: ArchiveTarget['kind'],
  ) {}

  /** opens the archive and brings its schema up to date (Kysely's Migrator) */
  static async open(target: ArchiveTarget): Promise<RoomArchive> {
    const dialect =
      target.kind === 'postgres'
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 8 }) })
        : new SqliteDialect({
            database: (() => {
              const d = new Database(target.path);
              d.pragma('journal_mode = WAL');
              d.pragma('synchronous = FULL');
              return d;
            })(),
          });
    const db = new Kysely<ArchiveSchema>({ dialect });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      await db.destroy();
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
      throw new Error(`room archive: migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
    }
    return new RoomArchive(db, target.kind);
  }

  /**
   * Stores one hand exactly once and in order: it goes in only right after the table's last stored hand
   * (`prevHandNo`); an already stored hand is a duplicate; anything else is a gap the table must fill first.
   */
  async store(msg: HandMessage, receivedWall = Date.now()): Promise<StoreOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const t = await trx
        .selectFrom('archive_tables')
        .select(['last_hand_no', 'hands'])
        .where('table_id', '=', msg.tableId)
        .executeTakeFirst();
      const last = t ? Number(t.last_hand_no) : 0;
      const have = await trx
        .selectFrom('hands')
        .select('hand_no')
        .where('table_id', '=', msg.tableId)
        .where('hand_id', '=', msg.handId)
        .executeTakeFirst();
      if (have) return { kind: 'duplicate', lastHandNo: last } as const;
      if ((msg.prevHandNo ?? 0) !== last) return { kind: 'gap', lastHandNo: last } as const;
      const seq = (t ? Number(t.hands) : 0) + 1;
      const start = msg.startWall ?? msg.endWall;
      await trx
        .insertInto('hands')
        .values({
          table_id: msg.tableId,
          hand_id: msg.handId,
          hand_no: msg.handNo,
          prev_hand_no: msg.prevHandNo,
          table_seq: seq,
          table_name: msg.tableName,
          room_name: msg.roomName,
          start_wall: msg.startWall,
          end_wall: msg.endWall,
          day: new Date(start).toISOString().slice(0, 10),
          received_wall: receivedWall,
          played: JSON.stringify(msg.hand),
        })
        .execute();
      const players = phhSeatOrder(msg.hand.config).map((seat) => ({
        table_id: msg.tableId,
        hand_id: msg.handId,
        seat,
        name: playerName(msg.hand, seat),
      }));
      if (players.length > 0) await trx.insertInto('hand_players').values(players).execute();
      if (t) {
        await trx
          .updateTable('archive_tables')
          .set({
            last_hand_no: msg.handNo,
            hands: seq,
            last_end_wall: msg.endWall,
            table_name: msg.tableName,
            room_name: msg.roomName,
          })
          .where('table_id', '=', msg.tableId)
          .execute();
      } else {
        await trx
          .insertInto('archive_tables')
          .values({
            table_id: msg.tableId,
            table_name: msg.tableName,
            room_name: msg.roomName,
            last_hand_no: msg.handNo,
            hands: seq,
            last_end_wall: msg.endWall,
          })
          .execute();
      }
      return { kind: 'stored', lastHandNo: msg.handNo } as const;
    });
  }

  /** the last hand stored for each table (what the room acknowledges) */
  async lastStored(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('archive_tables').select(['table_id', 'last_hand_no']).execute();
    return new Map(rows.map((r) => [r.table_id, Number(r.last_hand_no)]));
  }

  /** hands matching the query, per table in the order stored, oldest first */
  async search(q: HandQuery = {}): Promise<ArchivedHand[]> {
    let q2 = this.baseSelect();
    if (q.table) q2 = q2.where('table_id', '=', q.table);
    if (q.day) q2 = q2.where('day', '=', q.day);
    if (q.player) {
      const player = q.player;
      q2 = q2.where((eb) =>
        eb.exists(
          eb
            .selectFrom('hand_players')
            .select('seat')
            .whereRef('hand_players.table_id', '=', 'hands.table_id')
            .whereRef('hand_players.hand_id', '=', 'hands.hand_id')
            .where('hand_players.name', '=', player),
        ),
      );
    }
    const rows = await q2
      .orderBy('table_id')
      .orderBy('table_seq')
      .limit(Math.min(q.limit ?? 10_000, 100_000))
      .execute();
    const players = new Map<string, string[]>();
    if (rows.length > 0) {
      let pq = this.db.selectFrom('hand_players').select(['table_id', 'hand_id', 'seat', 'name']);
      if (q.table) pq = pq.where('table_id', '=', q.table);
      if (rows.length <= 500) {
        pq = pq.where(
          'hand_id',
          'in',
          rows.map((r) => r.hand_id),
        );
      }
      for (const p of await pq.orderBy('seat').execute()) {
        const key = `${p.table_id}\u0000${p.hand_id}`;
        const list = players.get(key) ?? [];
        list.push(p.name);
        players.set(key, list);
      }
    }
    return rows.map((r) => ({
      tableId: r.table_id,
      handId: r.hand_id,
      handNo: Number(r.hand_no),
      tableSeq: Number(r.table_seq),
      tableName: r.table_name,
      day: r.day,
      startWall: r.start_wall === null ? null : Number(r.start_wall),
      endWall: Number(r.end_wall),
      players: players.get(`${r.table_id}\u0000${r.hand_id}`) ?? [],
    }));
  }

  private baseSelect() {
    return this.db
      .selectFrom('hands')
      .select(['table_id', 'hand_id', 'hand_no', 'table_seq', 'table_name', 'day', 'start_wall', 'end_wall']);
  }

  async played(tableId: string, handId: string): Promise<PlayedHand | null> {
    const row = await this.db
      .selectFrom('hands')
      .select('played')
      .where('table_id', '=', tableId)
      .where('hand_id', '=', handId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.played) as PlayedHand) : null;
  }

  async exportOne(tableId: string, handId: string, format: ExportFormat): Promise<string | null> {
    const hand = await this.played(tableId, handId);
    return hand ? exportHand(hand, format) : null;
  }

  /**
   * The matching hands in one file: PokerStars text hands separated by blank lines (as a site's download is), OHH
   * one `{"ohh": ...}` object per hand separated by blank lines, PHH as a `.phhs` set (each hand a TOML table [k]).
   */
  async exportMany(q: HandQuery, format: ExportFormat): Promise<{ text: string; hands: number }> {
    const found = await this.search(q);
    const parts: string[] = [];
    let k = 0;
    for (const h of found) {
      const hand = await this.played(h.tableId, h.handId);
      if (!hand) continue;
      const text = exportHand(hand, format);
      k++;
      parts.push(format === 'phh' ? `[${k}]\n${text}` : text);
    }
    return { text: parts.join('\n\n'), hands: k };
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
