// An archive no table can spoil: from a table's own broker account, every malformed hand a fuzzer (fast-check) makes
// out of real ones -- a value replaced anywhere in the record, a field deleted, a player name carrying a line break
// and a forged `PokerStars Hand #` header -- is published to the room. The room refuses what its wire schema or one
// of its exports refuses (the floor told, naming the table), stores the rest, and afterwards every export of the room
// (room-wide and per hand, PHH / OHH / PokerStars) answers and reads back: TOML, JSON, one header per hand. The table
// refuses such a name at seating already (POST /api/seats/N).
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import mqtt from 'mqtt';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, type RoomAccounts } from '../../src/room/acl.js';
import type { RoomArchive } from '../../src/room/archive.js';
import type { InProcessBroker } from '../../src/room/inProcessBroker.js';
import { checkMessage, type HandMessage, topics } from '../../src/room/protocol.js';
import type { RoomService } from '../../src/room/roomService.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import type { PlayedHand } from '../../src/store/playedHand.js';
import { archiveOf, loadScenario, scenarioFiles } from '../store/helpers.js';
import { type RoomRig, sleep, startRoomRig } from './helpers.js';

const RUNS = Number(process.env.FW_FUZZ_RUNS ?? 300);

function realHands(): PlayedHand[] {
  const files = scenarioFiles().slice(0, 30);
  const archive = archiveOf(files.map(loadScenario));
  const out: PlayedHand[] = [];
  for (const h of archive.list()) {
    const played = archive.get(h.handNo);
    if (played.complete) out.push(JSON.parse(JSON.stringify(played)) as PlayedHand);
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** every path into a JSON value (objects' keys, arrays' indices), the root excluded */
function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push([...at, i]);
      paths(x, [...at, i], out);
    });
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push([...at, k]);
      paths(x, [...at, k], out);
    }
  return out;
}

const DELETE = Symbol('delete');

function mutate(root: Json, path: (string | number)[], value: unknown): Json {
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  let node = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (value === DELETE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value as Json;
  return copy;
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    "Bob\nPokerStars Hand #1:  Hold'em No Limit (1/2) - 2020/01/01 00:00:00 ET",
    'x\r\n*** SUMMARY ***',
    'a\u2028b',
    '\u0000',
    "O'Brien [x]",
    '"]\n[1]\nhand = 1',
    '??',
    'Zz',
    '',
  ),
);
const value = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.integer({ min: -1e6, max: 1e6 }) },
  fc.double(),
  fc.constantFrom(1e300, -1, 0, 11, 2 ** 53, null, true, [], {}, DELETE),
  fc.jsonValue({ maxDepth: 2 }),
  fc.anything({ maxDepth: 2, withNullPrototype: false }),
);

