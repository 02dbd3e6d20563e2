// Issue 11's cases, each from the seed's own words (the French text is the judge), as scenario files kept in
// test/scenarios/issue11/ (docs/scenario-format.md format) and checked here beyond their `expect`: which decision the
// engine recorded, which rule it cites, that no chip and no card is lost without an alert.

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  createHand,
  type HandState,
  parseScenario,
  runScenario,
  snapshot,
} from '../../src/engine/index.js';
import { ruleTag } from '../../src/engine/rules/ruleRef.js';
import { texts } from '../alertTexts.js';
import { Table } from './table.js';

const DIR = join(import.meta.dirname, '../scenarios/issue11');

function run(file: string): { state: HandState; outcome: ReturnType<typeof runScenario> } {
  const sc = parseScenario(JSON.parse(readFileSync(join(DIR, file), 'utf8')));
  const outcome = runScenario(sc);
  const state = createHand(sc.config);
  let last = 0;
  for (const ev of sc.events) {
    applyEvent(state, ev);
    last = ev.t;
  }
  applyEvent(state, { kind: 'tick', t: last + sc.config.motionMs });
  if (!outcome.passed)
    console.log(
      file,
      outcome.failures,
      outcome.alerts.map((a) => `${a.code}:${ruleTag(a.rule)}`),
    );
  return { state, outcome };
}

const decisionsOf = (state: HandState, seat: number) =>
  snapshot(state).decisions.filter((d) => d.seat === seat && d.kind !== 'dealHole');

describe('issue 11, case 1: out of turn and inferred checks', () => {
  it('tda 53 house rule: seed 002 passive example: a check out of turn, then a bet: call or fold only', () => {
    const { state, outcome } = run('tda53-passive-example.json');
    expect(outcome.passed).toBe(true);
    const bet = decisionsOf(state, 1).at(-1);
    expect(bet).toMatchObject({ kind: 'bet', to: 1000, street: 'turn', source: 'chips', chips: [1000] });
    expect(snapshot(state).next?.legal).toEqual(['fold', 'call']);
  });

  it('tda 53: seed 002 out-of-turn example 1: seat 5 calls, the raise to 800 of seat 6 binds', () => {
    const { state, outcome } = run('tda53-oot-ex1-binds.json');
    expect(outcome.passed).toBe(true);
    expect(decisionsOf(state, 6).at(-1)).toMatchObject({
      kind: 'raise',
      to: 800,
      street: 'flop',
      rule: { book: 'tda', id: '53' },
    });
  });

  it('tda 53: seed 002 out-of-turn example 1: seat 5 raises to 600, the raise of seat 6 is void', () => {
    const { state, outcome } = run('tda53-oot-ex1-void.json');
    expect(outcome.passed).toBe(true);
    expect(decisionsOf(state, 6).filter((d) => d.street === 'flop')).toEqual([]);
    expect(snapshot(state).next?.legal).toEqual(['fold', 'call', 'raise', 'allin']);
  });

  it('tda 59B: a call said while the bet waits for its chips binds to the bet; the bet is not dropped', () => {
    const { state, outcome } = run('tda59b-call-before-amount.json');
    expect(outcome.passed).toBe(true);
    expect(decisionsOf(state, 1).at(-1)).toMatchObject({ kind: 'bet', to: 600, source: 'chips', chips: [500, 100] });
    expect(decisionsOf(state, 2).at(-1)).toMatchObject({ kind: 'call', to: 600, amount: 600 });
  });

  it('tda 53: heads-up, a tap for the seat not on turn never closes the round over the seat on turn', () => {
    const { state, outcome } = run('tda53-heads-up-tap.json');
    expect(outcome.passed).toBe(true);
    expect(decisionsOf(state, 1).at(-1)).toMatchObject({ kind: 'bet', to: 500, street: 'flop' });
    expect(state.phase).toBe('betting');
  });
});

