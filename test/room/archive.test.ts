// The room archive through its one query layer (Kysely) on both databases, PostgreSQL (started here) and SQLite:
// the same migrations, each hand stored once and only after the table's previous one, search by table, player and
// day, exports identical to src/store's writers on the same hand, a PHH set that a TOML parser reads back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArchiveTarget, RoomArchive } from '../../src/room/archive.js';
import { type PostgresCluster, postgresBinDir, startPostgres } from '../../src/room/enginePostgres.js';
import type { HandMessage } from '../../src/room/protocol.js';
import { checkMessage } from '../../src/room/protocol.js';
import { exportHand } from '../../src/store/archive.js';
import { type PlayedHand, phhSeatOrder, playerName } from '../../src/store/playedHand.js';
import { archiveOf, loadScenario, scenarioFiles } from '../store/helpers.js';

const DAY = 86_400_000;

/** finished hands from the shared scenarios, as two tables would send them (table B's a day later) */
function messages(): { a: HandMessage[]; b: HandMessage[] } {
  const files = scenarioFiles().slice(0, 40);
  const archive = archiveOf(files.map(loadScenario));
  const hands: PlayedHand[] = [];
  for (const h of archive.list()) {
    const played = archive.get(h.handNo);
    if (played.complete) hands.push(played);
  }
  const msg = (tableId: string, played: PlayedHand, prev: number | null, shift: number): HandMessage =>
    checkMessage('hand', {
      v: 1,
      kind: 'hand',
      tableId,
      logId: `log-of-${tableId}`,
      handId: `${tableId}-${played.handNo}`,
      handNo: played.handNo,
      prevHandNo: prev,
      tableName: `Table ${tableId}`,
      roomName: 'test room',
      startWall: (played.startWall ?? 0) + shift,
      endWall: (played.startWall ?? 0) + shift + 60_000,
      sent: Date.now(),
      hand: JSON.parse(JSON.stringify(played)) as PlayedHand,
    });
  const chain = (tableId: string, list: PlayedHand[], shift: number) =>
    list.map((p, i) => msg(tableId, p, i > 0 ? list[i - 1].handNo : null, shift));
  const half = Math.floor(hands.length / 2);
  return { a: chain('101', hands.slice(0, half), 0), b: chain('102', hands.slice(half), DAY) };
}

const targets: [string, () => Promise<ArchiveTarget>][] = [];
const dir = mkdtempSync(join(tmpdir(), 'fw-room-archive-'));
let pg: PostgresCluster | null = null;
targets.push(['SQLite', async () => ({ kind: 'sqlite', path: join(dir, 'room.sqlite') })]);
if (postgresBinDir())
  targets.push([
    'PostgreSQL',
    async () => {
      pg ??= await startPostgres({ dir: join(dir, 'pg') });
      return { kind: 'postgres', url: pg.url };
    },
  ]);

