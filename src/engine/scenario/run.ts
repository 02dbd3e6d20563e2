// Running a scenario through the engine and checking its `expect` (docs/scenario-format.md).
import { applyEvent } from '../hand/apply.js';
import { createHand } from '../hand/create.js';
import type { Decision } from '../hand/decisions.js';
import { snapshot } from '../hand/snapshot.js';
import type { Alert, PotView } from '../types.js';
import type { Scenario } from './parse.js';

/** An alert raised by the scenario: its code and facts (the CLI renders its texts, docs/scenario-format.md). */
export type OutcomeAlert = Pick<Alert, 'code' | 'severity' | 'rule' | 'seat' | 'facts'>;

export interface ScenarioOutcome {
  name: string;
  alerts: OutcomeAlert[];
  /** what the engine decided (the PHH writer renders them as the outcome's `actions`: src/phh/write.ts) */
  decisions: Decision[];
  /** the seats clockwise from the one left of the button (PHH's p1, p2, ...) */
  order: number[];
  next: { toAct: number; toCall: number; minRaiseTo: number | null; canRaise: boolean } | null;
  pots: PotView[];
  stacks: Record<string, number>;
  passed: boolean;
  failures: string[];
}

export function runScenario(s: Scenario): ScenarioOutcome {
  const failures: string[] = [];
  const state = createHand(s.config);
  let lastT = 0;
  try {
    for (const ev of s.events) {
      applyEvent(state, ev);
      lastT = Math.max(lastT, ev.t);
    }
    // the end of the recording: time passes, pending chip motions end
    applyEvent(state, { kind: 'tick', t: lastT + s.config.motionMs });
  } catch (err) {
    failures.push(`engine error: ${err instanceof Error ? err.message : String(err)}`);
  }
  const snap = snapshot(state);
  const alerts: OutcomeAlert[] = snap.alerts.map((a) => ({
    code: a.code,
    severity: a.severity,
    rule: a.rule,
    seat: a.seat,
    facts: a.facts,
  }));
  const next = snap.next
    ? {
        toAct: snap.next.toAct,
        toCall: snap.next.toCall,
        minRaiseTo: snap.next.minRaiseTo,
        canRaise: snap.next.canRaise,
      }
    : null;
  const e = s.expect;
  if (e) {
    const codes = alerts.map((a) => a.code);
    if (e.alerts) {
      let k = 0;
      for (const c of codes) if (k < e.alerts.length && c === e.alerts[k]) k++;
      if (k < e.alerts.length)
        failures.push(`expected alerts ${e.alerts.join(', ')} in order; raised: ${codes.join(', ') || 'none'}`);
    }
    for (const c of e.noAlerts ?? []) if (codes.includes(c)) failures.push(`alert ${c} must not be raised`);
    if (e.next !== undefined) {
      if (e.next === null) {
        if (next !== null) failures.push(`expected next null, got ${JSON.stringify(next)}`);
      } else if (next === null) failures.push(`expected next ${JSON.stringify(e.next)}, got null`);
      else {
        for (const [k, v] of Object.entries(e.next)) {
          const got = (next as Record<string, unknown>)[k];
          if (got !== v) failures.push(`next.${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(got)}`);
        }
      }
    }
    for (const [seat, v] of Object.entries(e.stacks ?? {})) {
      if (snap.stacks[seat] !== v) failures.push(`stacks.${seat}: expected ${v}, got ${snap.stacks[seat]}`);
    }
  }
  return {
    name: s.name,
    alerts,
    decisions: snap.decisions,
    order: state.seatOrder.slice(),
    next,
    pots: snap.pots,
    stacks: snap.stacks,
    passed: failures.length === 0,
    failures,
  };
}
