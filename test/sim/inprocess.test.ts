// The simulator in-process (what `npm start` plays): its virtual bridge on a stream pair read by the real BridgeLink
// (transport injected), the table layer and the session. 40 hands, the cable pulled once.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BridgeLink } from '../../src/hardware/bridge/index.js';
import { FAST_LAYER } from '../../src/service/simSource.js';
import { type HandEndInfo, MemoryLog, TableSession } from '../../src/session/index.js';
import { SideChannelGate, Simulator } from '../../src/sim/index.js';
import { TableLayer } from '../../src/table/index.js';
import { simHardware } from '../table/helpers.js';
import { ACK_MS, FAST, readSession, total } from './fastPace.js';

describe('simulator in-process', () => {
  const closers: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('plays 40 hands over a stream pair; an unplugged cable is lost and restored, every hand completes', async () => {
    const hardware = simHardware();
    let session: TableSession | null = null;
    const sim = new Simulator({
      hardware,
      seed: 77,
      pace: FAST,
      motionMs: 0,
      reseat: (seats) => {
        session?.changeSeats(seats);
      },
    });
    closers.push(() => sim.close());
    const link = await BridgeLink.open({
      path: 'simulator',
      openPort: sim.openBridgeStream,
      ackIntervalMs: ACK_MS,
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
    const gate = new SideChannelGate({ lastSeq: () => link.stats().lastSeq });
    closers.push(() => gate.close());
    link.on('reader', () => gate.beforeFrame());
    layer.attach(link);
    sim.on('panel', ({ afterSeq, ...e }) => gate.push(afterSeq, () => layer.ingestPanel(e)));
    sim.on('tablet', ({ at, afterSeq, ...ev }) => gate.push(afterSeq, () => layer.ingestTablet(ev, at)));
    layer.on('event', ({ wall, orderKnown: _o, ...ev }) => s.ingest(ev, wall));
    layer.on('alert', (a) => s.raiseTableAlert(a, a.wall));
    readSession(sim, s, link, gate, layer);
    const ends: HandEndInfo[] = [];
    const codes: string[] = [];
    s.on('handEnd', (e) => ends.push(e));
    s.on('alert', (a) => codes.push(a.code));
    sim.on('hand', (r) => {
      if (r.hand === 10) sim.inject('unplug');
    });
    const reports = await sim.run(40);
    // the service took in the last hand's end
    await vi.waitFor(() => expect(ends).toHaveLength(40), { timeout: 5000, interval: 10 });
    expect(reports.every((r) => r.complete)).toBe(true);
    expect(ends.map((e) => e.handNo)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const e of ends) expect(total(e.final.stacks), `hand ${e.handNo}`).toBe(total(e.config.seats));
    expect(codes).toContain('LINK_LOST');
    expect(codes.indexOf('LINK_RESTORED')).toBeGreaterThan(codes.indexOf('LINK_LOST'));
    expect(link.stats().linkLost).toBe(1);
  }, 60_000);
});
