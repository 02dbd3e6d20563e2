// Alerts are masked on the facts of the hand they belong to, as they are when the view is made: an alert of an
// earlier hand never shows a card that was a hole card there (even once that card is public in a later hand), and
// the steps of an earlier hand never show the current hand's alerts.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertFacts } from '../../src/engine/types.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog } from '../../src/session/log.js';
import { TableSession } from '../../src/session/TableSession.js';
import type { TableAlertInput } from '../../src/session/types.js';
import { crosstalkAlert } from '../../src/table/alerts.js';
import type { AlertView, RoleView } from '../../src/views/views.js';
import { CONFIG, fakeEngine } from '../session/fakeEngine.js';
import { cardsIn } from './fixtures.js';

let app: FastifyInstance;
let session: TableSession;
let tokens: TokenStore;

const crosstalk = (card: string, a: number, b: number): TableAlertInput & { facts: AlertFacts } => ({
  code: 'CARD_CROSSTALK',
  severity: 'warn',
  rule: { book: 'own', id: 'table' },
  recorded: {
    message: `Card ${card} read on two antennas (seat${a} and seat${b})`,
    remedy: `Move ${card} away from the edge between seat${a} and seat${b}`,
    messageFr: `Carte ${card} lue sur deux antennes (seat${a} et seat${b})`,
    remedyFr: `Écartez ${card} du bord`,
  },
  antenna: null,
  facts: { cards: [card], zone: `seat${a},seat${b}` },
});
// the same alert as logged before alerts had facts: only its free text names the card
const oldStyle = (card: string): TableAlertInput => {
  const { facts: _f, ...rest } = crosstalk(card, 4, 5);
  return rest;
};

beforeEach(async () => {
  const log = new MemoryLog();
  session = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
  tokens = TokenStore.memory();
  app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null });
  await app.ready();
  // hand 1: Kd and Qh held at seat 2 (never shown), 6d on the board; crosstalk alerts name Kd and Qh
  session.ingest({ kind: 'dealer', button: 'shuffle' });
  session.ingest({ kind: 'cardAt', card: 'Kd', zone: 'seat2', face: 'down' });
  session.ingest({ kind: 'cardAt', card: 'Qh', zone: 'seat2', face: 'down' });
  session.raiseTableAlert(crosstalk('Kd', 2, 3));
  session.raiseTableAlert(oldStyle('Qh'));
  session.ingest({ kind: 'cardAt', card: '6d', zone: 'board', face: 'up' });
  session.ingest({ kind: 'floorKill', seat: 1 });
  // hand 2: Kd and Qh on the board now; 6d is seat 2's hole card, named by a crosstalk alert of this hand
  session.ingest({ kind: 'dealer', button: 'shuffle' });
  session.ingest({ kind: 'cardAt', card: 'Kd', zone: 'board', face: 'up' });
  session.ingest({ kind: 'cardAt', card: 'Qh', zone: 'board', face: 'up' });
  session.ingest({ kind: 'cardAt', card: '6d', zone: 'seat2', face: 'down' });
  session.raiseTableAlert(crosstalk('6d', 2, 3));
});
afterEach(async () => {
  await app.close();
  session.close();
});

const auth = (role: 'dealer' | 'floor' | 'commentator') => ({ authorization: `Bearer ${tokens.tokenOf(role)}` });

