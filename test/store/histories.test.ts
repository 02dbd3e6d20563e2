// Issue 14: a 200-hand simulated session (big-blind antes, rising levels, players busting out, the simulator's
// mistakes injected) exported in every format and read back by readers that are not our writers: hhp (npm) for
// the PokerStars text, @poker-apprentice/hand-history-parser (npm) for the Ignition text, our OHH schema written
// from the published spec, and a chip accounting of each text written from the formats' own descriptions
// (accounting.ts). Every player's final stack, read from each text alone, is the engine's. The session is played
// once (historySession.ts) and shared by every check here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePhh, replayPhh } from '../../src/phh/index.js';
import { EXPECTED_ALERT } from '../../src/sim/index.js';
import {
  HandArchive,
  type PlayedHand,
  phhSeatOrder,
  readLedger,
  toOhh,
  toPhh,
  toPokerStars,
  validateOhh,
} from '../../src/store/index.js';
import { handId, loadTableIdentity, zonedTime } from '../../src/store/tableIdentity.js';
import { accountIgnition, accountOhh, accountPhh, accountPokerStars, finalsBySeat } from './accounting.js';
import { expectIgnitionParse } from './helpers.js';
import { expectHhpParse, hhp } from './hhpRead.js';
import { type HistorySession, playHistorySession } from './historySession.js';

const HANDS = 200;
let session: HistorySession;
let hands: PlayedHand[] = [];

beforeAll(async () => {
  session = await playHistorySession(HANDS);
  hands = session.hands;
}, 240_000);

/** the engine's final stacks of the seats in the hand */
const engineFinals = (h: PlayedHand) =>
  Object.fromEntries(Object.keys(h.config.seats).map((s) => [Number(s), h.final.stacks[s]]));

describe('the session under test', () => {
  it('has 200 finished hands with big-blind antes, level changes, busts and the injected mistakes alerted', () => {
    expect(hands).toHaveLength(HANDS);
    expect(hands.every((h) => h.complete)).toBe(true);
    // the archive re-ran every hand from the log to the simulator's own end
    for (const r of session.reports) expect(hands[r.hand - 1].final.stacks, `hand ${r.hand}`).toEqual(r.stacks);
    expect(hands.every((h) => h.final.bbAnte > 0)).toBe(true);
    expect(new Set(hands.map((h) => h.level))).toEqual(new Set([1, 2, 3, 4, 5]));
    const busts = hands.filter((h) => Object.values(h.final.stacks).some((s) => s === 0));
    expect(busts.length).toBeGreaterThanOrEqual(3);
    // each mistake the simulator made raised its alert in the hand it was made in
    const made = session.reports.flatMap((r) => r.injected.map((kind) => ({ hand: r.hand, kind })));
    expect(made.length).toBeGreaterThanOrEqual(30);
    expect(new Set(made.map((m) => m.kind)).size).toBe(5);
    for (const { hand, kind } of made)
      expect(
        hands[hand - 1].final.alerts.map((a) => a.code),
        `hand ${hand} ${kind}`,
      ).toContain(EXPECTED_ALERT[kind]);
    // the hands cover the cases: an uncalled bet from the big blind (who anted), side pots, showdowns
    const bbUncalled = hands.filter((h) => readLedger(h).uncalled?.seat === h.final.bb);
    expect(bbUncalled.length).toBeGreaterThan(5);
    expect(hands.some((h) => h.final.pots.length > 1)).toBe(true);
    expect(hands.some((h) => h.final.decisions.some((d) => d.kind === 'show'))).toBe(true);
  });
});

