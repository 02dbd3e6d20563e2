// The room's wire, version 2: a finished hand's final snapshot carries the engine's decisions and no PHH lines. A room
// still reads version 1, as the tables of 2026-12-04 (main 7518eb4) send it: their hands with `actions` beside the
// decisions are taken, the lines dropped, and the hand exports as that version exported it.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Decision, isPost } from '../../src/engine/hand/decisions.js';
import { phhActions } from '../../src/phh/index.js';
import {
  checkMessage,
  decodeMessage,
  encodeMessage,
  type HandMessage,
  PROTOCOL_VERSION,
  RoomProtocolError,
} from '../../src/room/protocol.js';
import { exportHand } from '../../src/store/archive.js';
import { HandArchive, type PlayedHand } from '../../src/store/index.js';
import { LOGS } from '../fixtures.js';
import { handEnvelope } from './handEnvelope.js';

const FIXTURE = join(LOGS, 'main-2026-12-04');

/** the fixture's finished hands, as the archive re-runs them */
function playedHands(): PlayedHand[] {
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-wire-'));
  cpSync(join(FIXTURE, 'feltwire-log.sqlite'), join(dir, 'feltwire-log.sqlite'));
  cpSync(join(FIXTURE, 'table.json'), join(dir, 'table.json'));
  const archive = HandArchive.open(dir);
  try {
    return archive.list().map((h) => archive.get(h.handNo));
  } finally {
    archive.close();
  }
}

const message = handEnvelope;

/**
 * A hand as a version 1 table sent it: its final snapshot with the PHH lines beside the decisions, and neither posts
 * nor uncalled bets among them (that version's engine did not decide them: the notes and mucks counted without them).
 */
function asVersion1(h: PlayedHand) {
  const older = (d: Decision) => !isPost(d) && d.kind !== 'uncalled';
  const back = (n: { afterAction: number }) => ({
    ...n,
    afterAction: h.final.decisions.slice(0, n.afterAction).filter(older).length,
  });
  return {
    ...h,
    final: { ...h.final, decisions: h.final.decisions.filter(older), actions: phhActions(h.final) },
    notes: h.notes.map(back),
    mucks: h.mucks.map(back),
  };
}

describe('room wire version 2', () => {
  const hands = playedHands();

  it('the table sends version 2: a hand without PHH lines', () => {
    expect(PROTOCOL_VERSION).toBe(2);
    const sent = JSON.parse(encodeMessage('hand', message(2, hands[0]) as unknown as HandMessage)) as HandMessage;
    expect(sent.v).toBe(2);
    expect('actions' in sent.hand.final).toBe(false);
  });

  it('a version 2 hand carrying PHH lines is refused', () => {
    expect(() => checkMessage('hand', message(2, asVersion1(hands[0])))).toThrow(RoomProtocolError);
    expect(() => decodeMessage('hand', JSON.stringify(message(2, asVersion1(hands[0]))))).toThrow(
      /hand message refused/,
    );
  });

  it("a version 1 hand from today's tables is read: lines dropped, the same hand, the same exports", () => {
    for (const h of hands) {
      const got = decodeMessage('hand', JSON.stringify(message(1, asVersion1(h))));
      expect(got.v).toBe(1);
      expect('actions' in got.hand.final).toBe(false);
      // the same hand but the posts, which the exporters lay out as the rules made them
      const { actions: _lines, ...final } = asVersion1(h).final;
      expect(got.hand).toEqual(JSON.parse(JSON.stringify({ ...asVersion1(h), final })));
      expect(h.final.decisions.filter(isPost).length).toBeGreaterThan(0);
      for (const [format, ext] of [
        ['phh', 'phh'],
        ['ohh', 'ohh.json'],
        ['pokerstars', 'txt'],
      ] as const)
        expect(exportHand(got.hand, format), `hand ${h.handNo} ${format}`).toBe(
          readFileSync(join(FIXTURE, 'expected', `hand-${h.handNo}.${ext}`), 'utf8'),
        );
    }
  });

  it('the other messages of version 1 are read as before; an unknown version is refused', () => {
    const link = { kind: 'link', tableId: '638766085', online: true, sent: 1, backlog: 0 };
    expect(decodeMessage('link', JSON.stringify({ v: 1, ...link })).online).toBe(true);
    expect(decodeMessage('link', JSON.stringify({ v: 2, ...link })).online).toBe(true);
    expect(() => decodeMessage('link', JSON.stringify({ v: 3, ...link }))).toThrow(RoomProtocolError);
  });
});
