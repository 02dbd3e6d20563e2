// The floor's rulings on the whole hand, on the session the live table runs: a misdeal declared by the floor even
// after substantial action (tda 35: the same hand dealt again from its start), the hand voided (every chip back, the
// hand over), a pot awarded at a showdown the engine cannot decide (LOI 3 split). Each is logged and replayed (a
// recovered session is the same), refused with its reason when it does not apply, nothing logged then.
// And club 8-10 / 8-11: a new player at the left of the new button waits a hand; at the dealer's place plays at once.
import { describe, expect, it } from 'vitest';
import type { TableConfig } from '../../src/engine/types.js';
import { MemoryLog, SessionError, TableSession } from '../../src/session/index.js';
import type { TableEventInput } from '../../src/session/types.js';
import { texts } from '../alertTexts.js';
import { configOf } from '../engine/table.js';

const HOLES: Record<number, [string, string]> = {
  1: ['Ah', 'Kh'],
  2: ['7c', '2d'],
  3: ['Qs', 'Qd'],
  4: ['9h', '8h'],
  5: ['Jc', 'Td'],
};

function table(config: TableConfig) {
  let wall = 1_700_000_000_000;
  const log = new MemoryLog();
  const session = new TableSession({ config, log, now: () => wall, schedule: () => () => {} });
  const at = (ev: TableEventInput) => {
    wall += 1000;
    session.ingest(ev, wall);
  };
  /** shuffle, the blinds' chips, two cards each in `order` */
  const deal = (order: number[], blinds: [number, number[]][]) => {
    at({ kind: 'dealer', button: 'shuffle' });
    for (const [seat, chips] of blinds) at({ kind: 'chips', seat, chips });
    for (const round of [0, 1])
      for (const seat of order) at({ kind: 'cardAt', card: HOLES[seat][round], zone: `seat${seat}`, face: 'down' });
  };
  const street = (burn: string, cards: string[]) => {
    at({ kind: 'cardAt', card: burn, zone: 'burn', face: 'down' });
    for (const card of cards) at({ kind: 'cardAt', card, zone: 'board', face: 'up' });
  };
  const say = (seat: number, what: 'check' | 'fold') => at({ kind: 'say', seat, say: what });
  const recovered = () => TableSession.recover(log, { config, now: () => wall, schedule: () => () => {} });
  return { session, log, at, deal, street, say, recovered, wall: () => wall };
}

const refusal = (fn: () => unknown): SessionError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof SessionError) return err;
    throw err;
  }
  throw new Error('not refused');
};

const FOUR = configOf({ seats: { 1: 5000, 2: 5000, 3: 5000, 4: 5000 }, button: 1 });
const BLINDS_1: [number, number[]][] = [
  [2, [25, 25]],
  [3, [100]],
];

/** hand 1 of FOUR: seat 4 raises to 300, seat 1 calls, seat 2 folds, seat 3 calls; the flop */
function substantial(t: ReturnType<typeof table>) {
  t.deal([2, 3, 4, 1], BLINDS_1);
  t.at({ kind: 'chips', seat: 4, chips: [100, 100, 100] });
  t.at({ kind: 'chips', seat: 1, chips: [100, 100, 100] });
  t.say(2, 'fold');
  t.at({ kind: 'chips', seat: 3, chips: [100, 100, 100] });
  t.street('4d', ['5s', '6s', 'Kc']);
}

