// A minimal rules engine for testing the session's own duties (logging first, hands, levels, recovery) apart from
// the real engine's rules. The real engine is exercised by test/session/session-engine.test.ts.

import type { Alert, HandSnapshot, TableConfig, TableEvent } from '../../src/engine/types.js';
import type { EventLog } from '../../src/session/log.js';
import type { HandEngine } from '../../src/session/TableSession.js';

export interface FakeHand {
  config: TableConfig;
  events: TableEvent[];
  alerts: Alert[];
}

export function fakeEngine(log?: EventLog, seen: number[] = []): HandEngine<unknown> {
  const h = (s: unknown) => s as FakeHand;
  return {
    createHand: (config) => ({ config, events: [], alerts: [] }) satisfies FakeHand,
    applyEvent(state, ev) {
      // the session must have logged the event before the engine sees it
      if (log) seen.push([...log.records()].length);
      if (ev.kind === 'chips' && ev.chips.some((c) => c < 0)) throw new RangeError('negative chip');
      const s = h(state);
      const alerts = [...s.alerts];
      if (
        ev.kind === 'cardAt' &&
        ev.zone === 'board' &&
        !s.events.some((e) => e.kind === 'cardAt' && e.zone === 'burn')
      ) {
        alerts.push({
          id: alerts.length + 1,
          code: 'BURN_MISSED',
          severity: 'warn',
          rule: { book: 'club', id: '2-5' },
          seat: null,
          facts: {},
          recorded: {
            message: `Flop dealt without a burn: ${ev.card}`,
            remedy: 'burn it',
            messageFr: 'Pas de brûlée',
            remedyFr: 'brûler',
          },
          t: ev.t,
          acknowledged: false,
          resolved: false,
        });
      }
      return { ...s, events: [...s.events, ev], alerts } satisfies FakeHand;
    },
    snapshot(state): HandSnapshot {
      const s = h(state);
      const over = s.events.some((e) => e.kind === 'floorKill');
      const seats = Object.entries(s.config.seats).map(([seat, stack]) => ({
        seat: Number(seat),
        stack,
        committed: 0,
        zone: [],
        folded: false,
        allIn: false,
        absent: false,
        dead: false,
        cards: s.events
          .filter((e) => e.kind === 'cardAt' && e.zone === `seat${seat}`)
          .map((e) => (e as { card: string }).card),
        shown: [],
      }));
      return {
        ruleset: s.config.ruleset,
        phase: over ? 'complete' : s.events.length ? 'dealing' : 'waiting',
        street: 'preflop',
        button: s.config.button,
        sb: null,
        bb: 0,
        blinds: s.config.blinds,
        bbAnte: s.config.bbAnte,
        board: s.events
          .filter((e) => e.kind === 'cardAt' && e.zone === 'board')
          .map((e) => (e as { card: string }).card),
        burns: [],
        muck: [],
        seats,
        alerts: s.alerts,
        decisions: [],
        next: { toAct: 2, toCall: 0, minRaiseTo: 100, canRaise: true, maxRaiseTo: 1000, legal: ['check', 'bet'] },
        pots: [],
        stacks: Object.fromEntries(Object.entries(s.config.seats).map(([k, v]) => [k, v])),
        t: s.events.at(-1)?.t ?? 0,
      };
    },
    isHandOver: (state) => h(state).events.some((e) => e.kind === 'floorKill'),
    nextHandConfig: (prev, _final, changes) => ({
      ...prev,
      button: (prev.button % 3) + 1,
      blinds: changes?.blinds ?? prev.blinds,
      bbAnte: changes?.bbAnte ?? prev.bbAnte,
    }),
  };
}

export const CONFIG: TableConfig = {
  ruleset: 'tda',
  seats: { 1: 10000, 2: 10000, 3: 10000 },
  button: 1,
  blinds: [50, 100],
  bbAnte: 0,
  absent: [],
  chips: [25, 100, 500, 1000, 5000],
  motionMs: 700,
  orderKnown: true,
};