describe('PokerStars text', () => {
  it('hhp reads every hand back as the engine recorded it (players, posts, actions, uncalled bet, pots)', () => {
    for (const h of hands) expectHhpParse(h);
    const r = hhp.parseHands(hands.map((h) => toPokerStars(h)).join('\n\n\n'));
    expect(r.errors).toEqual([]);
    expect(r.parsedHands.map((p) => p.info.handid)).toEqual(hands.map((h) => h.handId));
  });

  it("a chip accounting of the text alone gives every player's final stack", () => {
    for (const h of hands) {
      const acc = accountPokerStars(toPokerStars(h));
      expect(acc.unknown, `hand ${h.handNo}`).toEqual([]);
      expect(finalsBySeat(acc), `hand ${h.handNo}`).toEqual(engineFinals(h));
    }
  });

  it('the uncalled bet of a big blind that anted leaves the ante out (it is dead money)', () => {
    const h = hands.find((x) => readLedger(x).uncalled?.seat === x.final.bb && readLedger(x).antes[x.final.bb] > 0);
    if (!h) throw new Error('no such hand in the session');
    const led = readLedger(h);
    const text = toPokerStars(h);
    const back = Number(/^Uncalled bet \((\d+)\) returned to /m.exec(text)?.[1]);
    const others = led.order.filter((s) => s !== h.final.bb).map((s) => led.contributed[s] - led.antes[s]);
    expect(back).toBe(led.contributed[h.final.bb] - led.antes[h.final.bb] - Math.max(...others));
  });
});

describe('Ignition text', () => {
  it('@poker-apprentice/hand-history-parser reads every hand with our players, actions, amounts and time', async () => {
    for (const h of hands) await expectIgnitionParse(h);
  });

  it("a chip accounting of the text alone gives every player's final stack", () => {
    for (const h of hands) {
      const acc = accountIgnition(toPokerStars(h, 'ignition'));
      expect(acc.unknown, `hand ${h.handNo}`).toEqual([]);
      expect(finalsBySeat(acc), `hand ${h.handNo}`).toEqual(engineFinals(h));
    }
  });
});

describe('OHH', () => {
  it('every hand validates against the schema written from the OHH 1.4 spec', () => {
    for (const h of hands)
      expect({ hand: h.handNo, problems: validateOhh(toOhh(h)) }).toEqual({ hand: h.handNo, problems: [] });
  });

  it("from the file alone: every chip put in is in a pot, and each player's final stack is the engine's", () => {
    let withUncalled = 0;
    for (const h of hands) {
      const doc = toOhh(h);
      const acc = accountOhh(doc);
      expect(acc.unknown, `hand ${h.handNo}`).toEqual([]);
      expect(acc.potTotal, `hand ${h.handNo}`).toBe(acc.putTotal);
      expect(finalsBySeat(acc), `hand ${h.handNo}`).toEqual(engineFinals(h));
      if (readLedger(h).uncalled) withUncalled++;
    }
    expect(withUncalled).toBeGreaterThan(HANDS / 2);
  });
});

describe('PHH', () => {
  it('the accounting of the PHH fields (antes, blinds, actions, winnings) gives finishing_stacks, the engine stacks', () => {
    for (const h of hands) {
      const doc = parseToml(toPhh(h)) as Record<string, unknown>;
      const acc = accountPhh(doc);
      expect(acc.unknown, `hand ${h.handNo}`).toEqual([]);
      const order = doc.seats as number[];
      const finals = [...acc.players.values()].map((p) => p.final);
      expect(finals, `hand ${h.handNo}`).toEqual(doc.finishing_stacks);
      expect(finals, `hand ${h.handNo}`).toEqual(order.map((s) => h.final.stacks[String(s)]));
    }
  });

  it('our strict replay of each exported PHH reaches the same stacks', () => {
    const failed: string[] = [];
    for (const h of hands) {
      const r = replayPhh(parsePhh(toPhh(h), `hand ${h.handNo}`));
      if (!r.ok || !r.match) failed.push(`hand ${h.handNo}: ${r.error ?? `${r.stacks} vs ${r.expected}`}`);
    }
    expect(failed).toEqual([]);
  });

  it('says the table splits in its smallest chip, and every share of a split pot is a multiple of it', () => {
    for (const h of hands) {
      const doc = parseToml(toPhh(h)) as Record<string, unknown>;
      expect(doc._feltwire_chip_unit).toBe(25);
    }
    for (const h of hands)
      for (const p of h.final.pots)
        if ((p.winners ?? []).length > 1) for (const share of Object.values(p.shares ?? {})) expect(share % 25).toBe(0);
  });
});

