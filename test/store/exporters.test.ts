// The exporters on hands played through the real engine (the shared scenarios): every format reads back to the
// same chips the engine moved.
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  type PlayedHand,
  phhSeatOrder,
  readLedger,
  StoreError,
  toOhh,
  toPhh,
  toPokerStars,
  validateOhh,
} from '../../src/store/index.js';
import { archiveOf, expectIgnitionParse, loadScenario, scenarioFiles } from './helpers.js';

const files = scenarioFiles();
const archive = archiveOf(files.map(loadScenario));
const hands: PlayedHand[] = archive.list().map((h) => archive.get(h.handNo));
/** hands the engine finished with the pots awarded */
const decided = hands.filter((h) => h.complete && h.final.pots.some((p) => p.winners && p.winners.length > 0));

describe('the hands under test', () => {
  it('are the shared scenarios, most of them played to the end', () => {
    expect(hands.length).toBe(files.length);
    expect(decided.length).toBeGreaterThanOrEqual(50);
  });
});

describe('ledger: the chips the actions move are the chips the engine moved', () => {
  it('start - put in + uncalled back + won = the engine stack, for every seat of every decided hand', () => {
    for (const h of decided) {
      const led = readLedger(h);
      const won: Record<number, number> = {};
      for (const p of h.final.pots)
        for (const [s, a] of Object.entries(p.shares ?? {})) won[Number(s)] = (won[Number(s)] ?? 0) + a;
      for (const seat of led.order) {
        const back = led.uncalled?.seat === seat ? led.uncalled.amount : 0;
        const expected = h.config.seats[seat] - led.contributed[seat] + back + (won[seat] ?? 0);
        expect({ hand: h.handNo, seat, stack: expected }).toEqual({
          hand: h.handNo,
          seat,
          stack: h.final.stacks[String(seat)],
        });
      }
      expect(led.totalPot).toBe(h.final.pots.reduce((n, p) => n + p.amount, 0));
    }
  });
});