describe('alerts masked on their own hand', () => {
  it('an old alert stays masked after its card is public in a later hand; the current one is masked too', async () => {
    expect(session.handNo).toBe(2);
    for (const role of ['dealer', 'floor'] as const) {
      const view = (await app.inject({ url: '/api/state', headers: auth(role) })).json().view as RoleView;
      expect(view.board).toEqual(['Kd', 'Qh']);
      const byHand = (h: number) => view.alerts.filter((a) => a.source === 'table' && a.hand === h);
      const old = byHand(1);
      expect(old).toHaveLength(2);
      for (const a of old) {
        const text = JSON.stringify(a);
        expect(cardsIn(text).has('Kd'), `${role}: ${text}`).toBe(false);
        expect(cardsIn(text).has('Qh'), `${role}: ${text}`).toBe(false);
        expect(a.message).toMatch(/\?\?/);
      }
      expect(old[0].facts?.cards).toEqual(['??']);
      const cur = byHand(2);
      expect(cur).toHaveLength(1);
      expect(cardsIn(JSON.stringify(cur[0])).has('6d')).toBe(false);
    }
    // the commentator sees every card live, alerts included
    const com = (await app.inject({ url: '/api/state', headers: auth('commentator') })).json().view as RoleView;
    expect(com.alerts.every((a: AlertView) => a.source === 'hand')).toBe(true);
  });

  it('the steps of an earlier hand show that hand alerts on that hand cards, never the current hand alerts', async () => {
    const r = await app.inject({ url: '/api/hands/1/steps', headers: auth('floor') });
    expect(r.statusCode).toBe(200);
    const body = r.json() as { steps: Array<{ view: RoleView; event: string }> };
    expect(body.steps.length).toBeGreaterThan(3);
    const ids = new Set<number>();
    for (const step of body.steps) {
      for (const a of step.view.alerts) {
        expect(a.hand).toBe(1);
        if (a.source === 'table') ids.add(a.id);
        // Kd and Qh were never public in hand 1
        expect(cardsIn(JSON.stringify(a)).has('Kd')).toBe(false);
        expect(cardsIn(JSON.stringify(a)).has('Qh')).toBe(false);
      }
      // hand 2's live hole card (6d at seat 2 now) is public in hand 1 (its board) only after it was dealt there
      const text = JSON.stringify(step);
      if (!step.view.board.includes('6d')) expect(cardsIn(text).has('6d'), text).toBe(false);
    }
    expect(ids.size).toBe(2);
    // the first steps come before any alert was raised
    expect(body.steps[0].view.alerts).toHaveLength(0);
  });
});

describe("a masked card's RFID tag is masked with it", () => {
  it('the crosstalk alert of a face-down hole card gives the dealer and the floor neither the card nor its tag', async () => {
    // as the table layer raises it (src/table/alerts.ts) and the service passes it on (src/service/source.ts)
    const raise = (a: ReturnType<typeof crosstalkAlert>) =>
      session.raiseTableAlert({
        code: a.code,
        severity: a.severity,
        rule: a.rule,
        antenna: a.antenna ?? null,
        ...(a.facts ? { facts: a.facts } : {}),
      });
    // hand 2: 6d is seat 2's face-down card, Kd lies on the board
    raise(crosstalkAlert(1, 'E0040150A1B2C3D4', { card: '6d' }, ['seat2', 'seat3'], [4, 5]));
    raise(crosstalkAlert(2, 'E0040150FFEEDDCC', { card: 'Kd' }, ['board', 'burn'], [11, 12]));
    for (const role of ['dealer', 'floor'] as const) {
      const view = (await app.inject({ url: '/api/state', headers: auth(role) })).json().view as RoleView;
      const hidden = view.alerts.filter((a) => a.code === 'CARD_CROSSTALK' && a.hand === 2 && a.facts?.uid);
      expect(hidden.map((a) => a.facts?.cards)).toEqual([['??'], ['Kd']]);
      const [hole, board] = hidden;
      expect(hole.facts?.uid, role).toBe('??');
      expect(JSON.stringify(view)).not.toContain('E0040150A1B2C3D4');
      expect(hole.facts?.zone).toBe('seat2,seat3');
      // a card the table saw keeps its tag: maintenance reads which tag the antennas share
      expect(board.facts?.uid).toBe('E0040150FFEEDDCC');
    }
    // the steps of the hand too (a step after the alerts: they are in its view)
    session.ingest({ kind: 'cardAt', card: '5c', zone: 'board', face: 'up' });
    const r = await app.inject({ url: '/api/hands/2/steps', headers: auth('floor') });
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('E0040150A1B2C3D4');
    expect(r.body).toContain('E0040150FFEEDDCC');
  });
});
