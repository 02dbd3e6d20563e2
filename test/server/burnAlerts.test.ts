// The burn alerts name no face-down card (issue 20): two burns before a street, the dealer and the floor read where
// the card lies (the second burn), never which card it is, in the facts or the texts (EN and FR). Real engine and
// session, read through /api/state as each role reads it.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { HIDDEN, type RoleView } from '../../src/views/views.js';
import { configOf } from '../engine/table.js';
import { cardsIn } from './fixtures.js';

let app: FastifyInstance;
let session: TableSession;
let tokens: TokenStore;
afterEach(async () => {
  await app?.close();
  session?.close();
});

describe('BURN_EXTRA through the views', () => {
  it('dealer and floor read "two burns" and which to turn over, not the burn card; the commentator sees the burns', async () => {
    let wall = 1_700_000_000_000;
    const log = new MemoryLog();
    session = new TableSession({
      config: configOf({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset: 'club' }),
      log,
      now: () => wall,
    });
    tokens = TokenStore.memory();
    app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null, now: () => wall });
    await app.ready();
    const at = (ev: Parameters<TableSession['ingest']>[0]) => {
      wall += 1000;
      session.ingest(ev);
    };
    at({ kind: 'dealer', button: 'shuffle' });
    at({ kind: 'chips', seat: 1, chips: [25, 25] });
    at({ kind: 'chips', seat: 2, chips: [100] });
    for (let r = 0; r < 2; r++)
      for (const seat of [1, 2, 3])
        at({
          kind: 'cardAt',
          card: [
            ['As', 'Ad'],
            ['Kh', 'Kd'],
            ['2c', '7d'],
          ][seat - 1][r],
          zone: `seat${seat}`,
          face: 'down',
        });
    at({ kind: 'say', seat: 3, say: 'call' });
    at({ kind: 'chips', seat: 3, chips: [100] });
    at({ kind: 'say', seat: 1, say: 'call' });
    at({ kind: 'chips', seat: 1, chips: [100] });
    at({ kind: 'say', seat: 2, say: 'check' });
    for (const seat of [1, 2, 3]) at({ kind: 'chips', seat, chips: [] });
    at({ kind: 'cardAt', card: '9h', zone: 'burn', face: 'down' });
    at({ kind: 'cardAt', card: '8h', zone: 'burn', face: 'down' });
    for (const role of ['dealer', 'floor'] as const) {
      const r = await app.inject({ url: '/api/state', headers: { authorization: `Bearer ${tokens.tokenOf(role)}` } });
      const v = r.json().view as RoleView;
      const a = v.alerts.find((x) => x.code === 'BURN_EXTRA');
      expect(a, role).toBeDefined();
      expect(cardsIn(JSON.stringify(a)).size, JSON.stringify(a)).toBe(0);
      expect(a?.message).toBe('Two burns before the flop');
      expect(a?.messageFr).toBe('Deux cartes brûlées avant le flop');
      expect(a?.remedy).toMatch(/second burn card/);
      expect(a?.remedyFr).toMatch(/deuxième carte brûlée/);
      expect(v.burns).toEqual([HIDDEN, HIDDEN]);
      expect(cardsIn(JSON.stringify(v)).has('8h')).toBe(false);
      expect(cardsIn(JSON.stringify(v)).has('9h')).toBe(false);
    }
    const com = (
      await app.inject({ url: '/api/state', headers: { authorization: `Bearer ${tokens.tokenOf('commentator')}` } })
    ).json().view as RoleView;
    expect(com.burns).toEqual(['9h', '8h']);
  });
});
