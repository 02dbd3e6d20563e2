// The whole chain through the real protocols: the simulator's virtual bridge -> pty (socat) -> BridgeLink ->
// TableLayer -> TableSession -> engine; panel buttons and tablet taps in-process, kept in order with the bridge.
// 200 hands at a fast pace: every hand complete, chips conserved hand by hand, each injected error raising its alert.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BridgeLink } from '../../src/hardware/bridge/index.js';
import { FAST_LAYER } from '../../src/service/simSource.js';
import { type HandEndInfo, MemoryLog, TableSession } from '../../src/session/index.js';
import { EXPECTED_ALERT, INJECTIONS, type InjectKind, SideChannelGate, Simulator } from '../../src/sim/index.js';
import { TableLayer } from '../../src/table/index.js';
import { simHardware } from '../table/helpers.js';
import { FAST, readSession, total } from './fastPace.js';

describe('simulated session over ptys', () => {
  const closers: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('plays 200 hands through the real protocols: complete, chips conserved, every injected error alerted', async () => {
    const hardware = simHardware();
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-sim-'));
    let session: TableSession | null = null;
    const sim = new Simulator({
      hardware,
      seed: 2024,
      pace: FAST,
      motionMs: 0, // the table layer's settle window groups each push; nothing is left to the clock
      reseat: (seats) => {
        session?.changeSeats(seats);
      },
    });
    closers.push(() => sim.close());
    // the panel's buttons come in-process here (the Firmata path has its own test, test/panel)
    const paths = await sim.connectPty({ bridgeLink: join(dir, 'bridge'), panel: false });
    const link = await BridgeLink.open({
      path: paths.bridge,
      ackIntervalMs: 50,
      reconnectMinMs: 50,
      reconnectMaxMs: 200,
    });
    closers.push(() => link.close());
    // the live service's fast-pace windows, closed by the dealer once it is caught up (readSession, fastPace.ts);
    // test/server/simLive.test.ts waits them out as `feltwire start --pace fast` does
    const layer = new TableLayer({ hardware, registry: sim.registry, ...FAST_LAYER });
    closers.push(() => layer.close());
    session = new TableSession({ config: sim.tableConfig(), log: new MemoryLog() });
    const s = session;
    closers.push(() => s.close());

    const ends: HandEndInfo[] = [];
    const alerts: { code: string; hand: number }[] = [];
    const rejected: string[] = [];
    s.on('handEnd', (e) => ends.push(e));
    s.on('alert', (a) => alerts.push({ code: a.code, hand: s.handNo }));
    s.on('rejected', (e) => rejected.push(e.message));
    // side channels (panel, tablet) in order with the bridge's frames
    const gate = new SideChannelGate({ lastSeq: () => link.stats().lastSeq });
    closers.push(() => gate.close());
    link.on('reader', () => gate.beforeFrame());
    layer.attach(link);
    sim.on('panel', ({ afterSeq, ...e }) => gate.push(afterSeq, () => layer.ingestPanel(e)));
    layer.on('event', ({ wall, orderKnown: _o, ...ev }) => s.ingest(ev, wall));
    layer.on('alert', (a) => s.raiseTableAlert(a, a.wall));
    sim.on('tablet', ({ at, afterSeq, ...ev }) => gate.push(afterSeq, () => layer.ingestTablet(ev, at)));
    // the dealer reads whose turn it is from the session, and the floor rules on the session's own stop alerts
    readSession(sim, s, link, gate, layer);

    // every mistake and hardware trouble the simulator can make, one every 20 hands
    const injections: InjectKind[] = [...INJECTIONS];
    const injectedAt = new Map<InjectKind, number>();
    sim.on('injected', ({ kind, hand }) => injectedAt.set(kind, hand));
    sim.on('hand', (r) => {
      // one mistake every 20 hands, in turn
      if (r.hand % 20 === 5 && injections.length) sim.inject(injections.shift() as InjectKind);
    });
    const reports = await sim.run(200);
    // the service took in the last hand's end
    await vi.waitFor(() => expect(ends).toHaveLength(200), { timeout: 5000, interval: 10 });

    expect(reports).toHaveLength(200);
    expect(reports.filter((r) => !r.complete).map((r) => r.hand)).toEqual([]);
    expect(rejected).toEqual([]);
    // the service saw every hand end, each conserving the chips it started with
    expect(ends.map((e) => e.handNo)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const e of ends) expect(total(e.final.stacks), `hand ${e.handNo}`).toBe(total(e.config.seats));
    // and the simulator's reports are the session's hands
    for (const r of reports) expect(ends[r.hand - 1].final.stacks, `hand ${r.hand}`).toEqual(r.stacks);
    // every injection happened and raised its alert in the hand it was made
    expect([...injectedAt.keys()].sort()).toEqual([...INJECTIONS].sort());
    for (const [kind, hand] of injectedAt) {
      expect(
        alerts.some((a) => a.code === EXPECTED_ALERT[kind] && Math.abs(a.hand - hand) <= 1),
        `${kind} -> ${EXPECTED_ALERT[kind]} in hand ${hand}`,
      ).toBe(true);
    }
    expect(alerts.some((a) => a.code === 'LINK_RESTORED')).toBe(true);
    // no alert the simulator did not cause
    const expected = new Set<string>([
      'SHOWDOWN_ORDER',
      'TABLE_ALL_HANDS',
      'LINK_RESTORED',
      'BURN_EXTRA',
      ...Object.values(EXPECTED_ALERT),
    ]);
    const unexpected = alerts.filter(
      (a) => !expected.has(a.code) || (a.code === 'READER_FAULT' && a.hand !== injectedAt.get('readerFault')),
    );
    expect(unexpected, JSON.stringify(unexpected)).toEqual([]);
    expect(link.stats().parser).toMatchObject({ bad_crc: 0 });
  }, 300_000);
});
