// The room archive's tables (Kysely's schema types) and the migrations that make them, the same for PostgreSQL and
// SQLite: a hand is (table id, log id, hand number), a table's histories are its event logs.
import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';

interface HandsTable {
  table_id: string;
  /** the table's event log this hand came from (its history); '' for hands archived before log ids */
  log_id: string;
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
  log_id: string;
  hand_no: number;
  seat: number;
  name: string;
}

interface ArchiveTablesTable {
  table_id: string;
  /** the log whose hands the table sends now (its current history) */
  log_id: string;
  table_name: string;
  room_name: string;
  last_hand_no: number;
  hands: number;
  last_end_wall: number;
}

/** one history of a table: the hands of one event log */
interface ArchiveLogsTable {
  table_id: string;
  log_id: string;
  last_hand_no: number;
  hands: number;
  first_received_wall: number;
  last_end_wall: number;
}

export interface ArchiveSchema {
  hands: HandsTable;
  hand_players: HandPlayersTable;
  archive_tables: ArchiveTablesTable;
  archive_logs: ArchiveLogsTable;
}

/** a hand's columns after its key, in their order: the same in the first `hands` table and in the one with log ids */
const handColumns = (t: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> =>
  t
    .addColumn('hand_no', 'integer', (c) => c.notNull())
    .addColumn('prev_hand_no', 'integer')
    .addColumn('table_seq', 'integer', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('room_name', 'text', (c) => c.notNull())
    .addColumn('start_wall', 'double precision')
    .addColumn('end_wall', 'double precision', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('received_wall', 'double precision', (c) => c.notNull())
    .addColumn('played', 'text', (c) => c.notNull());

export const migrations: Record<string, Migration> = {
  '0001_hands': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hands')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('hand_id', 'text', (c) => c.notNull())
        .$call(handColumns)
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
  // a hand is (table id, log id, hand number): a table started again on a fresh log (a new SD card, a reinstall)
  // restarts at hand 1 and its hands are another history of the table, never duplicates of the old one
  '0002_log_ids': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hands_v2')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('log_id', 'text', (c) => c.notNull())
        .addColumn('hand_id', 'text', (c) => c.notNull())
        .$call(handColumns)
        .addPrimaryKeyConstraint('hands_key', ['table_id', 'log_id', 'hand_no'])
        .addUniqueConstraint('hands_seq', ['table_id', 'table_seq'])
        .execute();
      await sql`INSERT INTO hands_v2 (table_id, log_id, hand_id, hand_no, prev_hand_no, table_seq, table_name,
        room_name, start_wall, end_wall, day, received_wall, played)
        SELECT table_id, '', hand_id, hand_no, prev_hand_no, table_seq, table_name, room_name, start_wall, end_wall,
        day, received_wall, played FROM hands`.execute(db);
      await db.schema
        .createTable('hand_players_v2')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('log_id', 'text', (c) => c.notNull())
        .addColumn('hand_no', 'integer', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('hand_players_key', ['table_id', 'log_id', 'hand_no', 'seat'])
        .execute();
      await sql`INSERT INTO hand_players_v2 (table_id, log_id, hand_no, seat, name)
        SELECT p.table_id, '', h.hand_no, p.seat, p.name FROM hand_players p
        JOIN hands h ON h.table_id = p.table_id AND h.hand_id = p.hand_id`.execute(db);
      await db.schema.dropTable('hand_players').execute();
      await db.schema.dropTable('hands').execute();
      await sql`ALTER TABLE hands_v2 RENAME TO hands`.execute(db);
      await sql`ALTER TABLE hand_players_v2 RENAME TO hand_players`.execute(db);
      await db.schema.createIndex('hands_day').on('hands').columns(['day', 'table_id']).execute();
      await db.schema.createIndex('hands_hand_id').on('hands').columns(['table_id', 'hand_id']).execute();
      await db.schema.createIndex('hand_players_name').on('hand_players').column('name').execute();
      await db.schema
        .alterTable('archive_tables')
        .addColumn('log_id', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('archive_logs')
        .addColumn('table_id', 'text', (c) => c.notNull())
        .addColumn('log_id', 'text', (c) => c.notNull())
        .addColumn('last_hand_no', 'integer', (c) => c.notNull())
        .addColumn('hands', 'integer', (c) => c.notNull())
        .addColumn('first_received_wall', 'double precision', (c) => c.notNull())
        .addColumn('last_end_wall', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('archive_logs_key', ['table_id', 'log_id'])
        .execute();
      await sql`INSERT INTO archive_logs (table_id, log_id, last_hand_no, hands, first_received_wall, last_end_wall)
        SELECT table_id, '', last_hand_no, hands, 0, last_end_wall FROM archive_tables`.execute(db);
    },
    async down() {
      throw new Error('the room archive does not go back to hands without log ids');
    },
  },
};
