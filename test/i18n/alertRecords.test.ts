// An alert is a code and its facts (issue 22): every code of the closed set renders in English and French from its
// facts with nothing missing; what the session stores and logs holds no text; the views render the texts at the edge,
// a room alert in French included.
import { describe, expect, it } from 'vitest';
import { alertRule } from '../../src/engine/alerts/catalogue.js';
import type { AlertFacts } from '../../src/engine/alerts/facts.js';
import type { AlertCode } from '../../src/engine/types.js';
import { ALERT_MESSAGES } from '../../src/i18n/alerts/index.js';
import { alertTextsOf } from '../../src/i18n/renderAlert.js';
import { countAlert } from '../../src/room/breakCount.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { viewFor } from '../../src/views/views.js';
import { live, TEXT_KEYS } from '../alertTexts.js';
import { FOUR_SEATS } from '../fourSeats.js';

const CODES = Object.keys(ALERT_MESSAGES) as AlertCode[];

/** every fact any code may name, each given (a text naming `none`, `undefined` or a brace misses one) */
const FULL: AlertFacts = {
  seat: 3,
  seats: [2, 5],
  zone: 'bet3',
  zones: ['seat2', 'seat3'],
  cards: ['Ah', 'Td', '7c', 'Qs'],
  burnCard: 'Qs',
  amount: 1100,
  street: 'flop',
  call: 1100,
  to: 3000,
  giveBack: 400,
  owed: 200,
  minRaiseTo: 2200,
  zoneTotal: 2500,
  declared: 3000,
  forfeit: 100,
  action: 'raise',
  onTurn: 4,
  bigBlind: 100,
  chips: [500, 100],
  expectedSeat: 4,
  cause: 'firstWrongSeat',
  order: 'lastAggressor',
  handNo: 12,
  phase: 'betting',
  words: 'two cards flashed',
  pot: 1,
  reads: [{ seat: 3, action: 'call', amount: 1100 }],
  logged: 900,
  differences: [
    { kind: 'chips', seat: 2, was: 900, now: 1100 },
    { kind: 'cards', from: { seat: 3 }, to: 'muck', count: 1 },
  ],
  by: 'floor:Anne',
  uid: '04A1B2C3',
  antenna: 7,
  antennas: [7, 8],
  fault: 'ANT_TIMEOUT',
  deck: 'blue-2',
  path: '/dev/ttyUSB0',
  system: 'EIO: i/o error',
  button: 'shuffle',
  pin: 4,
  firmware: 'StandardFirmata',
  firmwareVersion: '2.5',
  protocol: '2.5',
  kind: 'full',
  errno: 'ENOSPC',
  pending: 12,
  refused: 0,
  kept: 120,
  lost: 3,
  ranges: [[4, 6]],
  note: 'page 3 unreadable',
  time: '15:40',
  read: 2050,
  expected: 2000,
  oldChips: [5, 5],
  withSeat: 6,
  newChip: 100,
  raceChips: 2,
  race: [
    { seat: 3, take: 75, give: 1, why: 'won' },
    { seat: 5, take: 1050, give: 10 },
  ],
  player: 'Bea',
  table: '2',
  toTable: '4',
  move: 'break',
  place: 7,
  prize: 150,
  waits: true,
  noShow: true,
  penalty: 'rounds',
  count: 2,
  handsLeft: 14,
  rules: 'LOI 25, 32',
  format: 'pokerstars',
  earlierCode: 'BRIDGE_BAD_FRAME',
};

/** the variants of the room's codes whose remedy is the default one (each message variant renders too) */
const MESSAGE_VARIANTS: Partial<Record<AlertCode, string[]>> = {
  BREAK_COUNT: ['start', 'clean', 'missing', 'extra', 'foreign', 'gone', 'come'],
  ROOM_SEATING: ['leave', 'arrive', 'out', 'late', 'absent', 'away', 'back', 'seat', 'remove'],
  ROOM_PENALTY: ['given', 'served', 'carried', 'hands'],
  ROOM_HAND_REFUSED: ['handNo', 'export', 'readBack'],
};