describe('issue 11, case 2: chips before the last hole card', () => {
  it('tda 37: the button short of a card; the first seat pushing chips starts the betting', () => {
    const { state, outcome } = run('tda37-button-short-chips.json');
    expect(outcome.passed).toBe(true);
    expect(outcome.alerts.map((a) => [a.code, a.rule])).toEqual([['DEAL_CARD_COUNT', { book: 'tda', id: '37' }]]);
    expect(decisionsOf(state, 3)).toMatchObject([{ kind: 'call', to: 100, source: 'chips' }]);
  });

  it('tda 37: the button takes the next card, then acts; its alert is resolved', () => {
    const { state, outcome } = run('tda37-button-takes-card.json');
    expect(outcome.passed).toBe(true);
    expect(state.alerts.find((a) => a.code === 'DEAL_CARD_COUNT')?.resolved).toBe(true);
    expect(state.seats[4]?.dead).toBe(false);
  });
});

describe('issue 11, case 5: a killed hand gives back its raise, and the minimum raise', () => {
  it('LOI 28: the uncalled 1400 of the raise to 2000 goes back; the minimum raise is again 400 (to 1000)', () => {
    const { state, outcome } = run('loi28-killed-raise-min-raise.json');
    expect(outcome.passed).toBe(true);
    expect(decisionsOf(state, 4).at(-1)).toMatchObject({
      kind: 'fold',
      source: 'table',
      rule: { book: 'own', id: 'floor' },
      refund: 1400,
    });
  });
});

describe('issue 11, case 7: the floor rules on an undercall facing a raise', () => {
  it('tda 51: seed 002 undercall example 4: until the floor rules, UNDERCALL names the forfeit (400)', () => {
    const { state, outcome } = run('tda51-undercall-ex4-call.json');
    expect(outcome.passed).toBe(true);
    const a = state.alerts.find((x) => x.code === 'UNDERCALL');
    expect(a?.facts).toMatchObject({ variant: 'floor', forfeit: 400, zoneTotal: 500, call: 1200 });
    expect(texts(a)?.remedyFr).toMatch(/laisse 400 au pot/);
  });

  it('tda 51: seed 002 undercall example 4: the floor lets B fold: 400 stays in the pot, 100 back', () => {
    const { state, outcome } = run('tda51-undercall-ex4-fold.json');
    expect(outcome.passed).toBe(true);
    expect(state.seats[5]).toMatchObject({ folded: true, committed: 400, stack: 19600 });
    // 400 stays, the 100 left of the 500 chip goes back (seed 002: "B perd 400 et 100 lui est rendu")
    expect(decisionsOf(state, 5).at(-1)).toMatchObject({ kind: 'fold', rule: { book: 'tda', id: '51' }, refund: 100 });
    expect(state.alerts.find((x) => x.code === 'UNDERCALL')?.resolved).toBe(true);
  });
});

describe('issue 11, case 11: an absent player sits down', () => {
  it('LOI 8: seated before the last card of the first round: the hand plays', () => {
    const { state, outcome } = run('loi8-absent-sits-in-time.json');
    expect(outcome.passed).toBe(true);
    expect(state.seats[3]).toMatchObject({ absent: false, dead: false, folded: false });
    expect(decisionsOf(state, 3)).toMatchObject([{ kind: 'call', to: 100 }]);
  });

  it('LOI 8: seated after the last card of the first round: the hand is dead, its blind-free seat skipped', () => {
    const { state, outcome } = run('loi8-absent-sits-too-late.json');
    expect(outcome.passed).toBe(true);
    expect(state.seats[3]).toMatchObject({ dead: true, folded: true });
  });

  it('club 2-18: seated before the initial deal ends: the hand plays', () => {
    const { state, outcome } = run('club2-18-absent-sits.json');
    expect(outcome.passed).toBe(true);
    expect(state.seats[3]).toMatchObject({ dead: false, folded: false });
  });
});