describe('PHH export', () => {
  it('is TOML with the fields of the shared PHH files, the engine actions in order, and our table fields', () => {
    for (const h of hands) {
      const doc = parseToml(toPhh(h)) as Record<string, unknown>;
      const order = phhSeatOrder(h.config);
      expect(doc.variant).toBe('NT');
      expect(doc.actions).toEqual(h.final.actions);
      expect(doc.starting_stacks).toEqual(order.map((s) => h.config.seats[s]));
      expect(doc.finishing_stacks).toEqual(order.map((s) => h.final.stacks[String(s)]));
      expect(doc.seats).toEqual(order);
      expect(doc.min_bet).toBe(h.config.blinds[1]);
      const blinds = doc.blinds_or_straddles as number[];
      expect(blinds.reduce((a, b) => a + b, 0)).toBe((h.final.sb === null ? 0 : h.final.blinds[0]) + h.final.blinds[1]);
      expect((doc.antes as number[]).reduce((a, b) => a + b, 0)).toBe(h.final.bbAnte);
      expect(doc.hand).toBe(h.handId);
      expect(doc._feltwire_hand_no).toBe(h.handNo);
      expect(doc._feltwire_ruleset).toBe(h.config.ruleset);
      expect(doc.players).toHaveLength(order.length);
    }
  });

  it('writes each burn as a comment just before the board deal it preceded, and alerts as comments', () => {
    const withBurns = decided.filter((h) => h.final.burns.length > 0);
    expect(withBurns.length).toBeGreaterThan(10);
    for (const h of withBurns) {
      const lines = toPhh(h).split('\n');
      for (const burn of h.final.burns) {
        const at = lines.findIndex((l) => l.trim() === `# burn: ${burn}`);
        expect(at, `hand ${h.handNo} burn ${burn}`).toBeGreaterThan(0);
        expect(lines[at + 1]).toMatch(/^ {2}"d db /);
      }
    }
    const withAlerts = hands.filter((h) => h.final.alerts.length > 0);
    expect(withAlerts.length).toBeGreaterThan(0);
    for (const h of withAlerts) {
      const text = toPhh(h);
      for (const a of h.final.alerts) expect(text).toContain(`# alert: ${a.code} (`);
    }
  });
});

describe('OHH export', () => {
  it('validates against our OHH 1.4 schema for every hand', () => {
    for (const h of hands)
      expect({ hand: h.handNo, problems: validateOhh(toOhh(h)) }).toEqual({ hand: h.handNo, problems: [] });
  });

  it('the schema rejects what the spec forbids (it can fail)', () => {
    const doc = toOhh(decided[0]);
    expect(validateOhh({ ohh: { ...doc.ohh, spec_version: '2.0' } })).not.toEqual([]);
    expect(validateOhh({ ohh: { ...doc.ohh, game_type: 'Hold em' } })).not.toEqual([]);
    const { players: _p, ...noPlayers } = doc.ohh;
    expect(validateOhh({ ohh: noPlayers })).not.toEqual([]);
    const bad = structuredClone(doc);
    bad.ohh.rounds[0].actions[0].action = 'Posts';
    expect(validateOhh(bad).join()).toMatch(/rounds\/0\/actions\/0\/action/);
    const noAmount = structuredClone(doc);
    delete noAmount.ohh.rounds[0].actions[0].amount;
    expect(validateOhh(noAmount)).not.toEqual([]);
  });

  it('puts in, per player, what the ledger says, and pays out what the engine awarded', () => {
    for (const h of decided) {
      const doc = toOhh(h).ohh;
      const led = readLedger(h);
      const put: Record<number, number> = {};
      for (const r of doc.rounds)
        for (const a of r.actions) if (a.amount !== undefined) put[a.player_id] = (put[a.player_id] ?? 0) + a.amount;
      for (const seat of led.order) expect(put[seat] ?? 0).toBe(led.contributed[seat]);
      // the engine's pots, then the uncalled bet given back as a pot of its own
      const engine = doc.pots.slice(0, h.final.pots.length);
      const wins = engine.flatMap((p) => p.player_wins).reduce((n, w) => n + w.win_amount, 0);
      expect(wins).toBe(led.totalPot);
      expect(doc.pots.slice(h.final.pots.length).map((p) => [p.player_wins[0].player_id, p.amount])).toEqual(
        led.uncalled ? [[led.uncalled.seat, led.uncalled.amount]] : [],
      );
      expect(doc.rounds.map((r) => r.street).filter((s) => s !== 'Showdown')).toEqual(
        ['Preflop', 'Flop', 'Turn', 'River'].slice(0, 1 + led.boards.length),
      );
    }
  });
});

describe('PokerStars text', () => {
  it('has the PokerStars layout: header, seats, posts, streets, summary that adds up', () => {
    for (const h of decided) {
      const text = toPokerStars(h);
      const led = readLedger(h);
      expect(text).toMatch(
        new RegExp(
          `^PokerStars Hand #${h.handId}:  Hold'em No Limit \\(${h.final.blinds[0]}/${h.final.blinds[1]}\\) - `,
        ),
      );
      expect(text).toContain(`Seat #${h.final.button} is the button`);
      for (const seat of led.order) expect(text).toContain(`Seat ${seat}: `);
      expect(text).toContain('*** HOLE CARDS ***');
      const total = Number(/Total pot (\d+)/.exec(text)?.[1]);
      expect(total).toBe(led.totalPot);
      const collected = [...text.matchAll(/ collected (\d+) from /g)].reduce((n, m) => n + Number(m[1]), 0);
      expect(collected).toBe(total);
      // every "raises X to Y" adds up: Y - X is the bet faced
      for (const m of text.matchAll(/raises (\d+) to (\d+)/g)) expect(Number(m[2])).toBeGreaterThan(Number(m[1]) - 1);
    }
  });

  it('in the Ignition dialect, is read by @poker-apprentice/hand-history-parser with our players, actions and amounts', async () => {
    let parsed = 0;
    for (const h of decided) {
      if (readLedger(h).order.length > 9) {
        expect(() => toPokerStars(h, 'ignition')).toThrow(StoreError);
        continue;
      }
      await expectIgnitionParse(h);
      parsed++;
    }
    expect(parsed).toBeGreaterThanOrEqual(40);
  });
});
