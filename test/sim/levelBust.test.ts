// The live stall of issue 11: the simulator at fast pace, the floor calling a level with a big-blind ante
// (POST /api/level {"blinds":[100,200],"bbAnte":200}), seats busting. The simulated dealer must play the table the
// session deals (its config after each shuffle), and whatever the readings the session must never lock into a loop:
// a shuffle before a hand is over voids that hand instead of reading the next deal into it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableConfig } from '../../src/engine/types.js';
import { BridgeLink } from '../../src/hardware/bridge/index.js';
import { FAST_LAYER } from '../../src/service/simSource.js';
import { type HandEndInfo, MemoryLog, TableSession } from '../../src/session/index.js';
import { SideChannelGate, Simulator } from '../../src/sim/index.js';
import { TableLayer } from '../../src/table/index.js';
import { simHardware } from '../table/helpers.js';
import { ACK_MS, FAST, readSession, total } from './fastPace.js';

interface Rig {
  sim: Simulator;
  session: TableSession;
  ends: HandEndInfo[];
  codes: { hand: number; code: string }[];
  close(): Promise<void>;
}

async function rig(seats: Record<number, number>): Promise<Rig> {
  const hardware = simHardware();
  let session: TableSession | null = null;
  const sim = new Simulator({
    hardware,
    seed: 2026,
    seats,
    pace: FAST,
    motionMs: 0,
    reseat: (s) => {
      session?.changeSeats(s);
    },
  });
  const link = await BridgeLink.open({ path: 'simulator', openPort: sim.openBridgeStream, ackIntervalMs: ACK_MS });
  const layer = new TableLayer({ hardware, registry: sim.registry, ...FAST_LAYER });
  session = new TableSession({ config: sim.tableConfig(), log: new MemoryLog() });
  const s = session;
  const gate = new SideChannelGate({ lastSeq: () => link.stats().lastSeq });
  link.on('reader', () => gate.beforeFrame());
  layer.attach(link);
  sim.on('panel', ({ afterSeq, ...e }) => gate.push(afterSeq, () => layer.ingestPanel(e)));
  sim.on('tablet', ({ at, afterSeq, ...ev }) => gate.push(afterSeq, () => layer.ingestTablet(ev, at)));
  layer.on('event', ({ wall, orderKnown: _o, ...ev }) => s.ingest(ev, wall));
  layer.on('alert', (a) => s.raiseTableAlert(a, a.wall));
  // the dealer plays the table the session deals, reading it from the session
  readSession(sim, s, link, gate, layer);
  const ends: HandEndInfo[] = [];
  const codes: { hand: number; code: string }[] = [];
  s.on('handEnd', (e) => ends.push(e));
  s.on('alert', (a) => codes.push({ hand: s.handNo, code: a.code }));
  return {
    sim,
    session: s,
    ends,
    codes,
    async close() {
      sim.stop();
      gate.close();
      layer.close();
      await link.close();
      await sim.close();
      s.close();
    },
  };
}

describe('level change and busts at fast pace (issue 11 live stall)', () => {
  let current: Rig | null = null;
  afterEach(async () => {
    await current?.close();
    current = null;
  });

  it('500 hands: the level with a big-blind ante applies, short stacks bust and rebuy, every hand completes, no loop', async () => {
    // two short stacks bust often once the level is 100/200 with a 200 ante
    const r = await rig({ 1: 10_000, 2: 10_000, 3: 600, 4: 10_000, 5: 800, 6: 10_000 });
    current = r;
    const configs: TableConfig[] = [];
    r.session.on('handEnd', (e) => configs.push(e.config));
    r.sim.on('hand', (rep) => {
      // the floor calls the level through the session, as POST /api/level does; the simulator is not told
      if (rep.hand === 5) r.session.setLevel({ blinds: [100, 200], bbAnte: 200 });
    });
    const reports = await r.sim.run(500);
    // the service took in the last hand's end
    await vi.waitFor(() => expect(r.ends).toHaveLength(500), { timeout: 5000, interval: 10 });
    expect(reports.length).toBe(500);
    const incomplete = reports.filter((rep) => !rep.complete).map((rep) => rep.hand);
    expect(incomplete).toEqual([]);
    expect(r.ends.map((e) => e.handNo)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    for (const e of r.ends) expect(total(e.final.stacks), `hand ${e.handNo}`).toBe(total(e.config.seats));
    // the level applied from the next shuffle on, ante included
    expect(configs[4].blinds).toEqual([50, 100]);
    for (const c of configs.slice(5)) expect([c.blinds, c.bbAnte]).toEqual([[100, 200], 200]);
    // busts happened (a seat missing from a hand's config) and the busted players came back
    const busts = r.ends.filter((e) => Object.values(e.final.stacks).some((v) => v === 0)).length;
    expect(busts).toBeGreaterThan(5);
    // the simulated dealer and the session agreed on who is dealt in: no deal error, no void hand
    const dealErrors = r.codes.filter((c) =>
      ['DEAL_NOT_ENTITLED', 'DEAL_CARD_COUNT', 'DEAL_MISSED_SEAT', 'MISDEAL', 'HAND_VOID', 'BLIND_INCORRECT'].includes(
        c.code,
      ),
    );
    expect(dealErrors).toEqual([]);
  }, 420_000);
});
