// The room's hand archive: every finished hand of every table, stored once under (table id, hand id) and in order
// per table. One query layer (Kysely) over PostgreSQL (the room host) or SQLite (a room on one machine); the schema
// comes from Kysely's Migrator, the same migrations for both (archiveSchema.ts). Exports are src/store's writers run
// on the stored hand.
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { parse as parseToml } from 'smol-toml';
import { EXPORT_FORMATS, type ExportFormat, exportHand } from '../store/archive.js';
import type { PlayedHand } from '../store/playedHand.js';
import { phhSeatOrder, playerName } from '../store/playedHand.js';
import { lastTableSeqs, searchHands, storedAfter, storedSince } from './archiveQueries.js';
import { type ArchiveSchema, migrations } from './archiveSchema.js';
import { type HandMessage, playedWithRules } from './protocol.js';

export type { ArchiveSchema } from './archiveSchema.js';

export type StoreOutcome =
  /** stored now; `replaced`: the first hand of a log other than the one the table sent before (a fresh data folder
   * under a known table id): both histories are kept, the room tells the floor */
  | { kind: 'stored'; lastHandNo: number; replaced?: { previousLogId: string } }
  /** already in the archive (a resend): nothing written */
  | { kind: 'duplicate'; lastHandNo: number }
  /** the hand before it is missing: nothing written, the table must resend from lastHandNo */
  | { kind: 'gap'; lastHandNo: number }
  /** a hand some export cannot write (or writes into a file its format's reader refuses): nothing written */
  | { kind: 'refused'; lastHandNo: number; problem: ExportProblem };

/** why a hand is kept out of the archive: its record names another hand, or an export fails to write or to read
 * back (`system`: the writer's or the reader's own message) */
export type ExportProblem =
  | { variant: 'handNo'; recordHandNo: number }
  | { variant: 'export' | 'readBack'; format: ExportFormat; system: string };

/** a refusal in one English line (the room's console) */
export function problemLine(p: ExportProblem): string {
  return p.variant === 'handNo'
    ? `its record says hand ${p.recordHandNo}`
    : `the ${p.format} export ${p.variant === 'export' ? 'fails' : 'does not read back'}: ${p.system}`;
}

/**
 * What keeps a hand out of the archive: each writer (PHH, OHH, PokerStars) exports it and its format's reader takes
 * the text back (TOML, JSON, one PokerStars header on lines without control characters). null: every export is fine.
 */
export function exportProblem(msg: HandMessage): ExportProblem | null {
  if (msg.hand.handNo !== msg.handNo) return { variant: 'handNo', recordHandNo: msg.hand.handNo };
  for (const format of EXPORT_FORMATS) {
    let text: string;
    try {
      text = exportHand(msg.hand, format);
    } catch (err) {
      return { variant: 'export', format, system: (err as Error).message };
    }
    try {
      if (format === 'phh') parseToml(text);
      else if (format === 'ohh') JSON.parse(text);
      else {
        const headers = text.match(/^PokerStars Hand #/gm)?.length ?? 0;
        if (headers !== 1) throw new Error(`${headers} hand headers`);
        if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(text.replace(/\n/g, ''))) throw new Error('a control character');
      }
    } catch (err) {
      return { variant: 'readBack', format, system: (err as Error).message };
    }
  }
  return null;
}

export interface HandQuery {
  table?: string;
  player?: string;
  /** YYYY-MM-DD (UTC) */
  day?: string;
  limit?: number;
}

