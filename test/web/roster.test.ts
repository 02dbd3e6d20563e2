// The roster on the real engine and the real log: the floor seats a named player, marks one sitting out, moves
// one, removes one; the next shuffle deals accordingly; everything is in the log and comes back on recovery.
// The routes are driven through fastify's inject with the floor's token.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog, rosterAt, type TableEventInput, TableSession } from '../../src/session/index.js';
import { SCENARIOS } from '../fixtures.js';

const DIR = join(SCENARIOS, 'random');

/** a fixture scenario that plays a whole hand to its end on the engine */
function completeHand() {
  for (const f of readdirSync(DIR).filter((n) => n.endsWith('.json'))) {
    const sc = parseScenario(JSON.parse(readFileSync(join(DIR, f), 'utf8')));
    const s = new TableSession({ config: sc.config, log: new MemoryLog(), now: () => 0 });
    for (const ev of sc.events) s.ingest(strip(ev), ev.t);
    const { handOver, hand } = s.snapshot();
    s.close();
    const alive = Object.entries(hand.stacks).filter(([, v]) => v > 0).length;
    if (handOver && alive >= 4 && Object.keys(sc.config.seats).length <= 8) return { sc, stacks: hand.stacks };
  }
  throw new Error('no complete scenario hand');
}

const strip = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

describe('roster', () => {
  it('seats, sits out, moves and removes players; the next deal follows; the log replays it', async () => {
    const { sc, stacks } = completeHand();
    const log = new MemoryLog();
    let wall = 1_700_000_000_000;
    const session = new TableSession({ config: sc.config, log, now: () => wall });
    const tokens = TokenStore.open(mkdtempSync(join(tmpdir(), 'fw-roster-')));
    const app = await buildApp({ session, log, tokens, webRoot: null, equity: null });
    const floor = { authorization: `Bearer ${tokens.tokenOf('floor')}` };
    const dealer = { authorization: `Bearer ${tokens.tokenOf('dealer')}` };
    const playing = Object.keys(sc.config.seats).map(Number);
    const alive = playing.filter((p) => stacks[String(p)] > 0);
    const empty = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((s) => !playing.includes(s));
    const [a, b, c] = alive;

    // naming a seat that plays; a new player on an empty seat needs a stack
    let r = await app.inject({
      method: 'POST',
      url: `/api/seats/${a}`,
      headers: floor,
      payload: { name: '  Alice   Martin ', country: 'fr', photoUrl: 'https://example.org/a.jpg' },
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await app.inject({ method: 'POST', url: `/api/seats/${empty[0]}`, headers: floor, payload: { name: 'Zoé' } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/needs a stack/);
    r = await app.inject({
      method: 'POST',
      url: `/api/seats/${empty[0]}`,
      headers: floor,
      payload: { name: 'Zoé', stack: 5000 },
    });
    expect(r.statusCode, r.body).toBe(200);
    await app.inject({ method: 'POST', url: `/api/seats/${b}`, headers: floor, payload: { name: 'Bob' } });
    await app.inject({ method: 'POST', url: `/api/seats/${c}`, headers: floor, payload: { name: 'Chen' } });
    // bad input: refused with a message, nothing changed
    for (const bad of [
      { url: `/api/seats/${a}`, payload: { name: 'Again' }, status: 409 },
      { url: '/api/seats/11', payload: { name: 'X' }, status: 400 },
      { url: `/api/seats/${empty[1]}`, payload: { name: '', stack: 100 }, status: 400 },
      { url: `/api/seats/${empty[1]}`, payload: { name: 'X', stack: 100, country: 'France' }, status: 400 },
      {
        url: `/api/seats/${empty[1]}`,
        payload: { name: 'X', stack: 100, photoUrl: 'javascript:alert(1)' },
        status: 409,
      },
    ]) {
      const res = await app.inject({ method: 'POST', url: bad.url, headers: floor, payload: bad.payload });
      expect(res.statusCode, `${bad.url} ${JSON.stringify(bad.payload)}`).toBe(bad.status);
    }
    // the dealer may not seat anyone
    r = await app.inject({ method: 'POST', url: `/api/seats/${empty[1]}`, headers: dealer, payload: { name: 'D' } });
    expect(r.statusCode).toBe(403);

    // the hand is played, then: Bob sits out, Chen moves to an empty seat
    for (const ev of sc.events) {
      wall = 1_700_000_000_000 + ev.t;
      session.ingest(strip(ev));
    }
    expect(session.snapshot().handOver).toBe(true);
    const final = session.snapshot().hand.stacks;
    r = await app.inject({ method: 'POST', url: `/api/seats/${b}/sit-out`, headers: floor, payload: { out: true } });
    expect(r.statusCode, r.body).toBe(200);
    r = await app.inject({ method: 'POST', url: `/api/seats/${c}/move`, headers: floor, payload: { to: empty[1] } });
    expect(r.statusCode, r.body).toBe(200);
    r = await app.inject({ method: 'POST', url: `/api/seats/${c}/move`, headers: floor, payload: { to: a } });
    expect(r.statusCode).toBe(409);

    // every role's view names the players
    const names = (await app.inject({ url: '/api/state' })).json().view.players;
    expect(names[String(a)]).toEqual({
      name: 'Alice Martin',
      country: 'FR',
      photoUrl: 'https://example.org/a.jpg',
      sittingOut: false,
    });
    expect(names[String(b)].sittingOut).toBe(true);
    expect(names[String(c)].movingTo).toBe(empty[1]);

    // the next shuffle: Bob is not dealt in (stack parked), Chen's stack is at the new seat, Zoé joins
    wall += 1000;
    session.ingest({ kind: 'dealer', button: 'shuffle' });
    const next = session.snapshot();
    expect(next.handNo).toBe(2);
    expect(next.config.seats[b]).toBeUndefined();
    expect(next.config.seats[c]).toBeUndefined();
    expect(next.config.seats[empty[1]]).toBe(final[String(c)]);
    expect(next.config.seats[empty[0]]).toBe(5000);
    expect(next.hand.seats.map((s) => s.seat)).not.toContain(b);
    const roster2 = Object.fromEntries((next.roster ?? []).map((s) => [s.seat, s]));
    expect(roster2[empty[1]].player.name).toBe('Chen');
    expect(roster2[c]).toBeUndefined();
    expect(roster2[b].parked).toBe(final[String(b)]);

    // a restart keeps it all: the roster and the hand's seats come back from the log
    const back = TableSession.recover(log, { config: sc.config, now: () => wall });
    expect(back.snapshot().roster).toEqual(next.roster);
    expect(back.snapshot().config).toEqual(next.config);

    // the exports' reading: names as of each hand
    expect(rosterAt(log.records(), 1).get(c)?.name).toBe('Chen');
    expect(rosterAt(log.records(), 2).get(empty[1])?.name).toBe('Chen');
    expect(rosterAt(log.records(), 2).get(c)).toBeUndefined();

    // Bob comes back: dealt in again at the next hand with his parked stack; Alice leaves
    back.changeRoster({ op: 'sitOut', seat: b, out: false });
    back.changeRoster({ op: 'remove', seat: a });
    back.close();
    const again = TableSession.recover(log, { config: sc.config, now: () => wall });
    expect(again.snapshot().roster?.find((s) => s.seat === b)?.sittingOut).toBe(false);
    expect(again.snapshot().roster?.find((s) => s.seat === a)).toBeUndefined();
    again.close();
    await app.close();
    session.close();
  });
});