describe('issue 11, case 3: a tabled hand cannot be killed by the muck', () => {
  it('LOI 29, tda 65B: the tabled aces reach the muck and still win; the dealer is told', () => {
    const { state, outcome } = run('loi29-tabled-hand-mucked.json');
    expect(outcome.passed).toBe(true);
    const a = state.alerts.find((x) => x.code === 'TABLED_HAND_MUCKED');
    expect(a).toMatchObject({ seat: 1, rule: { book: 'tda', id: '65B' }, severity: 'warn' });
    expect(a?.facts?.cards).toEqual(['As', 'Ac']);
    expect(snapshot(state).pots[0]?.winners).toEqual([1]);
  });
});

describe('issue 11, case 4: the small blind extra card', () => {
  it('club 2-17: taken back as the first burn, it leaves the hand; the two cards left win at showdown', () => {
    const { state, outcome } = run('club2-17-small-blind-extra-burn.json');
    expect(outcome.passed).toBe(true);
    expect(state.seats[1]?.cards.length).toBe(2);
    expect(snapshot(state).burns[0]).toBe('5h');
    expect(state.alerts.find((a) => a.code === 'DEAL_CARD_COUNT')).toMatchObject({
      rule: { book: 'club', id: '2-17' },
      resolved: true,
    });
  });
});

describe('issue 11, case 6: a dead hand card in the burn is not the burn', () => {
  it('seed 002 substantial-action example B: the third card of seat 5 does not replace the flop burn', () => {
    const { state, outcome } = run('seed002-substantial-ex-b.json');
    expect(outcome.passed).toBe(true);
    expect(state.seats[5]).toMatchObject({ dead: true });
    expect(snapshot(state).burns).toEqual(['Ks', '4h']);
    expect(snapshot(state).board).toEqual(['Qd', 'Jd', '5c']);
  });

  it('seed 002 substantial-action example B: with only that card in the burn, the flop came without a burn', () => {
    const { outcome } = run('seed002-substantial-ex-b-no-burn.json');
    expect(outcome.passed).toBe(true);
  });
});

describe('issue 11, case 8: a blind posted with one larger chip', () => {
  it('seed 002 prior-chips situation 4: a 1000 chip as the big blind is normal; a chip added reads with it', () => {
    const { state, outcome } = run('seed002-prior-chips-situation4.json');
    expect(outcome.passed).toBe(true);
    expect(decisionsOf(state, 2).at(-1)).toMatchObject({ kind: 'raise', to: 1500, chips: [1000, 500] });
  });
});

describe('issue 11, case 9: two burns before the turn', () => {
  it('club 2-6: BURN_EXTRA on the turn names the turn, not the flop, and gives the turn remedy', () => {
    const { state, outcome } = run('burn-extra-turn.json');
    expect(outcome.passed).toBe(true);
    const a = state.alerts.find((x) => x.code === 'BURN_EXTRA');
    expect(texts(a)?.message).toBe('Two burns before the turn');
    expect(texts(a)?.messageFr).toBe('Deux cartes brûlées avant la turn');
    expect(texts(a)?.remedy).not.toMatch(/flop/);
    expect(texts(a)?.remedyFr).not.toMatch(/flop/);
  });
});

