// The room's wire with rules as values (issue 22): a table of this version sends each decision's and alert's rule as
// { book, id }; a table before that (the same protocol version) sends the tag ("tda 51"), which the room reads as the
// value at decodeMessage, the one place it meets the wire. Both hands export alike.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRuleRef, ruleTag } from '../../src/engine/rules/ruleRef.js';
import { decodeMessage, encodeMessage, type HandMessage, PROTOCOL_VERSION } from '../../src/room/protocol.js';
import type { SeatingMessage } from '../../src/room/seatingWire.js';
import { exportHand } from '../../src/store/archive.js';
import { HandArchive, type PlayedHand } from '../../src/store/index.js';
import { LOGS } from '../fixtures.js';
import { handEnvelope } from './handEnvelope.js';

function playedHands(): PlayedHand[] {
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-wire-rules-'));
  for (const f of ['feltwire-log.sqlite', 'table.json']) cpSync(join(LOGS, 'main-2026-12-02', f), join(dir, f));
  const archive = HandArchive.open(dir);
  try {
    return archive.list().map((h) => archive.get(h.handNo));
  } finally {
    archive.close();
  }
}

const message = (hand: unknown): Record<string, unknown> => handEnvelope(PROTOCOL_VERSION, hand);

/** the hand as a table before rules were values sent it: every rule as its tag */
const withTags = (h: PlayedHand) => ({
  ...h,
  final: {
    ...h.final,
    decisions: h.final.decisions.map((d) => ({ ...d, rule: d.rule === null ? null : ruleTag(d.rule) })),
    alerts: h.final.alerts.map((a) => ({ ...a, rule: ruleTag(a.rule) })),
  },
});

describe('rules on the room wire', () => {
  const hands = playedHands();
  const ruled = hands.filter((h) => h.final.alerts.length > 0 || h.final.decisions.some((d) => d.rule !== null));

  it('the fixture has hands citing rules (else this proves nothing)', () => {
    expect(ruled.length).toBeGreaterThan(0);
  });

  it('a hand of this version: its rules go as values and come back the same', () => {
    for (const h of ruled) {
      const sent = encodeMessage('hand', message(h) as unknown as HandMessage);
      const got = decodeMessage('hand', sent);
      expect(got.hand).toEqual(JSON.parse(JSON.stringify(h)));
      for (const a of got.hand.final.alerts) expect(isRuleRef(a.rule)).toBe(true);
    }
  });

  it("an old-shape hand (rules as tags) is read with the values, and exports as this version's does", () => {
    for (const h of ruled) {
      const old = JSON.stringify(message(withTags(h)));
      expect(old).toMatch(/"rule":"/);
      const got = decodeMessage('hand', old);
      expect(got.hand).toEqual(JSON.parse(JSON.stringify(h)));
      for (const format of ['phh', 'ohh', 'pokerstars'] as const)
        expect(exportHand(got.hand, format), `hand ${h.handNo} ${format}`).toBe(exportHand(h, format));
    }
  });
});

describe("a seating order's rules on the wire (values; an earlier room's text)", () => {
  const seating = (facts: Record<string, unknown>) =>
    JSON.stringify({
      v: PROTOCOL_VERSION,
      kind: 'seating',
      tableId: '2',
      sent: 1796407589600,
      orders: [
        {
          id: 1,
          op: 'seat',
          seat: 3,
          name: 'Bea',
          country: 'FR',
          stack: 2400,
          message: 'x',
          messageFr: 'x',
          alert: { code: 'ROOM_SEATING', facts: { variant: 'arrive', seat: 3, player: 'Bea', ...facts } },
        },
      ],
    });
  const factsOf = (m: SeatingMessage) => m.orders[0]?.alert?.facts;
  it('the rules as values go through and come back the same', () => {
    const cited = [
      { book: 'club', id: '8-1' },
      { book: 'LOI', id: '25' },
      { book: 'seed', id: '003 §6' },
    ];
    expect(factsOf(decodeMessage('seating', seating({ cited })))?.cited).toEqual(cited);
  });
  it("an earlier room's rules as text are read as given", () => {
    expect(factsOf(decodeMessage('seating', seating({ rules: 'club 8-1, 8-7, 8-8; LOI 25, 32' })))?.rules).toBe(
      'club 8-1, 8-7, 8-8; LOI 25, 32',
    );
  });
  it('a rule of no book, an own procedure, an empty or a control-character id is refused', () => {
    for (const bad of [
      { book: 'wsop', id: '1' },
      { book: 'own', id: 'table' },
      { book: 'tda', id: '' },
      { book: 'tda', id: '35\n' },
      { book: 'tda' },
    ])
      expect(() => decodeMessage('seating', seating({ cited: [bad] })), JSON.stringify(bad)).toThrow();
  });
});