describe('the floor declares a misdeal (tda 35)', () => {
  it('tda 35: after substantial action the dealer may not, the floor may: every chip back, the same hand redealt', () => {
    const t = table(FOUR);
    // before any deal: nothing to redeal, nothing logged
    const early = refusal(() => t.session.floorMisdeal('a card face up', 'floor'));
    expect(early.code).toBe('RULING_NOT_APPLICABLE');
    expect(early.message).toMatch(/no hand is dealt yet/);
    substantial(t);
    t.at({ kind: 'dealer', button: 'misdeal' });
    expect(t.session.snapshot().hand.phase).not.toBe('misdeal'); // the dealer's misdeal is too late (tda 35, 36)
    expect(t.session.snapshot().hand.stacks).toEqual({ 1: 4700, 2: 4950, 3: 4700, 4: 4700 });
    const logged = t.log.records();
    const n = [...logged].length;
    expect(refusal(() => t.session.floorMisdeal('  ', 'floor')).code).toBe('BAD_RULING');
    expect(refusal(() => t.session.floorMisdeal('x'.repeat(201), 'floor')).code).toBe('BAD_RULING');
    expect([...t.log.records()].length).toBe(n);

    const s = t.session.floorMisdeal('two decks mixed: a red-backed card in the stub', 'floor:Marie');
    expect(s.handNo).toBe(2);
    expect(s.config).toEqual(FOUR);
    expect(s.hand.phase).toBe('waiting');
    expect(s.hand.stacks).toEqual({ 1: 5000, 2: 4950, 3: 4900, 4: 5000 }); // the blinds post again, nothing else
    const ruling = s.tableAlerts.find((a) => a.code === 'FLOOR_RULING');
    expect(ruling).toMatchObject({
      hand: 1,
      severity: 'info',
      rule: { book: 'tda', id: '35' },
      decision: { decision: 'misdeal', by: 'floor:Marie' },
    });
    expect(texts(ruling)?.message).toBe(
      'The floor declares a misdeal: “two decks mixed: a red-backed card in the stub”',
    );
    expect(texts(ruling)?.messageFr).toBe(
      "L'arbitre déclare une fausse donne : « two decks mixed: a red-backed card in the stub »",
    );
    expect(texts(ruling)?.remedy).toMatch(/same button, same blinds, no new player/);
    // a second misdeal before the redeal's deal: nothing dealt
    expect(refusal(() => t.session.floorMisdeal('again', 'floor')).code).toBe('RULING_NOT_APPLICABLE');

    // a level set now does not reach the redeal (tda 35: the limits stay the same)
    t.session.setLevel({ blinds: [100, 200], bbAnte: 0 });
    t.deal([2, 3, 4, 1], BLINDS_1);
    expect(t.session.snapshot()).toMatchObject({ handNo: 2, config: { button: 1, blinds: [50, 100] } });
    expect(t.session.snapshot().hand.alerts.filter((a) => a.severity !== 'info')).toEqual([]);
    const again = t.recovered();
    expect(again.snapshot().hand).toEqual(t.session.snapshot().hand);
    expect(again.snapshot().tableAlerts).toEqual(t.session.snapshot().tableAlerts);
    expect(again.snapshot().level).toEqual({ blinds: [100, 200], bbAnte: 0 });
  });

  it('tda 35: a penalised seat and an absent one are dealt in the redeal too, the penalty counted once', () => {
    const t = table(configOf({ seats: { 1: 5000, 2: 5000, 3: 5000, 4: 5000, 5: 5000 }, button: 1, absent: [5] }));
    t.session.penalise(4, 1);
    t.deal([2, 3, 4, 5, 1], BLINDS_1);
    expect(t.session.snapshot().config.absent).toEqual([4, 5]);
    t.at({ kind: 'sits', seat: 5 }); // the absent player is back during the hand
    t.session.floorMisdeal('the dealer dealt from the wrong button', 'floor');
    const s = t.session.snapshot();
    expect(s.config.absent).toEqual([4]); // seat 5 is back: live in the redeal; seat 4 serves its penalty hand
    expect(s.penalties).toEqual({});
    t.deal([2, 3, 4, 5, 1], BLINDS_1);
    expect(t.session.snapshot().penalties).toEqual({});
    expect(t.session.snapshot().config.absent).toEqual([4]);
    expect(t.recovered().snapshot().config).toEqual(t.session.snapshot().config);
  });

  it('a hand over has paid its pots: no misdeal, no void', () => {
    const t = table(FOUR);
    t.deal([2, 3, 4, 1], BLINDS_1);
    for (const seat of [4, 1, 2]) t.say(seat, 'fold');
    expect(t.session.snapshot().handOver).toBe(true);
    const m = refusal(() => t.session.floorMisdeal('late', 'floor'));
    expect(m).toMatchObject({ code: 'RULING_NOT_APPLICABLE', message: expect.stringMatching(/hand 1 is over/) });
    expect(refusal(() => t.session.floorVoid('late', 'floor')).message).toMatch(/hand 1 is over/);
  });
});