describe('issue 11, case 12: words and chips in conflict', () => {
  it('seed 002 confusing example (TDA rule 1): 42000 said, 5000 shown, 5000 called: a stop, the floor decides', () => {
    const { state, outcome } = run('seed002-confusing-words-chips.json');
    expect(outcome.passed).toBe(true);
    const a = state.alerts.find((x) => x.code === 'UNDERCALL');
    expect(a).toMatchObject({ seat: 2, severity: 'stop', rule: { book: 'tda', id: '1' } });
    expect(a?.rule).not.toEqual({ book: 'tda', id: '52' });
    expect(a?.facts).toMatchObject({ variant: 'confusing', declared: 42000, zoneTotal: 5000 });
    expect(texts(a)?.remedy).toMatch(/call the floor/);
    expect(texts(a)?.remedyFr).toMatch(/appelez l'arbitre/);
  });
});

describe('issue 11, case 10: a defective deck', () => {
  it('tda 35: one card read in two places stops the hand and every chip goes back, blinds and ante included', () => {
    // (a scenario file cannot hold this: the format refuses a card in two places, so the table's events are fed)
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, bbAnte: 100 });
    t.start({ 1: ['Ah', 'Kd'], 2: ['7c', 'Qs'], 3: ['2s', '9h'] });
    t.say(3, 'raise', 500).bet(3, 500).tick();
    expect(snapshot(t.state).stacks).toEqual({ 1: 9950, 2: 9800, 3: 9500 });
    t.ev({ kind: 'cardAt', card: 'Ah', zone: 'board', face: 'up' });
    const a = t.state.alerts.find((x) => x.code === 'CARD_DUPLICATE');
    expect(a).toMatchObject({ severity: 'stop', rule: { book: 'tda', id: '35' } });
    expect(a?.facts).toMatchObject({ cards: ['Ah'], zone: 'seat1,board' });
    expect(t.state.phase).toBe('complete');
    expect(snapshot(t.state).stacks).toEqual({ 1: 10000, 2: 10000, 3: 10000 });
    expect(snapshot(t.state).pots).toEqual([]);
  });

  it('tda 35 is about cards: a tag that is no card in a betting zone is a foreign chip (warn), not the deck stop', async () => {
    const { unknownTagAlert } = await import('../../src/table/alerts.js');
    const chip = unknownTagAlert(1, 7, 'bet3', '04AABBCC');
    expect(chip).toMatchObject({ code: 'CHIP_UNKNOWN', severity: 'warn', seat: 3 });
    expect(chip.facts).toMatchObject({ zone: 'bet3', uid: '04AABBCC' });
    expect(texts(chip)?.messageFr).toMatch(/jeton/);
    const card = unknownTagAlert(1, 2, 'seat3', '04AABBCD');
    expect(card).toMatchObject({ code: 'CARD_UNKNOWN', severity: 'stop', rule: { book: 'tda', id: '35' } });
    const foreign = unknownTagAlert(1, 7, 'bet3', '04AABBCE', 'blue');
    expect(foreign).toMatchObject({ code: 'CARD_UNKNOWN', severity: 'stop' });
    expect(texts(foreign)?.message).toMatch(/deck "blue"/);
  });
});

describe('issue 11: the scenario files through the command a user runs, and typed decisions end to end', () => {
  it('feltwire scenario test/scenarios/issue11 --json: every file passes its expect', () => {
    const root = join(import.meta.dirname, '../..');
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    const r = spawnSync(process.execPath, [join(root, 'bin/feltwire.js'), 'scenario', DIR, '--json'], {
      cwd: root,
      encoding: 'utf8',
    });
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe(`${files.length} passed, 0 failed`);
    expect(r.status).toBe(0);
    const outcomes = lines.slice(0, -1).map((l) => JSON.parse(l) as { name: string; alerts: { code: string }[] });
    expect(outcomes.length).toBe(files.length);
    const passive = outcomes.find((o) => o.name.startsWith('tda 53, seed 002 passive example'));
    expect(passive?.alerts.map((a) => a.code)).toContain('ACTION_OUT_OF_TURN');
  });

  it('no PHH action text is parsed outside src/phh and the PHH writer', () => {
    const src = join(import.meta.dirname, '../../src');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          const rel = p.slice(src.length + 1);
          if (rel.startsWith('phh/') || rel === 'store/phhExport.ts' || rel === 'engine/hand/decisions.ts') continue;
          const text = readFileSync(p, 'utf8');
          // a PHH verb read back from text: ' cbr ', 'd db', 'd dh', ' sm ' inside a pattern or a startsWith/includes
          if (/(exec|match|test|startsWith|includes|split)\([^)]*(cbr|d db|d dh| sm | cc)/.test(text))
            offenders.push(rel);
          if (/\/[^/\n]*\b(cbr|d db|d dh)\b[^/\n]*\//.test(text)) offenders.push(rel);
          if (/['"`](cbr|cc|sm|db|dh)['"`]/.test(text)) offenders.push(rel);
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
