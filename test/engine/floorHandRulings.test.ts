// The engine's share of the floor's rulings on the hand (pure: events in, the hand out): floorVoid gives every chip
// back to the stacks of the hand's start and ends the hand; floorAward takes only a showdown it has not decided, keeps
// the floor's winners whatever the showdown does next, and ends the hand once every pot is the floor's. And a hand
// killed at the showdown (tda 38: a card too many after substantial action) has no claim to the pot any more. And
// floorStands: the stops that held the hand closed, play goes on as it lies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { standsProblem } from '../../src/engine/betting/floorRulings.js';
import { applyEvent, chipsInPlay, createHand, parseScenario, snapshot } from '../../src/engine/index.js';
import { texts } from '../alertTexts.js';
import { Table } from './table.js';

const SPEC = { seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1 };

/** limped to the river, checked down: the showdown; seat 1 holds aces */
function toRiver(t: Table): Table {
  t.start({ 1: ['As', 'Ad'], 2: ['7c', '2d'], 3: ['8s', '3d'] });
  t.bet(1, 100).push(2, 100).say(3, 'check');
  for (const n of [3, 1, 1]) {
    t.street(n);
    for (const seat of [2, 3, 1]) t.say(seat, 'check');
  }
  return t;
}

describe('engine: floorVoid', () => {
  it('every chip back to the stacks of the start, blinds included; the hand over; a second void changes nothing', () => {
    const t = new Table(SPEC).start();
    t.bet(1, 300).push(2, 300).bet(3, 300).tick();
    const total = chipsInPlay(t.state);
    t.ev({ kind: 'floorVoid', reason: 'a card face up in the stub' });
    const s = t.snap();
    expect(s.phase).toBe('complete');
    expect(s.stacks).toEqual({ 1: 5000, 2: 5000, 3: 5000 });
    expect(chipsInPlay(t.state)).toBe(total);
    expect(t.codes().filter((c) => c === 'FLOOR_RULING')).toHaveLength(1);
    t.ev({ kind: 'floorVoid', reason: 'again' });
    expect(t.codes().filter((c) => c === 'FLOOR_RULING')).toHaveLength(1);
  });
});

describe('engine: floorAward', () => {
  it('LOI 29: no award while the betting decides; at showdown the floor names the winner, the hand over', () => {
    const t = new Table(SPEC).start();
    t.ev({ kind: 'floorAward', pot: 0, seats: [2] });
    expect(t.codes()).not.toContain('FLOOR_RULING');
    const r = toRiver(new Table(SPEC));
    expect(r.snap().phase).toBe('showdown');
    r.ev({ kind: 'floorAward', pot: 0, seats: [4] }); // seat 4 has no claim
    r.ev({ kind: 'floorAward', pot: 1, seats: [2] }); // no pot 1
    expect(r.codes()).not.toContain('FLOOR_RULING');
    r.ev({ kind: 'floorAward', pot: 0, seats: [2] });
    const s = r.snap();
    expect(s.phase).toBe('complete');
    // the floor's award stands against the cards (seat 1's aces were never tabled)
    expect(s.pots[0]).toMatchObject({ amount: 300, winners: [2] });
    expect(s.stacks).toEqual({ 1: 4900, 2: 5200, 3: 4900 });
  });

  it('tda 38: a hand with a card too many at the showdown is dead: the pot goes to the best other hand', () => {
    const r = toRiver(new Table(SPEC));
    r.at('Kh', 'seat1', 'up'); // a third card in seat 1's hand
    expect(r.state.seats[1]?.dead).toBe(true);
    r.show(2).show(3);
    const s = r.snap();
    expect(s.phase).toBe('complete');
    expect(s.pots[0].winners).not.toContain(1);
    expect(s.stacks['1']).toBe(4900);
  });
});

describe('engine: floorStands (tda 35: "la main continue"; LOI 1)', () => {
  const CONFUSING = join(import.meta.dirname, '../scenarios/issue11/seed002-confusing-words-chips.json');

  it('the stop that held the hand is closed with "the hand stands"; play goes on as it lies', () => {
    const s = parseScenario(JSON.parse(readFileSync(CONFUSING, 'utf8')));
    const state = createHand(s.config);
    for (const ev of s.events) applyEvent(state, ev);
    const t = (s.events.at(-1)?.t ?? 0) + 5000;
    applyEvent(state, { kind: 'tick', t });
    expect(snapshot(state).phase).toBe('stopped');
    const stop = state.alerts.find((a) => a.code === 'UNDERCALL' && !a.resolved);
    expect(stop?.severity).toBe('stop');
    const stacks = snapshot(state).stacks;
    applyEvent(state, { kind: 'floorStands', t: t + 1000, reason: 'the 5000 shown is the bet' });
    const after = snapshot(state);
    expect(after.phase).not.toBe('stopped');
    expect(stop).toMatchObject({ resolved: true, decision: { decision: 'the hand stands', by: 'floor' } });
    const ruling = after.alerts.find((a) => a.code === 'FLOOR_RULING');
    expect(ruling).toMatchObject({ severity: 'info', rule: { book: 'LOI', id: '1' }, facts: { variant: 'stands' } });
    expect(texts(ruling)?.message).toBe('The floor rules that the hand stands: “the 5000 shown is the bet”');
    expect(texts(ruling)?.messageFr).toBe("L'arbitre maintient le coup : « the 5000 shown is the bet »");
    expect(after.stacks).toEqual(stacks); // nothing given back, nothing awarded: the chips lie as they are
  });

  it('refused by the engine (no change) where another ruling is asked, and on a hand over', () => {
    const t = new Table(SPEC).start();
    t.fold(1).fold(2);
    expect(t.snap().phase).toBe('complete');
    expect(standsProblem(t.state)).toBe('the hand is over: its pots are paid');
    t.ev({ kind: 'floorStands', reason: 'late' });
    expect(t.codes()).not.toContain('FLOOR_RULING');
    const w = new Table(SPEC);
    expect(standsProblem(w.state)).toBe('no hand is dealt yet: there is nothing to stand');
  });
});