describe('the floor voids the hand', () => {
  it('every chip back to the stacks of its start, the hand over; the next hand moves the button on; replayed', () => {
    const t = table(FOUR);
    substantial(t);
    t.at({ kind: 'chips', seat: 3, chips: [500] });
    t.at({ kind: 'chips', seat: 4, chips: [500] });
    t.at({ kind: 'tick' });
    const s = t.session.floorVoid('a card found face up in the stub', 'floor:Marie');
    expect(s.handOver).toBe(true);
    expect(s.hand.stacks).toEqual({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    const a = s.hand.alerts.find((x) => x.code === 'FLOOR_RULING');
    expect(a).toMatchObject({ rule: { book: 'LOI', id: '1' }, decision: { decision: 'void', by: 'floor:Marie' } });
    expect(texts(a)?.messageFr).toBe("L'arbitre annule le coup : « a card found face up in the stub »");
    expect(refusal(() => t.session.floorVoid('again', 'floor')).code).toBe('RULING_NOT_APPLICABLE');
    expect(t.recovered().snapshot().hand).toEqual(t.session.snapshot().hand);
    t.deal(
      [3, 4, 1, 2],
      [
        [3, [25, 25]],
        [4, [100]],
      ],
    );
    expect(t.session.snapshot()).toMatchObject({ handNo: 2, config: { button: 2 } });
  });

  it('a misdeal waiting for its redeal is redealt, not voided', () => {
    const t = table(FOUR);
    t.deal([2, 3, 4, 1], BLINDS_1);
    t.at({ kind: 'dealer', button: 'misdeal' });
    expect(t.session.snapshot().hand.phase).toBe('misdeal');
    expect(refusal(() => t.session.floorVoid('x', 'floor')).message).toMatch(/redealt, not voided/);
    expect(refusal(() => t.session.floorMisdeal('x', 'floor')).message).toMatch(/already a misdeal/);
  });
});

describe('the floor awards a pot (LOI 29, LOI 3)', () => {
  const THREE = configOf({ seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1 });
  /** limped, checked down on a board that plays (a straight); seat 2 tables */
  function toShowdown(t: ReturnType<typeof table>) {
    t.deal([2, 3, 1], BLINDS_1);
    t.at({ kind: 'chips', seat: 1, chips: [100] });
    t.at({ kind: 'chips', seat: 2, chips: [25, 25, 25, 25] });
    t.say(3, 'check');
    const checks = () => {
      for (const seat of [2, 3, 1]) t.say(seat, 'check');
    };
    t.street('5d', ['9c', 'Tc', 'Jd']);
    checks();
    t.street('5c', ['Qh']);
    checks();
    t.street('5h', ['Kd']);
    checks();
  }

  it('only at a showdown the engine has not decided; every seat named live in the pot; split by LOI 3', () => {
    const t = table(THREE);
    t.deal([2, 3, 1], BLINDS_1);
    const early = refusal(() => t.session.floorAward(0, [2], 'floor'));
    expect(early.code).toBe('RULING_NOT_APPLICABLE');
    expect(early.message).toMatch(/not at showdown/);
    const t2 = table(THREE);
    toShowdown(t2);
    t2.at({ kind: 'cardAt', card: '7c', zone: 'seat2', face: 'up' });
    t2.at({ kind: 'cardAt', card: '2d', zone: 'seat2', face: 'up' });
    t2.at({ kind: 'cardAt', card: 'Qs', zone: 'seat3', face: 'up' }); // seat 3's second card never read
    expect(t2.session.snapshot()).toMatchObject({ handOver: false, hand: { phase: 'showdown' } });
    const n = [...t2.log.records()].length;
    expect(refusal(() => t2.session.floorAward(0, [2, 5], 'floor')).message).toBe(
      'seat 5 has no claim to pot 0 (live in it: 2, 3, 1)',
    );
    expect(refusal(() => t2.session.floorAward(1, [2], 'floor')).message).toMatch(/no pot 1: hand 1 has one pot/);
    expect(refusal(() => t2.session.floorAward(0, [], 'floor')).code).toBe('BAD_RULING');
    expect(refusal(() => t2.session.floorAward(0, [2, 2], 'floor')).code).toBe('BAD_RULING');
    expect([...t2.log.records()].length).toBe(n);
    const s = t2.session.floorAward(0, [3, 2], 'floor:Marie');
    expect(s.handOver).toBe(true);
    expect(s.hand.pots).toEqual([{ amount: 300, eligible: [2, 3, 1], winners: [2, 3], shares: { 2: 150, 3: 150 } }]);
    expect(s.hand.stacks).toEqual({ 1: 4900, 2: 5050, 3: 5050 });
    const a = s.hand.alerts.find((x) => x.code === 'FLOOR_RULING');
    expect(texts(a)?.message).toBe('The floor awards the main pot (300) to seats 2, 3, split');
    expect(texts(a)?.messageFr).toBe("L'arbitre attribue le pot principal (300) aux sièges 2, 3, partagé");
    expect(a?.decision).toMatchObject({ decision: 'award', by: 'floor:Marie' });
    expect(refusal(() => t2.session.floorAward(0, [2], 'floor')).message).toBe('hand 1 is over: its pots are paid');
    expect(t2.recovered().snapshot().hand).toEqual(t2.session.snapshot().hand);
  });

  it('an odd chip of a split goes to the first seat left of the button (LOI 3)', () => {
    const t = table(configOf({ seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1, chips: [50, 100, 500] }));
    t.deal(
      [2, 3, 1],
      [
        [2, [50]],
        [3, [100]],
      ],
    );
    t.at({ kind: 'chips', seat: 1, chips: [100] });
    t.say(2, 'fold');
    t.say(3, 'check');
    for (const [burn, cards] of [
      ['5d', ['9c', 'Tc', 'Jd']],
      ['5c', ['Qh']],
      ['5h', ['Kd']],
    ] as const) {
      t.street(burn, [...cards]);
      for (const seat of [3, 1]) t.say(seat, 'check');
    }
    t.at({ kind: 'cardAt', card: 'Ah', zone: 'seat1', face: 'up' }); // seat 1's hand half read
    expect(t.session.snapshot().handOver).toBe(false);
    const s = t.session.floorAward(0, [1, 3], 'floor');
    // 250 in chips of 50 between seat 3 and seat 1: the odd chip to seat 3, first left of the button
    expect(s.hand.pots[0]).toMatchObject({ amount: 250, winners: [3, 1], shares: { 3: 150, 1: 100 } });
    expect(s.hand.stacks).toEqual({ 1: 5000, 2: 4950, 3: 5050 });
  });
});

describe('the floor rules that the hand stands (tda 35: "la main continue"; LOI 1)', () => {
  it('the dealer calls the floor after substantial action; the floor rules it stands: the call closed, play goes on', () => {
    const t = table(FOUR);
    const early = refusal(() => t.session.floorStands('nothing dealt', 'floor'));
    expect(early).toMatchObject({ code: 'RULING_NOT_APPLICABLE', message: expect.stringMatching(/no hand is dealt/) });
    substantial(t);
    // nothing holds the hand: nothing to rule, nothing logged
    const n = [...t.log.records()].length;
    expect(refusal(() => t.session.floorStands('play on', 'floor')).message).toBe(
      'nothing holds hand 1: it goes on as it lies, there is nothing to rule',
    );
    expect(refusal(() => t.session.floorStands(' ', 'floor')).code).toBe('BAD_RULING');
    expect([...t.log.records()].length).toBe(n);
    const call = t.session.callFloor({ seat: 4, reason: 'cards' });
    expect(t.session.snapshot().tableAlerts.find((a) => a.id === call.id)?.decision).toBeUndefined();
    const before = t.session.snapshot().hand;
    const s = t.session.floorStands('the card seen was the burn, not a hole card', 'floor:Marie');
    expect(s.tableAlerts.find((a) => a.id === call.id)?.decision).toMatchObject({
      decision: 'the hand stands',
      by: 'floor:Marie',
    });
    const ruling = s.hand.alerts.find((a) => a.code === 'FLOOR_RULING');
    expect(ruling).toMatchObject({
      rule: { book: 'LOI', id: '1' },
      facts: { variant: 'stands' },
      decision: { decision: 'the hand stands', by: 'floor:Marie' },
    });
    expect(s.hand.stacks).toEqual(before.stacks);
    expect(s.hand.next?.toAct).toBe(before.next?.toAct);
    expect(s.handOver).toBe(false);
    // play goes on: the flop checked by the seats to act
    t.say(3, 'check');
    expect(t.session.snapshot().hand.next?.toAct).toBe(4);
    const again = t.recovered();
    expect(again.snapshot().hand).toEqual(t.session.snapshot().hand);
    expect(again.snapshot().tableAlerts).toEqual(t.session.snapshot().tableAlerts);
  });

  it('refused while a stop asks for another ruling (tda 53: act or kill), on a misdeal, once the hand is over', () => {
    const t = table(configOf({ seats: { 1: 20000, 2: 20000, 3: 20000, 4: 20000, 5: 20000, 6: 20000 }, button: 6 }));
    t.at({ kind: 'dealer', button: 'shuffle' });
    t.at({ kind: 'chips', seat: 1, chips: [25, 25] });
    t.at({ kind: 'chips', seat: 2, chips: [100] });
    const cards = ['2c', '3d', '4h', '5s', '6c', '7d', '8h', '9s', 'Tc', 'Jd', 'Qh', 'Ks'];
    for (const round of [0, 1])
      for (const seat of [1, 2, 3, 4, 5, 6])
        t.at({ kind: 'cardAt', card: cards[(seat - 1) * 2 + round], zone: `seat${seat}`, face: 'down' });
    // seat 3 raises to 300, seat 5 calls out of turn, seat 6 folds: seat 4 skipped by substantial action
    t.at({ kind: 'chips', seat: 3, chips: [100, 100, 100] });
    t.at({ kind: 'chips', seat: 5, chips: [100, 100, 100] });
    t.say(6, 'fold');
    t.at({ kind: 'tick' });
    const skipped = t.session
      .snapshot()
      .hand.alerts.find((a) => a.code === 'ACTION_OUT_OF_TURN' && a.facts?.variant === 'substantial');
    expect(skipped?.resolved).toBe(false);
    expect(refusal(() => t.session.floorStands('play on', 'floor')).message).toMatch(
      /^hand 1: seat 4, skipped by substantial action out of turn, waits for the floor to let it act or kill its hand \(tda 53\)$/,
    );
    const m = table(FOUR);
    m.deal([2, 3, 4, 1], BLINDS_1);
    m.at({ kind: 'dealer', button: 'misdeal' });
    expect(refusal(() => m.session.floorStands('x', 'floor')).message).toBe(
      'hand 1 is a misdeal: it is redealt (tda 35)',
    );
    const o = table(FOUR);
    o.deal([2, 3, 4, 1], BLINDS_1);
    for (const seat of [4, 1, 2]) o.say(seat, 'fold');
    expect(refusal(() => o.session.floorStands('x', 'floor')).message).toBe('hand 1 is over: its pots are paid');
  });
});

describe('club 8-10, 8-11: a new player on a seat empty last hand', () => {
  const deal5 = (t: ReturnType<typeof table>, order: number[], sb: number, bb: number) =>
    t.deal(order, [
      [sb, [25, 25]],
      [bb, [100]],
    ]);
  const foldTo = (t: ReturnType<typeof table>, seats: number[]) => {
    for (const seat of seats) t.say(seat, 'fold');
  };

  it('club 8-10: seated left of the new button, before the small blind: waits one hand (logged), then plays', () => {
    const config = configOf({ ruleset: 'club', seats: { 1: 5000, 2: 5000, 4: 5000, 5: 5000 }, button: 1 });
    const t = table(config);
    deal5(t, [2, 4, 5, 1], 2, 4);
    foldTo(t, [5, 1, 2]);
    t.session.changeRoster({ op: 'seat', seat: 3, player: { name: 'Chloé' }, stack: 5000 });
    deal5(t, [4, 5, 1, 2], 4, 5);
    let s = t.session.snapshot();
    expect(s.config).toMatchObject({ button: 2, seats: { 1: 5000, 2: 4950, 4: 5050, 5: 5000 } });
    expect(s.config.seats[3]).toBeUndefined();
    const waits = [...t.log.records()].filter((r) => (r.data as { waits?: unknown }).waits);
    expect(waits.map((r) => [r.hand, r.data])).toEqual([[2, { waits: { seat: 3, stack: 5000 } }]]);
    // a restart during the hand she waits: she is still dealt in at the next one, once
    const again = t.recovered();
    expect(again.snapshot().config).toEqual(s.config);
    foldTo(t, [1, 2, 4]);
    deal5(t, [5, 1, 2, 3, 4], 5, 1);
    s = t.session.snapshot();
    expect(s.config).toMatchObject({ button: 4, seats: { 3: 5000 } });
    expect(s.hand).toMatchObject({ sb: 5, bb: 1 });
  });

  it('tda: the rule texts say nothing of it: the new player is dealt in at once', () => {
    const config = configOf({ seats: { 1: 5000, 2: 5000, 4: 5000, 5: 5000 }, button: 1 });
    const t = table(config);
    deal5(t, [2, 4, 5, 1], 2, 4);
    foldTo(t, [5, 1, 2]);
    t.session.changeSeats({ 3: 5000 });
    t.deal(
      [3, 4, 5, 1, 2],
      [
        [4, [25, 25]],
        [5, [100]],
      ],
    );
    expect(t.session.snapshot().config.seats[3]).toBe(5000);
  });

  it('club 8-11: seated where the deal comes (left of the last button): dealt in at once, the button to his left', () => {
    const config = configOf({ ruleset: 'club', seats: { 1: 5000, 3: 5000, 4: 5000, 5: 5000 }, button: 1 });
    const t = table(config);
    deal5(t, [3, 4, 5, 1], 3, 4);
    foldTo(t, [5, 1, 3]);
    t.session.changeSeats({ 2: 5000 });
    deal5(t, [4, 5, 1, 2, 3], 4, 5);
    const s = t.session.snapshot();
    expect(s.config).toMatchObject({ button: 3, seats: { 2: 5000 } });
    expect(s.hand).toMatchObject({ sb: 4, bb: 5 });
    expect([...t.log.records()].some((r) => (r.data as { waits?: unknown }).waits)).toBe(false);
  });

  it('club 8-12: seated at the big blind, dealt in and posting it', () => {
    const config = configOf({ ruleset: 'club', seats: { 1: 5000, 2: 5000, 3: 5000, 5: 5000 }, button: 1 });
    const t = table(config);
    deal5(t, [2, 3, 5, 1], 2, 3);
    foldTo(t, [5, 1, 2]);
    t.session.changeSeats({ 4: 5000 });
    deal5(t, [3, 4, 5, 1, 2], 3, 4);
    expect(t.session.snapshot().hand).toMatchObject({ button: 2, sb: 3, bb: 4 });
    expect(t.session.snapshot().config.seats[4]).toBe(5000);
  });

  it('a seat change replayed after a restart is not taken again at the next hand (the stack is the played one)', () => {
    const config = configOf({ seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 1 });
    const t = table(config);
    deal5(t, [2, 3, 1], 2, 3);
    foldTo(t, [1, 2]);
    t.session.changeSeats({ 4: 5000 }); // a new player at the big blind of hand 2 (club 8-8, 8-12)
    deal5(t, [3, 4, 1, 2], 3, 4);
    foldTo(t, [1, 2, 3]); // seat 4 wins the small blind: 5050
    expect(t.session.snapshot().hand.stacks['4']).toBe(5050);
    const again = t.recovered();
    again.ingest({ kind: 'dealer', button: 'shuffle' }, t.wall() + 1000);
    expect(again.snapshot().config.seats[4]).toBe(5050);
  });
});
