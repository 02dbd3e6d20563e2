// The floor's resync over a real websocket and the floor's route (a real port, the tokens, the real engine, the
// SQLite log): every other role is refused and nothing changes; the floor's resync replaces what the engine believes
// with the readers' reading and answers how many differences, listed in one alert the floor's view shows; a
// restart (the log replayed) keeps the hand and the alert as they were. A table with no reader refuses (409).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { TokenStore } from '../../src/service/tokens.js';
import { TableSession } from '../../src/session/index.js';
import { SqliteEventLog } from '../../src/store/sqliteLog.js';
import { texts } from '../alertTexts.js';
import { refClient } from './floorTables.js';
import { FOLD_AND_CALL, HOLE, RESYNC_CONFIG, readersTable } from './resyncTable.js';

type Msg = Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'fw-resync-'));
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
  rmSync(dir, { recursive: true, force: true });
});

async function listen(app: FastifyInstance): Promise<number> {
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}
const post = (port: number, token: string | null, body: unknown) =>
  fetch(`http://127.0.0.1:${port}/api/hand/resync`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the floor resyncs the table with the readers (websocket and route)', () => {
  it('only the floor may; the differences answered and listed; a restart keeps the result', async () => {
    const clock = { wall: 1_000_000 };
    const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
    const t = readersTable(log, FOLD_AND_CALL, clock, () => () => {});
    const tokens = TokenStore.memory();
    const app = await buildApp({
      session: t.session,
      log,
      tokens,
      webRoot: null,
      now: () => clock.wall,
      resync: t.wired.resync,
    });
    const port = await listen(app);
    const resyncs = () => t.session.snapshot().tableAlerts.filter((a) => a.code === 'FLOOR_RESYNC');
    const version = t.session.snapshot().version;

    // every other role is refused, over the websocket and on the route; nothing changes
    for (const role of ['dealer', 'commentator', 'overlay', 'public'] as const) {
      const c = await refClient(port, tokens, role);
      const answer = await c.send({ type: 'resync' });
      expect(answer, role).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
      c.close();
      const res = await post(port, role === 'public' ? null : tokens.tokenOf(role), {});
      expect(res.status, role).toBe(403);
    }
    expect(t.session.snapshot().version).toBe(version);
    expect(resyncs()).toEqual([]);

    // the floor's tablet: the answer says how many differences were replaced and which alert lists them
    const floor = await refClient(port, tokens, 'floor');
    const ok = (await floor.send({ type: 'resync', by: 'Anna' })) as Msg & { outcome: Msg };
    expect(ok).toMatchObject({ type: 'ok', outcome: { code: 'RESYNCED', count: 2, hand: 1 } });
    const [alert] = resyncs();
    expect(ok.outcome.alertId).toBe(alert.id);
    expect(texts(alert)?.message).toBe(
      "Resync with the readers (floor:Anna): 2 differences: 2 cards from seat 1 read on the muck; seat 2's betting zone: 50 in the engine, 100 read",
    );
    const s = t.session.snapshot();
    expect(s.hand.seats.find((x) => x.seat === 1)?.folded).toBe(true);
    // the floor's view shows it (and no hole card in it: the floor sees no hole card live)
    const state = (await (
      await fetch(`http://127.0.0.1:${port}/api/state`, {
        headers: { authorization: `Bearer ${tokens.tokenOf('floor')}` },
      })
    ).json()) as { view: { alerts: Array<{ code: string; message: string; messageFr: string }> } };
    const shown = state.view.alerts.find((a) => a.code === 'FLOOR_RESYNC');
    expect(shown?.messageFr).toContain('2 cartes du siège 1 lues sur le rebut');
    for (const c of Object.values(HOLE).flat()) expect(JSON.stringify(shown)).not.toContain(c);

    // the route: nothing left to replace
    const res = await post(port, tokens.tokenOf('floor'), { by: 'Ben' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: { code: 'RESYNCED', count: 0 } });
    expect(resyncs().map((a) => [a.severity, a.facts?.by])).toEqual([
      ['warn', 'floor:Anna'],
      ['info', 'floor:Ben'],
    ]);
    floor.close();

    // a restart: the log replayed gives the same hand and the same alerts
    const seats = s.hand.seats;
    const alerts = t.session.snapshot().tableAlerts.map((a) => [a.id, a.code, texts(a)?.message]);
    await app.close();
    t.session.close();
    log.close();
    const log2 = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
    const back = TableSession.recover(log2, { config: RESYNC_CONFIG, now: () => clock.wall, schedule: () => () => {} });
    expect(back.snapshot().hand.seats).toEqual(seats);
    expect(back.snapshot().tableAlerts.map((a) => [a.id, a.code, texts(a)?.message])).toEqual(alerts);

    // a service with no reader feeding it: nothing to resync with, said
    const bare = await buildApp({ session: back, log: log2, tokens, webRoot: null, now: () => clock.wall });
    const bport = await listen(bare);
    const refused = await post(bport, tokens.tokenOf('floor'), {});
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'NO_READERS' });
    const c = await refClient(bport, tokens, 'floor');
    expect(await c.send({ type: 'resync' })).toMatchObject({ type: 'error', code: 'NO_READERS' });
    c.close();
    back.close();
    log2.close();
  });
});