describe('the closed set of codes', () => {
  it('every code and variant renders in English and French from its facts, none missing', () => {
    expect(CODES.length).toBeGreaterThanOrEqual(47);
    for (const code of CODES)
      for (const variant of [
        undefined,
        ...new Set([...Object.keys(ALERT_MESSAGES[code].remedies), ...(MESSAGE_VARIANTS[code] ?? [])]),
      ]) {
        const t = alertTextsOf(code, variant ? { ...FULL, variant } : FULL);
        const e = ALERT_MESSAGES[code];
        const r = (variant ? e.remedies[variant] : undefined) ?? e.remedies.default ?? Object.values(e.remedies)[0];
        const source = { message: e.message.en, remedy: r?.en, messageFr: e.message.fr, remedyFr: r?.fr };
        for (const [which, text] of Object.entries(t)) {
          const where = `${code} ${variant ?? ''} ${which}`;
          expect(text.trim().length, where).toBeGreaterThan(0);
          expect(text, where).not.toMatch(/undefined|NaN|[{}]/);
          // `none` is what a missing fact renders as: only where the catalogue's own words say it
          const own = (source[which as keyof typeof source] ?? '').replace(/\bnone\s*\{/g, '');
          if (!/\bnone\b/.test(own)) expect(text, where).not.toMatch(/\bnone\b/);
        }
        expect(t.messageFr, code).not.toBe(t.message);
      }
  });
});

const config = FOUR_SEATS;

describe('an alert record', () => {
  it('holds no text, in the session nor in its log; the views render its texts from its facts', () => {
    let wall = 1_700_000_000_000;
    const log = new MemoryLog();
    const s = new TableSession({ config, log, now: () => wall++ });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.ingest({ kind: 'chips', seat: 1, chips: [25, 25] });
    s.ingest({ kind: 'chips', seat: 2, chips: [100] });
    // the first card to the wrong seat (seat 2, the small blind is seat 1): an engine alert
    s.ingest({ kind: 'cardAt', card: '2c', zone: 'seat2', face: 'down' });
    s.callFloor({ seat: 2, reason: 'cards' });
    const st = s.snapshot();
    expect(st.hand.alerts.length).toBeGreaterThan(0);
    expect(st.tableAlerts.map((a) => a.code)).toEqual(['FLOOR_CALLED']);
    for (const a of [...st.hand.alerts, ...st.tableAlerts]) {
      expect(JSON.stringify(a), a.code).not.toMatch(TEXT_KEYS);
      expect(a.facts, a.code).toBeDefined();
    }
    const logged = [...log.records()].filter((r) => r.kind === 'tableAlert');
    expect(logged.length).toBeGreaterThan(0);
    for (const r of logged) expect(JSON.stringify(r.data)).not.toMatch(TEXT_KEYS);

    const v = viewFor('floor', live(st), 0);
    const call = v?.alerts.find((a) => a.code === 'FLOOR_CALLED');
    expect(call?.message).toMatch(/seat 2/i);
    expect(call?.messageFr).toMatch(/siège 2/);
    for (const a of v?.alerts ?? []) {
      const t = alertTextsOf(a.code as AlertCode, a.facts ?? {});
      expect([a.message, a.remedy, a.messageFr, a.remedyFr], a.code).toEqual([
        t.message,
        t.remedy,
        t.messageFr,
        t.remedyFr,
      ]);
    }
    s.close();
  });

  it('room alerts (the break the room calls, the count at a break) reach the dealer in French through the view', () => {
    const s = new TableSession({ config, log: new MemoryLog() });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.raiseTableAlert(
      countAlert({ table: '1', seat: 2, expected: 1000, read: 900, difference: -100, kind: 'moved', withSeat: 3 }),
    );
    // the break the room calls, a code of the catalogue with its facts (as src/room/publisher.ts raises it)
    const facts = { amount: 5, time: '15:40' };
    s.raiseTableAlert({ code: 'ROOM_BREAK', ...alertRule('ROOM_BREAK', facts, 'tda'), facts });
    const stored = s.snapshot().tableAlerts.find((a) => a.code === 'ROOM_BREAK');
    expect(JSON.stringify(stored)).not.toMatch(TEXT_KEYS);
    const v = viewFor('dealer', live(s.snapshot()), 0);
    const brk = v?.alerts.find((a) => a.code === 'ROOM_BREAK');
    expect(brk?.messageFr).toBe(
      'La salle annonce une pause de 5 minutes : terminez cette main, puis ne distribuez plus avant 15:40 UTC.',
    );
    expect(brk?.remedyFr).toBe('Reprenez à 15:40 UTC.');
    expect(brk?.message).toBe('The room calls a 5-minute break: finish this hand, then deal no more until 15:40 UTC.');
    expect(brk?.rule).toEqual({ book: 'own', id: 'room' });
    const count = v?.alerts.find((a) => a.code === 'BREAK_COUNT');
    expect(count?.message).toBe('Count at the break: 100 gone from seat 2 to seat 3.');
    expect(count?.messageFr).toBe('Comptage à la pause : 100 passés du siège 2 au siège 3.');
    expect(count?.remedyFr).toBe('Comptez le tapis à la main avant la reprise et prévenez l’arbitre.');
    s.close();
  });
});
