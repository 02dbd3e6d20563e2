// A flood of lesser alerts never evicts a stop alert the table waits on (a bound per severity, stops kept until the
// floor decides them), and the bridge link's counters (bytes outside frames, frames rejected by cause) reach health.
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertCode } from '../../src/engine/types.js';
import { BridgeLink } from '../../src/hardware/bridge/index.js';
import { buildApp } from '../../src/server/app.js';
import { wireLinkCounters } from '../../src/service/linkHealth.js';
import { TokenStore } from '../../src/service/tokens.js';
import { MemoryLog } from '../../src/session/log.js';
import { TableSession } from '../../src/session/TableSession.js';
import type { TableAlertInput } from '../../src/session/types.js';
import { duplexPair } from '../../src/sim/duplexPair.js';
import type { RoleView } from '../../src/views/views.js';
import { CONFIG, fakeEngine } from '../session/fakeEngine.js';

let app: FastifyInstance | null = null;
let session: TableSession | null = null;
let link: BridgeLink | null = null;
afterEach(async () => {
  await link?.close();
  await app?.close();
  session?.close();
  link = null;
  app = null;
  session = null;
});

const alert = (severity: 'stop' | 'warn' | 'info', code: AlertCode): TableAlertInput => ({
  code,
  severity,
  rule: { book: 'own', id: 'table' },
  recorded: {
    message: `${code} happened`,
    remedy: 'do something',
    messageFr: `${code} est arrivé`,
    remedyFr: 'faites quelque chose',
  },
  antenna: null,
});

async function start(log = new MemoryLog()) {
  session = new TableSession({ config: CONFIG, log, engine: fakeEngine() });
  const tokens = TokenStore.memory();
  app = await buildApp({ session, log, tokens, broadcastDelayMs: 60_000, webRoot: null });
  const view = async (role: 'dealer' | 'floor') =>
    (await app?.inject({ url: '/api/state', headers: { authorization: `Bearer ${tokens.tokenOf(role)}` } }))?.json()
      .view as RoleView;
  return { session, view, log };
}

describe('alert bounds', () => {
  it('200 bad-bridge warnings do not push out an unacknowledged stop; a bound per severity', async () => {
    const { session, view, log } = await start();
    const stop = session.raiseTableAlert(alert('stop', 'LINK_LOST'));
    // (each on an antenna of its own: the same alert again while the first waits is one incident, counted there)
    for (let i = 0; i < 260; i++) session.raiseTableAlert({ ...alert('warn', 'CHIP_UNKNOWN'), antenna: i });
    for (let i = 0; i < 230; i++) session.raiseTableAlert({ ...alert('info', 'CARD_UNKNOWN'), antenna: i });
    for (const role of ['dealer', 'floor'] as const) {
      const v = await view(role);
      const table = v.alerts.filter((a) => a.source === 'table');
      expect(
        table.find((a) => a.id === stop.id),
        role,
      ).toMatchObject({ severity: 'stop', code: 'LINK_LOST' });
      expect(table.filter((a) => a.severity === 'warn')).toHaveLength(200);
      expect(table.filter((a) => a.severity === 'info')).toHaveLength(200);
    }
    // the same after a restart (the session rebuilt from its log)
    const again = TableSession.recover(log, { config: CONFIG, engine: fakeEngine() });
    expect(again.snapshot().tableAlerts.some((a) => a.id === stop.id)).toBe(true);
    again.close();
    // decided, it is history like the others: bounded with the decided stops; one still waiting is kept
    session.decide(stop.id, 'link checked, play on', 'floor:Ann');
    const waiting = session.raiseTableAlert(alert('stop', 'CARD_DUPLICATE'));
    for (let i = 0; i < 200; i++) {
      const a = session.raiseTableAlert(alert('stop', 'READER_FAULT'));
      session.decide(a.id, 'reader swapped', 'floor:Ann');
    }
    for (let i = 0; i < 300; i++) session.raiseTableAlert({ ...alert('warn', 'CHIP_UNKNOWN'), antenna: 1000 + i });
    const ids = session.snapshot().tableAlerts.map((a) => a.id);
    // a warning pushed out of the state still waits in the floor's history, and the floor can close it there
    const early = session.snapshot().floorLog?.find((e) => e.alert.code === 'CHIP_UNKNOWN' && e.state === 'open');
    expect(early && !ids.includes(early.alert.id)).toBe(true);
    session.decide(early?.alert.id as number, 'bridge reseated', 'floor:Ann');
    expect(session.snapshot().floorLog?.find((e) => e.key === early?.key)?.state).toBe('closed');
    expect(ids).not.toContain(stop.id);
    expect(ids).toContain(waiting.id);
    expect(session.snapshot().tableAlerts.filter((a) => a.severity === 'stop')).toHaveLength(201);
  });

  it('the same alert 50 times while the first waits is one alert counted 50 times, in the log replayed too', async () => {
    const { session, view, log } = await start();
    let first = session.raiseTableAlert({ ...alert('warn', 'CHIP_UNKNOWN'), antenna: 3 });
    for (let i = 1; i < 50; i++) first = session.raiseTableAlert({ ...alert('warn', 'CHIP_UNKNOWN'), antenna: 3 });
    const v = await view('floor');
    const shown = v.alerts.filter((a) => a.code === 'CHIP_UNKNOWN');
    expect(shown).toHaveLength(1);
    expect(shown[0].count).toBe(50);
    expect(v.floorLog?.filter((e) => e.alert.code === 'CHIP_UNKNOWN').map((e) => e.count)).toEqual([50]);
    const again = TableSession.recover(log, { config: CONFIG, engine: fakeEngine() });
    expect(again.snapshot().tableAlerts.map((a) => [a.id, a.count])).toEqual([[first.id, 50]]);
    again.close();
    // acknowledged, the next one is a new incident
    session.acknowledge(first.id);
    const next = session.raiseTableAlert({ ...alert('warn', 'CHIP_UNKNOWN'), antenna: 3 });
    expect(next.id).not.toBe(first.id);
  });
});

describe('link counters in health', () => {
  it('bad bytes and rejected frames from the bridge link are counted by cause in health.counters', async () => {
    const { session } = await start();
    const [service, device] = duplexPair();
    link = await BridgeLink.open({ path: 'inject', openPort: async () => service as Duplex, openQuietMs: 0 });
    const unwire = wireLinkCounters(link, session, 50);
    device.write('line noise before any frame\n');
    device.write('$HB,1,2*ZZ\n'); // no valid checksum
    device.write(`$${'X'.repeat(400)}*00\n`); // too long
    device.write('$HB,1*\n');
    // the link has read the garbage: its counters reached the session
    await vi.waitFor(
      () => {
        const c = session.snapshot().health.counters;
        expect(c['parser.noiseBytes']).toBeGreaterThan(20);
        expect(c['parser.too_long']).toBeGreaterThanOrEqual(1);
      },
      { timeout: 3000, interval: 10 },
    );
    const counters = session.snapshot().health.counters;
    const rejected = ['parser.bad_crc', 'parser.bad_format', 'parser.no_asterisk', 'parser.truncated'].reduce(
      (n, k) => n + (counters[k] ?? 0),
      0,
    );
    expect(rejected).toBeGreaterThanOrEqual(2);
    const health = (await app?.inject({ url: '/api/health' }))?.json();
    expect(health.counters['parser.too_long']).toBe(counters['parser.too_long']);
    unwire();
  });
});
