// The live service on the simulator, in-process, at fast pace, as `feltwire start --pace fast` runs it: the panel's
// buttons and the tablet's taps reach the table layer in order with the chips still in flight on the bridge link.
// Every hand ends complete, chips are conserved, and no alert is raised that the simulator did not cause.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LiveService } from '../../src/service/live.js';
import type { HandEndInfo } from '../../src/session/index.js';
import type { SimHandReport } from '../../src/sim/simulator.js';
import { liveOnSimulator } from '../web/helpers.js';

const HANDS = 36;
// alerts that only a mistake at the table raises; the simulator makes none unless told to (no injections here)
const MISTAKES = [
  'DEAL_CARD_COUNT',
  'CARD_EXPOSED',
  'MISDEAL',
  'DEAL_WRONG_SEAT',
  'ACTION_OUT_OF_TURN',
  'STRING_BET',
  'CHIPS_WITHDRAWN',
  'UNDERCALL',
];
// what a correctly played hand may still note (informational)
const ALLOWED = new Set(['SHOWDOWN_ORDER', 'TABLE_ALL_HANDS']);
const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('live service on the in-process simulator at fast pace', () => {
  let live: LiveService | null = null;
  afterAll(async () => {
    await live?.close();
  });

  it.each([
    ['in-process', false],
    ['over ptys (socat), panel over Firmata', true],
  ])(
    `%s: plays ${HANDS} hands in step with the simulator: complete, chips conserved, no spurious alert`,
    async (_name, overPty) => {
      await live?.close();
      const started = await liveOnSimulator({
        pace: 'fast',
        overPty,
        seed: 4242,
        hands: HANDS,
        delayMs: 0,
        memoryLog: true,
        // the dealer as fast as the service reads (no pause between moves, as in the simulator's 200-hand session):
        // taps and presses right behind the chips, so the order comes from the side-channel gate, not the clock. Only
        // a string bet's two motions keep a gap. The service's windows are simSource's fast-pace defaults.
        simPace: { cardMs: 0, actionMs: 0, collectMs: 0, handGapMs: 0, motionGapMs: 80, buttonMs: 0, tapMs: 0 },
      });
      live = started.live;
      const { sim } = started;
      const session = live.session;
      const ends: HandEndInfo[] = [];
      const alerts: { code: string; hand: number }[] = [];
      const rejected: string[] = [];
      const reports: SimHandReport[] = [];
      session.on('handEnd', (e) => ends.push(e));
      session.on('alert', (a) => alerts.push({ code: a.code, hand: session.handNo }));
      session.on('rejected', (e) => rejected.push(e.message));
      sim.on('hand', (r) => reports.push(r));

      // the simulator dealt every hand, and the service took in the last one's end
      await vi.waitFor(() => expect(reports).toHaveLength(HANDS), { timeout: 55_000, interval: 50 });
      await vi.waitFor(() => expect(ends).toHaveLength(HANDS), { timeout: 5000, interval: 10 });

      expect(reports).toHaveLength(HANDS);
      expect(reports.filter((r) => !r.complete).map((r) => r.hand)).toEqual([]);
      expect(rejected).toEqual([]);
      // the service saw every hand end complete, conserving its chips, and agreeing with the simulator's stacks
      expect(
        ends.map((e) => e.final.phase),
        JSON.stringify(alerts),
      ).toEqual(Array.from({ length: HANDS }, () => 'complete'));
      for (const e of ends) expect(total(e.final.stacks), `hand ${e.handNo}`).toBe(total(e.config.seats));
      for (const [i, r] of reports.entries()) expect(ends[i]?.final.stacks, `hand ${r.hand}`).toEqual(r.stacks);
      // shutting down is not a table event: the closing link and the emptied table reach no session
      const handNo = session.handNo;
      await live.close();
      live = null;
      expect(session.handNo).toBe(handNo);
      // no alert the simulator did not cause, during play or at shutdown
      expect(alerts.filter((a) => MISTAKES.includes(a.code))).toEqual([]);
      expect(alerts.filter((a) => !ALLOWED.has(a.code))).toEqual([]);
      expect(session.snapshot().hand.alerts.filter((a) => !ALLOWED.has(a.code))).toEqual([]);
      expect(alerts.filter((a) => a.code.startsWith('LINK_'))).toEqual([]);
    },
    90_000,
  );
});