describe.each(targets)('room archive on %s', (_name, target) => {
  let archive: RoomArchive;
  const { a, b } = messages();
  beforeAll(async () => {
    archive = await RoomArchive.open(await target());
  }, 60_000);
  afterAll(async () => {
    await archive?.close();
  });

  it('stores each hand once, in order: a duplicate writes nothing, a hand after a gap waits', async () => {
    expect(a.length).toBeGreaterThan(5);
    expect(await archive.store(a[0])).toEqual({ kind: 'stored', lastHandNo: a[0].handNo });
    // a[2] before a[1]: its previous hand is missing
    expect(await archive.store(a[2])).toEqual({ kind: 'gap', lastHandNo: a[0].handNo });
    expect(await archive.store(a[0])).toEqual({ kind: 'duplicate', lastHandNo: a[0].handNo });
    for (const m of a.slice(1)) expect((await archive.store(m)).kind).toBe('stored');
    for (const m of b) expect((await archive.store(m)).kind).toBe('stored');
    // everything again, as a table resending after a lost acknowledgement: nothing changes
    for (const m of [...a, ...b]) expect((await archive.store(m)).kind).toBe('duplicate');
    const stored = await archive.search({ table: '101' });
    expect(stored.map((h) => h.handNo)).toEqual(a.map((m) => m.handNo));
    expect(stored.map((h) => h.tableSeq)).toEqual(a.map((_, i) => i + 1));
    expect((await archive.lastStored()).get('102')).toBe(b[b.length - 1].handNo);
    // each table's last sequence, and the hands stored after a mark (a room's reconcile reads by these, not by time)
    expect(await archive.lastTableSeqs(['101', '102', '103'])).toEqual({ '101': a.length, '102': b.length, '103': 0 });
    const after = await archive.storedAfter({ '101': a.length - 2, '102': b.length - 1, '103': 0 });
    expect(after.map((m) => `${m.tableId}/${m.handNo}`).sort()).toEqual(
      [...a.slice(-2), ...b.slice(-1)].map((m) => `${m.tableId}/${m.handNo}`).sort(),
    );
    expect(after.filter((m) => m.tableId === '101').map((m) => m.handNo)).toEqual(a.slice(-2).map((m) => m.handNo));
    expect(await archive.storedAfter({ '101': a.length })).toEqual([]);
    // reopening runs no migration twice and keeps everything
    await archive.close();
    archive = await RoomArchive.open(await target());
    expect((await archive.search()).length).toBe(a.length + b.length);
  });

  it('search by table, player and day', async () => {
    const dayA = new Date(a[0].startWall ?? 0).toISOString().slice(0, 10);
    const dayB = new Date(b[0].startWall ?? 0).toISOString().slice(0, 10);
    expect(dayA).not.toBe(dayB);
    expect((await archive.search({ day: dayB })).every((h) => h.tableId === '102')).toBe(true);
    const bruno = await archive.search({ player: 'Bruno' });
    // Bruno is seat 2's name: he plays the hands where seat 2 is dealt in
    const expected = [...a, ...b].filter((m) =>
      phhSeatOrder(m.hand.config).some((seat) => playerName(m.hand, seat) === 'Bruno'),
    ).length;
    expect(bruno.length).toBe(expected);
    expect(bruno.length).toBeGreaterThan(0);
    expect(bruno.every((h) => h.players.includes('Bruno'))).toBe(true);
    expect(await archive.search({ table: '101', player: 'Nobody' })).toEqual([]);
  });

  it('a table id on a fresh log (a new SD card): its hands from 1 are another history, kept beside the old', async () => {
    const before = await archive.search({ table: '101' });
    // the same table id, another log, the same hand numbers and hand ids from the first one
    const fresh = a.slice(0, 3).map((m) => ({ ...m, logId: 'a-fresh-sd-card' }));
    const first = await archive.store(fresh[0]);
    expect(first).toEqual({ kind: 'stored', lastHandNo: fresh[0].handNo, replaced: { previousLogId: 'log-of-101' } });
    // the old log's last hand does not count in the new one: its second hand waits for its first, not the old last
    expect(await archive.store(fresh[2])).toEqual({ kind: 'gap', lastHandNo: fresh[0].handNo });
    expect(await archive.store(fresh[1])).toEqual({ kind: 'stored', lastHandNo: fresh[1].handNo });
    expect(await archive.store(fresh[0])).toEqual({ kind: 'duplicate', lastHandNo: fresh[1].handNo });
    // the old history's hands are still duplicates of their own log (an old table resending)
    expect(await archive.store(a[a.length - 1])).toEqual({ kind: 'duplicate', lastHandNo: a[a.length - 1].handNo });
    const after = await archive.search({ table: '101' });
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((h) => h.logId === 'a-fresh-sd-card').map((h) => h.handNo)).toEqual(
      fresh.slice(0, 2).map((m) => m.handNo),
    );
    expect(after.map((h) => h.tableSeq)).toEqual(after.map((_, i) => i + 1));
    expect((await archive.current()).get('101')).toEqual({ logId: 'a-fresh-sd-card', lastHandNo: fresh[1].handNo });
    expect((await archive.logs()).get('101')?.map((l) => l.logId)).toEqual(['log-of-101', 'a-fresh-sd-card']);
    // each history's hand exports from its own log
    expect(await archive.exportOne('101', fresh[0].handId, 'phh', 'a-fresh-sd-card')).toBe(
      exportHand(fresh[0].hand, 'phh'),
    );
    // the old table comes back on its own log: another change, and its hands continue where they were
    const back = await archive.store({
      ...b[0],
      tableId: '101',
      logId: 'log-of-101',
      prevHandNo: a[a.length - 1].handNo,
    });
    expect(back).toEqual({ kind: 'stored', lastHandNo: b[0].handNo, replaced: { previousLogId: 'a-fresh-sd-card' } });
  });

  it('exports are src/store writers on the stored hand; the PHH set reads back as TOML, one table per hand', async () => {
    for (const m of a.slice(0, 5)) {
      for (const f of ['phh', 'ohh', 'pokerstars'] as const)
        expect(await archive.exportOne('101', m.handId, f, 'log-of-101')).toBe(exportHand(m.hand, f));
    }
    const set = await archive.exportMany({ table: '102' }, 'phh');
    expect(set.hands).toBe(b.length);
    const doc = parseToml(set.text) as Record<string, { hand: number | string; actions: string[] }>;
    expect(Object.keys(doc)).toEqual(b.map((_, i) => String(i + 1)));
    expect(Object.values(doc).map((h) => String(h.hand))).toEqual(b.map((m) => m.hand.handId || String(m.handNo)));
    const stars = await archive.exportMany({ table: '102' }, 'pokerstars');
    expect(stars.text.match(/^PokerStars Hand #/gm)?.length).toBe(b.length);
  });
});

afterAll(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});