describe("the table's identity in every format", () => {
  it('a hand id unique across the session, stable across a restart, never one of another table', () => {
    const ids = hands.map((h) => h.handId);
    expect(new Set(ids).size).toBe(HANDS);
    for (const id of ids) expect(id).toMatch(/^\d{16}$/);
    // the session spans two days (Paris time): the hand numbers go on, so the ids do too
    const days = new Set(hands.map((h) => zonedTime(h.startWall ?? 0, 'Europe/Paris').day));
    expect(days.size).toBe(2);
    // a restart reads DATA/table.json again: the same ids
    const again = HandArchive.open(session.dir);
    expect(again.list().map((x) => again.get(x.handNo).handId)).toEqual(ids);
    again.close();
    expect(loadTableIdentity(session.dir).tableId).toBe(session.identity.tableId);
    // another table (its own data folder) draws its own table id: none of its ids is one of ours
    const other = loadTableIdentity(mkdtempSync(join(tmpdir(), 'feltwire-other-')), { game: 'tournament' });
    expect(other.tableId).not.toBe(session.identity.tableId);
    const theirs = new Set(ids.map((_, i) => handId(other, i + 1)));
    expect(ids.filter((id) => theirs.has(id))).toEqual([]);
  });

  it('names the room, the table, the level and blinds, the real seat count, the tournament; no hero', () => {
    for (const h of hands) {
      const at = `hand ${h.handNo}`;
      const stars = toPokerStars(h);
      expect(stars, at).toMatch(
        new RegExp(
          `^PokerStars Hand #${h.handId}: Tournament #2611, Freeroll  Hold'em No Limit - Level [IVX]+ \\(${h.final.blinds[0]}/${h.final.blinds[1]}\\) - \\d{4}/\\d\\d/\\d\\d \\d+:\\d\\d:\\d\\d UTC \\[`,
        ),
      );
      expect(stars, at).toContain(`Table '2611 4' 6-max Seat #${h.final.button} is the button`);
      expect(stars, at).not.toMatch(/^Dealt to /m);
      const ignition = toPokerStars(h, 'ignition');
      expect(ignition.split('\n')[0], at).toBe(
        `Ignition Hand #${h.handId}: HOLDEM Tournament #2611 TBL#4, Normal- Level ${h.level} (${h.final.blinds[0]}/${h.final.blinds[1]}) - ${new Date(h.startWall ?? 0).toISOString().slice(0, 19).replace('T', ' ')}`,
      );
      const o = toOhh(h).ohh;
      expect(o, at).toMatchObject({
        site_name: 'Casino de Lyon',
        table_name: 'Table 4',
        game_number: h.handId,
        table_size: 6,
        tournament: true,
        tournament_info: { tournament_number: '2611' },
        flags: ['Observed'],
      });
      expect('hero_player_id' in o, at).toBe(false);
      const phh = parseToml(toPhh(h)) as Record<string, unknown>;
      expect(phh, at).toMatchObject({
        venue: 'Casino de Lyon',
        table: 'Table 4',
        hand: h.handId,
        level: h.level,
        seat_count: 6,
        time_zone: 'Europe/Paris',
      });
      // PHH time is the room's local time (TOML local time), the date too
      const z = zonedTime(h.startWall ?? 0, 'Europe/Paris');
      expect((phh.time as { toISOString(): string }).toISOString().slice(0, 8), at).toBe(
        [z.hour, z.minute, z.second].map((n) => String(n).padStart(2, '0')).join(':'),
      );
      expect([phh.day, phh.month, phh.year], at).toEqual([z.day, z.month, z.year]);
    }
  });

  it("players' names in every format; a busted player never comes back", () => {
    const gone = new Set<string>();
    for (const h of hands) {
      const names = phhSeatOrder(h.config).map((s) => h.names[s]);
      expect(
        names.every((n) => n && !/^Seat \d+$/.test(n)),
        `hand ${h.handNo}`,
      ).toBe(true);
      for (const n of names) expect(gone.has(n), `hand ${h.handNo}: ${n} busted earlier`).toBe(false);
      const stars = toPokerStars(h);
      for (const s of Object.keys(h.config.seats)) expect(stars).toContain(`Seat ${s}: ${h.names[Number(s)]} (`);
      expect((parseToml(toPhh(h)) as { players: string[] }).players).toEqual(names);
      expect(toOhh(h).ohh.players.map((p) => p.name)).toEqual(phhSeatOrder(h.config).map((s) => h.names[s]));
      for (const [s, stack] of Object.entries(h.final.stacks)) if (stack === 0) gone.add(h.names[Number(s)]);
    }
    expect(gone.size).toBeGreaterThanOrEqual(3);
  });
});
