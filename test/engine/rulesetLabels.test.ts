// Every rule an alert or a decision cites is one of the table's own ruleset (issue 23). The TDA texts (seeds 000, 002,
// 004) never refer to the club's rules, so a tda table never cites a `club N-M` article. The club's text (seed 001)
// takes its common rules from the TDA ("du TDA pour les règles communes") and says nothing of betting, so a club
// table may cite the TDA's betting articles and the LOI; it must not cite a TDA article where the club has its own:
// the misdeal (club 2-17, not tda 35), card counts (2-17, 2-20, not tda 37, 38), the four-card flop (2-7, not
// tda 39), premature cards (2-10..2-13, not tda 74), the clock (5-6, not LOI 5), the dead button (8-6, not LOI 6),
// an absent player (2-18, not LOI 8), a new level (8-4, 8-5, not LOI 18).
// Every scenario of the project (one-hand and session files) is played on both rulesets, and the cases no file
// reaches are played here, each on both rulesets; every text is checked: the rule, the message and the remedy in
// English and French, and the rule of every decision.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERTS, applyEvent, createHand, parseScenario, snapshot } from '../../src/engine/index.js';
import { ruleTag } from '../../src/engine/rules/ruleRef.js';
import type { HandSnapshot, Ruleset } from '../../src/engine/types.js';
import { renderAlert } from '../../src/i18n/renderAlert.js';
import { isSessionFile, parseSessionScenario, runSessionScenario } from '../../src/session/index.js';
import { texts } from '../alertTexts.js';
import { SCENARIOS } from '../fixtures.js';
import { Table } from './table.js';

const OURS = join(import.meta.dirname, '..', 'scenarios');

const FOREIGN: Record<Ruleset, RegExp> = {
  tda: /\bclub \d+-\d+/i,
  club: /\b(tda (35|37|38|39|74)|LOI (5|6|8|18))\b/i,
};

interface Cited {
  where: string;
  code: string;
  variant: string;
  text: string;
}

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.json') ? [join(dir, d.name)] : [],
  );

function citedBy(snap: HandSnapshot, where: string): Cited[] {
  const out: Cited[] = [];
  for (const a of snap.alerts) {
    const variant = String(a.facts?.variant ?? 'default');
    for (const text of [ruleTag(a.rule), texts(a)?.message, texts(a)?.remedy, texts(a)?.messageFr, texts(a)?.remedyFr])
      out.push({ where, code: a.code, variant, text });
  }
  for (const d of snap.decisions)
    if (d.rule) out.push({ where, code: `decision ${d.kind}`, variant: 'default', text: ruleTag(d.rule) });
  return out;
}

/** A one-hand scenario file played on the given ruleset, whatever the file names. */
function playFile(path: string, ruleset: Ruleset): Cited[] {
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  if (isSessionFile(json)) {
    const s = parseSessionScenario({ ...json, ruleset });
    const outcome = runSessionScenario(s);
    return outcome.hands.flatMap((h) =>
      h.alerts.flatMap((a) =>
        [ruleTag(a.rule), texts(a)?.message, texts(a)?.remedy, texts(a)?.messageFr, texts(a)?.remedyFr].map((text) => ({
          where: `${path} hand ${h.name}`,
          code: a.code,
          variant: String(a.facts?.variant ?? 'default'),
          text,
        })),
      ),
    );
  }
  const s = parseScenario({ ...json, ruleset });
  const state = createHand(s.config);
  let last = 0;
  try {
    for (const ev of s.events) {
      applyEvent(state, ev);
      last = Math.max(last, ev.t);
    }
    applyEvent(state, { kind: 'tick', t: last + s.config.motionMs });
  } catch {
    // a file written for the other ruleset may go where the engine refuses an event: what was raised still counts
  }
  return citedBy(snapshot(state), path);
}

/** Three seats, preflop called and checked, chips collected: the flop is next. */
function beforeFlop(ruleset: Ruleset, orderKnown = true): Table {
  const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset, orderKnown }).start();
  t.say(3, 'call').bet(3, 100).say(1, 'call').bet(1, 100).say(2, 'check').collect();
  return t;
}