describe('a table account cannot spoil the room archive', () => {
  let rig: RoomRig;
  let accounts: RoomAccounts;
  let broker: InProcessBroker;
  let archive: RoomArchive;
  let room: RoomService;
  const said: string[] = [];

  beforeAll(async () => {
    rig = await startRoomRig({
      prefix: 'fw-room-fuzz-',
      tableIds: ['1'],
      exportDelayMs: 0,
      say: (l) => said.push(l),
    });
    ({ accounts, broker, archive, room } = rig);
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
  });

  it('every malformed hand is refused or stored whole; every export answers and reads back', async () => {
    const hands = realHands();
    expect(hands.length).toBeGreaterThan(5);
    const envelope = (hand: unknown, i: number, handNo: number): HandMessage =>
      ({
        v: 1,
        kind: 'hand',
        tableId: '1',
        // each its own history: no hand waits behind a refused one
        logId: `fuzz-log-${i}`,
        handId: `1-${i}`,
        handNo,
        prevHandNo: null,
        tableName: 'Table 1',
        roomName: 'fuzz room',
        startWall: 1_700_000_000_000,
        endWall: 1_700_000_060_000,
        sent: Date.now(),
        hand,
      }) as HandMessage;
    const arb = fc
      .record({ h: fc.nat({ max: hands.length - 1 }), p: fc.nat(), v: value, name: nasty, kind: fc.nat({ max: 4 }) })
      .map(({ h, p, v, name, kind }) => {
        const hand = hands[h] as unknown as Json;
        // one time in five, a player's name (the PokerStars forgery); otherwise anywhere in the record
        if (kind === 0) {
          const seats = Object.keys((hand as { config: { seats: object } }).config.seats);
          return { h, hand: mutate(hand, ['names', seats[p % seats.length]], name) };
        }
        const all = paths(hand);
        return { h, hand: mutate(hand, all[p % all.length], v) };
      });
    const samples = fc.sample(arb, { seed: 21, numRuns: RUNS });
    const t = account(accounts, 'table-1');
    const c = await mqtt.connectAsync(broker.url, { username: t.username, password: t.password, clientId: 'table-1' });
    let schemaRefused = 0;
    // the unmodified hands first (each also its own log), then every mutant
    const all = [...hands.map((hand, h) => ({ h, hand: hand as unknown as Json })), ...samples];
    for (const [i, s] of all.entries()) {
      // the envelope says the real hand's number (a mutant may change the record's own)
      const msg = envelope(s.hand, i, hands[s.h].handNo);
      try {
        checkMessage('hand', msg);
      } catch {
        schemaRefused++;
      }
      await c.publishAsync(topics.table('1', 'hands'), JSON.stringify(msg), { qos: 1 });
    }
    await c.endAsync();
    const until = Date.now() + 60_000;
    const seen = () => {
      const st = room.stats();
      return st.stored + st.refused + st.duplicates + st.gaps;
    };
    while (Date.now() < until && seen() < all.length) await sleep(100);
    await room.idle();
    const st = room.stats();
    expect(seen()).toBe(all.length);
    expect(st.gaps).toBe(0);
    const exportRefused = said.filter((l) => /^room: hand \d+ of table 1 refused:/.test(l)).length;
    expect(st.refused).toBe(schemaRefused + exportRefused);
    expect(st.stored).toBeGreaterThanOrEqual(hands.length);
    // the forged header never reaches the archive
    expect(schemaRefused).toBeGreaterThan(0);
    const row = room.tables().find((r) => r.tableId === '1');
    if (exportRefused > 0)
      expect(row?.roomAlerts.find((a) => a.code === 'ROOM_HAND_REFUSED')?.message).toMatch(/^Table 1: hand \d+/);

    // the second gate on its own: the same mutants given to the archive past the wire schema (as if the schema had
    // missed something), under table 2: every one is refused by an export or stored whole
    let gateRefused = 0;
    let gateStored = 0;
    for (const [i, s] of all.entries()) {
      const msg = { ...envelope(s.hand, i, hands[s.h].handNo), tableId: '2', logId: `gate-log-${i}` };
      let out: Awaited<ReturnType<RoomArchive['store']>>;
      try {
        out = await archive.store(msg);
      } catch {
        // the database refused it (a value its columns cannot take): nothing stored either
        gateRefused++;
        continue;
      }
      if (out.kind === 'refused') gateRefused++;
      else if (out.kind === 'stored') gateStored++;
    }
    expect(gateRefused + gateStored).toBe(all.length);
    expect(gateRefused).toBeGreaterThan(0);

    const auth = { headers: { authorization: `Bearer ${room.token}` } };
    let exportsChecked = 0;
    const readBack = (format: string, text: string, hands: number) => {
      if (format === 'phh') {
        const doc = parseToml(text) as Record<string, unknown>;
        if (hands > 1) expect(Object.keys(doc).length).toBe(hands);
      } else if (format === 'ohh') {
        const parts = text.split('\n\n').filter((x) => x.trim() !== '');
        expect(parts.length).toBe(hands);
        for (const p of parts) expect((JSON.parse(p) as { ohh?: unknown }).ohh).toBeDefined();
      } else {
        expect(text.match(/^PokerStars Hand #/gm)?.length ?? 0).toBe(hands);
        expect(/[\p{Cc}\p{Zl}\p{Zp}]/u.test(text.replace(/\n/g, ''))).toBe(false);
      }
      exportsChecked++;
    };
    for (const format of ['phh', 'ohh', 'pokerstars'] as const) {
      const res = await fetch(`${room.url}/api/archive/export/${format}`, auth);
      expect(res.status, format).toBe(200);
      expect(res.headers.get('x-feltwire-skipped')).toBe('0');
      const n = Number(res.headers.get('x-feltwire-hands'));
      expect(n).toBe(st.stored + gateStored);
      readBack(format, await res.text(), n);
    }
    const stored = await archive.search();
    expect(stored.length).toBe(st.stored + gateStored);
    // each hand of the room's path (table 1) on its own; the gate's (table 2) are in the room-wide files above
    for (const h of stored.filter((x) => x.tableId === '1'))
      for (const format of ['phh', 'ohh', 'pokerstars'] as const) {
        const res = await fetch(
          `${room.url}/api/archive/hands/${h.tableId}/${encodeURIComponent(h.handId)}/export/${format}?log=${h.logId}`,
          auth,
        );
        expect(res.status, `${h.handId} ${format}`).toBe(200);
        readBack(format, await res.text(), 1);
      }
    if (process.env.FW_DEBUG) for (const l of said.filter((x) => / refused: /.test(x))) console.log(l.slice(0, 160));
    // the figures for the report
    console.log(
      `fuzz: ${all.length} hands published (${hands.length} real, ${samples.length} mutants): ` +
        `${schemaRefused} refused by the wire schema, ${exportRefused} by an export, ${st.stored} stored; ` +
        `${exportsChecked} exports checked; past the schema, the export gate refused ${gateRefused} and stored ${gateStored}`,
    );
  }, 300_000);

  it('the table refuses a name with a line break or a control character at seating', async () => {
    const sc = loadScenario(scenarioFiles()[0]);
    const session = new TableSession({ config: sc.config, log: new MemoryLog(), now: () => 0 });
    const tokens = TokenStore.open(mkdtempSync(join(rig.dir, 'tokens-')));
    const app = await buildApp({ session, log: new MemoryLog(), tokens, webRoot: null, equity: null });
    const floor = { authorization: `Bearer ${tokens.tokenOf('floor')}` };
    const seat = Object.keys(sc.config.seats)[0];
    for (const name of ['Bob\nPokerStars Hand #1:', 'a\rb', 'tab\there', 'nul\u0000', 'ls\u2028x', 'c1\u0085']) {
      const r = await app.inject({ method: 'POST', url: `/api/seats/${seat}`, headers: floor, payload: { name } });
      expect(r.statusCode, JSON.stringify(name)).toBe(409);
      expect(r.json().message).toMatch(/control characters/);
    }
    const ok = await app.inject({
      method: 'POST',
      url: `/api/seats/${seat}`,
      headers: floor,
      payload: { name: 'Zoé  Martin' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(session.snapshot().roster?.find((r) => r.seat === Number(seat))?.player.name).toBe('Zoé Martin');
    await app.close();
    session.close();
  });
});