export interface ArchivedHand {
  tableId: string;
  logId: string;
  handId: string;
  handNo: number;
  tableSeq: number;
  tableName: string;
  day: string;
  startWall: number | null;
  endWall: number;
  /** the room's wall clock when it stored the hand (its export delay counts from there, never from the table's
   * clock) */
  receivedWall: number;
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
              // every hole card of every hand: the file (and the -wal / -shm SQLite makes with its mode) is 0600
              closeSync(openSync(target.path, 'a', 0o600));
              chmodSync(target.path, 0o600);
              for (const side of ['-wal', '-shm'])
                if (existsSync(target.path + side)) chmodSync(target.path + side, 0o600);
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
    // every export of the room must keep answering: a hand no writer can export whole never goes in
    const problem = exportProblem(msg);
    return this.db.transaction().execute(async (trx) => {
      const t = await trx
        .selectFrom('archive_tables')
        .select(['log_id', 'hands', 'last_hand_no'])
        .where('table_id', '=', msg.tableId)
        .executeTakeFirst();
      let log = await trx
        .selectFrom('archive_logs')
        .select(['last_hand_no', 'hands'])
        .where('table_id', '=', msg.tableId)
        .where('log_id', '=', msg.logId)
        .executeTakeFirst();
      // hands archived before log ids: the first log whose hand continues them claims them
      if (!log && t && t.log_id === '' && (msg.prevHandNo ?? 0) === Number(t.last_hand_no) && msg.prevHandNo !== null) {
        for (const table of ['hands', 'hand_players', 'archive_logs'] as const)
          await trx
            .updateTable(table)
            .set({ log_id: msg.logId })
            .where('table_id', '=', msg.tableId)
            .where('log_id', '=', '')
            .execute();
        await trx
          .updateTable('archive_tables')
          .set({ log_id: msg.logId })
          .where('table_id', '=', msg.tableId)
          .execute();
        t.log_id = msg.logId;
        log = await trx
          .selectFrom('archive_logs')
          .select(['last_hand_no', 'hands'])
          .where('table_id', '=', msg.tableId)
          .where('log_id', '=', msg.logId)
          .executeTakeFirst();
      }
      const last = log ? Number(log.last_hand_no) : 0;
      const have = await trx
        .selectFrom('hands')
        .select('hand_no')
        .where('table_id', '=', msg.tableId)
        .where('log_id', '=', msg.logId)
        .where('hand_no', '=', msg.handNo)
        .executeTakeFirst();
      if (have) return { kind: 'duplicate', lastHandNo: last } as const;
      if (problem) return { kind: 'refused', lastHandNo: last, problem } as const;
      if ((msg.prevHandNo ?? 0) !== last) return { kind: 'gap', lastHandNo: last } as const;
      const seq = (t ? Number(t.hands) : 0) + 1;
      const start = msg.startWall ?? msg.endWall;
      await trx
        .insertInto('hands')
        .values({
          table_id: msg.tableId,
          log_id: msg.logId,
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
        log_id: msg.logId,
        hand_no: msg.handNo,
        seat,
        name: playerName(msg.hand, seat),
      }));
      if (players.length > 0) await trx.insertInto('hand_players').values(players).execute();
      if (log) {
        await trx
          .updateTable('archive_logs')
          .set({ last_hand_no: msg.handNo, hands: Number(log.hands) + 1, last_end_wall: msg.endWall })
          .where('table_id', '=', msg.tableId)
          .where('log_id', '=', msg.logId)
          .execute();
      } else {
        await trx
          .insertInto('archive_logs')
          .values({
            table_id: msg.tableId,
            log_id: msg.logId,
            last_hand_no: msg.handNo,
            hands: 1,
            first_received_wall: receivedWall,
            last_end_wall: msg.endWall,
          })
          .execute();
      }
      const table = {
        log_id: msg.logId,
        last_hand_no: msg.handNo,
        hands: seq,
        last_end_wall: msg.endWall,
        table_name: msg.tableName,
        room_name: msg.roomName,
      };
      if (t) await trx.updateTable('archive_tables').set(table).where('table_id', '=', msg.tableId).execute();
      else
        await trx
          .insertInto('archive_tables')
          .values({ table_id: msg.tableId, ...table })
          .execute();
      if (t && t.log_id !== msg.logId)
        return { kind: 'stored', lastHandNo: msg.handNo, replaced: { previousLogId: t.log_id } } as const;
      return { kind: 'stored', lastHandNo: msg.handNo } as const;
    });
  }

  /** each table's histories (its event logs), oldest first */
  async logs(): Promise<
    Map<string, { logId: string; hands: number; lastHandNo: number; firstReceivedWall: number }[]>
  > {
    const rows = await this.db.selectFrom('archive_logs').selectAll().orderBy('first_received_wall').execute();
    const out = new Map<string, { logId: string; hands: number; lastHandNo: number; firstReceivedWall: number }[]>();
    for (const r of rows) {
      const list = out.get(r.table_id) ?? [];
      list.push({
        logId: r.log_id,
        hands: Number(r.hands),
        lastHandNo: Number(r.last_hand_no),
        firstReceivedWall: Number(r.first_received_wall),
      });
      out.set(r.table_id, list);
    }
    return out;
  }

  /** the current log of each table and its last stored hand (what the room acknowledges) */
  async current(): Promise<Map<string, { logId: string; lastHandNo: number }>> {
    const rows = await this.db.selectFrom('archive_tables').select(['table_id', 'log_id', 'last_hand_no']).execute();
    return new Map(rows.map((r) => [r.table_id, { logId: r.log_id, lastHandNo: Number(r.last_hand_no) }]));
  }

  /** the last hand stored for each table (what the room acknowledges) */
  async lastStored(): Promise<Map<string, number>> {
    // (of each table's current log)
    const rows = await this.db.selectFrom('archive_tables').select(['table_id', 'last_hand_no']).execute();
    return new Map(rows.map((r) => [r.table_id, Number(r.last_hand_no)]));
  }

  /** hands matching the query, per table in the order stored, oldest first */
  search(q: HandQuery = {}): Promise<ArchivedHand[]> {
    return searchHands(this.db, q);
  }

  /**
   * The hands stored for `tableIds` since `sinceWall` (the room's wall clock when it stored them), as the messages
   * that brought them, in the order stored (a room restarted after a crash gives them again to the parts that must
   * have heard of each: roomAttach.ts `reconcile`).
   */
  storedSince(tableIds: readonly string[], sinceWall: number): Promise<HandMessage[]> {
    return storedSince(this.db, tableIds, sinceWall);
  }

  /** the hands stored for each table after its sequence in `after` (roomAttach.ts `reconcile`) */
  storedAfter(after: Readonly<Record<string, number>>): Promise<HandMessage[]> {
    return storedAfter(this.db, after);
  }

  /** each table's last sequence in the archive (0: none stored yet) */
  lastTableSeqs(tableIds: readonly string[]): Promise<Record<string, number>> {
    return lastTableSeqs(this.db, tableIds);
  }

  /** the stored hand; without a log id, the last stored one of that hand id (a table's histories may share ids) */
  async played(tableId: string, handId: string, logId?: string): Promise<PlayedHand | null> {
    let q = this.db.selectFrom('hands').select('played').where('table_id', '=', tableId).where('hand_id', '=', handId);
    if (logId !== undefined) q = q.where('log_id', '=', logId);
    const row = await q.orderBy('table_seq', 'desc').executeTakeFirst();
    return row ? playedWithRules(JSON.parse(row.played) as PlayedHand) : null;
  }

  async exportOne(tableId: string, handId: string, format: ExportFormat, logId?: string): Promise<string | null> {
    const hand = await this.played(tableId, handId, logId);
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
      const hand = await this.played(h.tableId, h.handId, h.logId);
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