/** The cases no scenario file reaches, each a table as a dealer would play it. */
const CASES: Record<string, (r: Ruleset) => Table> = {
  'flop without a burn': (r) => beforeFlop(r).board('Ah', 'Kd', '7c'),
  'flop without a burn, order unknown': (r) => beforeFlop(r, false).board('Ah', 'Kd', '7c'),
  'turn without a burn': (r) => {
    const t = beforeFlop(r).burn().board('Ah', 'Kd', '7c');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    return t.board('Qs');
  },
  'two burns before the flop': (r) => beforeFlop(r).burn('9h').burn('8h'),
  'two burns before the flop, order unknown': (r) => beforeFlop(r, false).burn('9h').burn('8h').board('Ah', 'Kd', '7c'),
  'two burns before the turn': (r) => {
    const t = beforeFlop(r).burn().board('Ah', 'Kd', '7c');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    return t.burn('9h').burn('8h');
  },
  'four-card flop': (r) => beforeFlop(r).burn().board('Ah', 'Kd', '7c', '2s'),
  'four-card flop, order unknown': (r) => beforeFlop(r, false).burn().board('Ah', 'Kd', '7c', '2s'),
  'premature flop': (r) =>
    new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset: r }).start().burn().board('Ah'),
  'premature turn': (r) =>
    beforeFlop(r).burn().board('Ah', 'Kd', '7c').say(1, 'bet', 200).bet(1, 200).burn().board('Qd'),
  'premature river': (r) => {
    const t = beforeFlop(r).burn().board('Ah', 'Kd', '7c');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    return t.burn().board('Qd').say(1, 'bet', 200).bet(1, 200).burn().board('2s');
  },
  'a board card after everyone folded': (r) =>
    new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset: r })
      .start()
      .fold(3)
      .fold(1)
      .burn()
      .board('Ah'),
  'a sixth board card': (r) => {
    const t = beforeFlop(r).burn().board('Ah', 'Kd', '7c');
    for (const card of ['2s', '3s']) {
      for (const seat of [1, 2, 3]) t.say(seat, 'check');
      t.burn().board(card);
    }
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    return t.board('4s');
  },
  'a card read in two zones': (r) => beforeFlop(r).burn().board('Ah').at('Ah', 'seat1'),
  'a tag that is no card': (r) => {
    const t = beforeFlop(r);
    t.ev({ kind: 'cardAt', card: 'Xx', zone: 'board', face: 'up' });
    return t;
  },
  'a burn card mixed into a hand': (r) => beforeFlop(r).burn('9h').off('9h', 'burn').at('9h', 'seat1'),
  'a hand thrown on the muck between streets': (r) => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset: r }).start({ 2: ['Qc', 'Jc'] });
    t.say(3, 'call').bet(3, 100).say(1, 'call').bet(1, 100).say(2, 'check').collect().burn().board('Ah', 'Kd', '7c');
    for (const seat of [1, 2, 3]) t.say(seat, 'check');
    return t.off('Qc', 'seat2').at('Qc', 'muck').off('Jc', 'seat2').at('Jc', 'muck');
  },
  'the first card dealt to the wrong seat': (r) =>
    new Table({ seats: { 1: 10000, 2: 10000, 3: 10000 }, button: 3, ruleset: r }).shuffle().blinds().at('Ah', 'seat2'),
  'a hand with three cards after substantial action': (r) => {
    const t = new Table({ seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000 }, button: 4, ruleset: r }).start();
    t.say(3, 'call').bet(3, 100).say(4, 'call').bet(4, 100);
    return t.at('2s', 'seat1');
  },
};

const SESSION_CODES = ['HAND_VOID', 'TABLE_FINISHED', 'RESUME_CHIPS_CHANGED', 'FLOOR_CALLED', 'FLOOR_RULING'] as const;

describe('every rule cited is one of the table own ruleset', () => {
  const all = [...files(SCENARIOS), ...files(OURS)];

  for (const ruleset of ['tda', 'club'] as const) {
    it(`${ruleset}: no ${ruleset === 'tda' ? 'club' : 'TDA'} article its own ruleset covers`, () => {
      const cited: Cited[] = all.flatMap((f) => playFile(f, ruleset));
      for (const [name, make] of Object.entries(CASES)) cited.push(...citedBy(make(ruleset).snap(), name));
      // the session's own alerts, raised the same way on both rulesets: every variant
      for (const code of SESSION_CODES)
        for (const variant of Object.keys(ALERTS[code]?.remedies ?? {})) {
          const r = renderAlert(code, { variant, seat: 2, seats: [2, 3], amount: 100 }, ruleset);
          for (const text of [ruleTag(r.rule), r.message, r.remedy, r.messageFr, r.remedyFr])
            cited.push({ where: 'session', code, variant, text });
        }
      const seen = new Set(cited.map((c) => `${c.code}/${c.variant}`));
      // the sweep reaches the codes this test is about (a lost case would pass unnoticed otherwise)
      for (const code of ['BURN_MISSED', 'BURN_EXTRA', 'FLOP_FOUR_CARDS', 'BOARD_PREMATURE', 'CARD_UNKNOWN'])
        expect(
          [...seen].some((k) => k.startsWith(`${code}/`)),
          code,
        ).toBe(true);
      const wrong = cited
        .filter((c) => FOREIGN[ruleset].test(c.text))
        .map((c) => `${c.code}/${c.variant}: "${c.text}" (${c.where.replace(/^.*\/test\//, 'test/')})`);
      expect([...new Set(wrong)]).toEqual([]);
    });
  }
});
