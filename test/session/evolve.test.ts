// The one fold of a hand's log (src/session/evolve.ts): the archive's hand and steps, the session's recovery and its
// trial all walk a hand with it; a refused event is reported and the hand goes on.
import { describe, expect, it } from 'vitest';
import * as engine from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { evolve, foldHand } from '../../src/session/evolve.js';
import { MemoryLog } from '../../src/session/log.js';
import { HandArchive } from '../../src/store/archive.js';
import { configOf, Table } from '../engine/table.js';

const SPEC = { seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 1 };

/** the events of a hand played on the engine test table (seat 2 bets the flop, the others fold) */
function played(): TableEvent[] {
  const events: TableEvent[] = [];
  const t = new Table(SPEC);
  const ev = t.ev.bind(t);
  t.ev = (e) => {
    ev(e);
    events.push({ ...e, t: t.t } as TableEvent);
    return t;
  };
  t.start({ 1: ['Ah', 'Kd'], 2: ['7c', 'Qs'], 3: ['2h', '3h'] });
  t.say(1, 'call').bet(1, 100).say(2, 'call').bet(2, 100).say(3, 'check');
  t.street(3);
  t.say(2, 'bet', 300).bet(2, 300).fold(3).fold(1);
  return events;
}

describe('evolve and foldHand', () => {
  it('fold the events to the engine state the events make, step by step', () => {
    const events = played();
    const seen: number[] = [];
    const end = foldHand(
      engine,
      engine.createHand(configOf(SPEC)),
      events.map((data) => ({ data })),
      (_, step) => {
        expect(step.refused).toBeNull();
        seen.push(step.state.decisions.length);
      },
    );
    expect(seen).toHaveLength(events.length);
    expect(engine.isHandOver(end)).toBe(true);
    const direct = engine.createHand(configOf(SPEC));
    for (const ev of events) engine.applyEvent(direct, ev);
    expect(engine.snapshot(end)).toEqual(engine.snapshot(direct));
    // the hand ends with the last fold, the bet no one called going back (nothing left to collect on the flop) and
    // the preflop pot's award to seat 2
    expect(end.decisions.slice(-3).map((d) => [d.kind, d.seat, d.amount])).toEqual([
      ['fold', 1, 0],
      ['uncalled', 2, 300],
      ['award', 2, 300],
    ]);
    expect(end.decisions.filter((d) => d.kind === 'collect').map((d) => [d.street, d.amount])).toEqual([
      ['preflop', 300],
    ]);
  });

  it('report an event the engine refuses and go on with the next', () => {
    const state = engine.createHand(configOf(SPEC));
    const bad = { kind: 'nonsense', t: 1 } as unknown as TableEvent;
    const step = evolve(engine, state, bad);
    expect(step.refused?.message).toMatch(/unknown event/);
    expect(step.state).toBe(state);
    const steps: (string | null)[] = [];
    foldHand(
      engine,
      state,
      [{ data: bad }, { data: { kind: 'dealer', button: 'shuffle', t: 2 } as TableEvent }],
      (_, s) => steps.push(s.refused ? 'refused' : s.state.phase),
    );
    expect(steps).toEqual(['refused', 'dealing']);
  });

  it('is what the archive folds: its hand and its steps end at the state the fold reaches', () => {
    const events = played();
    const log = new MemoryLog();
    log.append('hand', 1, { config: configOf(SPEC) }, 1000);
    for (const ev of events) log.append('event', 1, ev, 1000 + ev.t);
    const archive = new HandArchive(log);
    const end = engine.snapshot(
      foldHand(
        engine,
        engine.createHand(configOf(SPEC)),
        events.map((data) => ({ data })),
      ),
    );
    expect(archive.get(1).final).toEqual(end);
    const steps = archive.steps(1);
    expect(steps).toHaveLength(events.length);
    expect(steps.at(-1)?.snapshot).toEqual(end);
    // the burn the engine decided is the archive's note, read off the decision
    expect(
      archive
        .get(1)
        .notes.filter((n) => n.kind === 'burn')
        .map((n) => n.text),
    ).toEqual(end.burns);
  });
});
