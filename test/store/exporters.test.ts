// The exporters on hands played through the real engine (the shared scenarios): every format reads back to the
// same chips the engine moved.
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/index.js';
import { parsePhh, phhActions, replayPhh } from '../../src/phh/index.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import {
  HandArchive,
  type PlayedHand,
  phhSeatOrder,
  playerName,
  readLedger,
  StoreError,
  toOhh,
  toPhh,
  toPokerStars,
  validateOhh,
} from '../../src/store/index.js';
import { defaultIdentity } from '../../src/store/tableIdentity.js';
import { accountIgnition, accountOhh, accountPokerStars, finalsBySeat } from './accounting.js';
import { archiveOf, expectIgnitionParse, loadScenario, logHands, scenarioFiles, WALL0 } from './helpers.js';

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
      expect(doc.actions).toEqual(phhActions(h.final));
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
    // spec (action): '"Bet" is not a valid pre-flop action'
    const preflopBet = structuredClone(doc);
    preflopBet.ohh.rounds[0].actions.push({
      action_number: 99,
      player_id: doc.ohh.players[0].id,
      action: 'Bet',
      amount: 100,
    });
    expect(validateOhh(preflopBet)).not.toEqual([]);
    // spec (hero_player_id): 'If this is an observed hand then hero_player_id can either be omitted or set to null'
    expect('hero_player_id' in doc.ohh).toBe(false);
    expect(validateOhh({ ohh: { ...doc.ohh, hero_player_id: null } })).toEqual([]);
    expect(validateOhh({ ohh: { ...doc.ohh, hero_player_id: 'Seat 1' } })).not.toEqual([]);
    // a tournament hand needs its tournament_info
    expect(validateOhh({ ohh: { ...doc.ohh, tournament: true } })).not.toEqual([]);
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

describe('a hand the engine killed (the floor kills seat 3 after its raise: LOI 28 gives back what no one called)', () => {
  // three seats, blinds 50/100 with a big-blind ante of 100: seat 3 raises to 300, the floor kills its hand, the
  // small blind folds, the big blind wins. Seat 3 gets back the 200 no one called.
  const scenario = parseScenario({
    name: 'killed hand',
    ruleset: 'tda',
    table: { seats: { 1: 5000, 2: 5000, 3: 5000 }, button: 3, blinds: [50, 100], bbAnte: 100, absent: [] },
    events: [
      { dealer: 'shuffle' },
      { chips: [25, 25], at: 'bet1' },
      { chips: [100, 100], at: 'bet2' },
      ...['2c', '7d', 'Ah', '3c', '8d', 'Kh'].map((card, i) => ({ card, at: `seat${(i % 3) + 1}` })),
      { chips: [100, 100, 100], at: 'bet3' },
      { floor: 'kill', seat: 3 },
      { card: '2c', off: 'seat1' },
      { card: '2c', at: 'muck' },
      { card: '3c', off: 'seat1' },
      { card: '3c', at: 'muck' },
    ],
  });
  const log = logHands([scenario]);
  const h = new HandArchive(log, { names: { 1: 'Ana', 2: 'Ben', 3: 'Cy' } }).get(1);

  it('is over, the kill a fold the engine recorded with its rule and refund', () => {
    expect(h.complete).toBe(true);
    const kill = h.final.decisions.find((d) => d.kind === 'fold' && d.seat === 3);
    expect(kill).toMatchObject({ source: 'table', refund: 200 });
    expect(h.final.stacks).toEqual({ 1: 4950, 2: 5150, 3: 4900 });
  });

  it('PHH: the fold with the commentary, a state that ends, and our replay gives the same stacks', () => {
    const text = toPhh(h);
    expect(text).toMatch(/"p3 f # hand killed \(floor\)"/);
    const r = replayPhh(parsePhh(text, 'killed'));
    expect(r).toMatchObject({ ok: true, match: true });
  });

  it('every text accounts to the engine stacks: the refund is written as the uncalled bet given back', () => {
    const finals = { 1: 4950, 2: 5150, 3: 4900 };
    const stars = toPokerStars(h);
    expect(stars).toContain('Cy: folds\nUncalled bet (200) returned to Cy');
    expect(finalsBySeat(accountPokerStars(stars))).toEqual(finals);
    expect(finalsBySeat(accountIgnition(toPokerStars(h, 'ignition')))).toEqual(finals);
    const ohh = toOhh(h);
    expect(validateOhh(ohh)).toEqual([]);
    expect(finalsBySeat(accountOhh(ohh))).toEqual(finals);
    const phh = parseToml(toPhh(h)) as Record<string, unknown>;
    expect(phh.finishing_stacks).toEqual([4950, 5150, 4900]);
  });
});

describe("players' names from the floor's seating (the session's roster records in the log)", () => {
  it('the names the floor seated are the names every format writes', () => {
    const scenario = loadScenario(scenarioFiles().find((f) => f.endsWith('r00001.json')) as string);
    const log = new MemoryLog();
    let wall = WALL0;
    const session = new TableSession({ config: scenario.config, log, now: () => wall });
    const names: Record<number, string> = {};
    for (const seat of Object.keys(scenario.config.seats).map(Number)) {
      names[seat] = `Joueur ${seat} Élise`;
      session.changeRoster({ op: 'seat', seat, player: { name: names[seat] } });
    }
    for (const { t, ...ev } of scenario.events) {
      wall = WALL0 + t;
      session.ingest(ev as Parameters<TableSession['ingest']>[0], wall);
    }
    session.close();
    const archive = new HandArchive(log);
    const h = archive.get(1);
    expect(h.complete).toBe(true);
    expect(h.names).toEqual(names);
    const stars = toPokerStars(h);
    for (const [seat, name] of Object.entries(names)) expect(stars).toContain(`Seat ${seat}: ${name} (`);
    expect(toOhh(h).ohh.players.map((p) => [p.seat, p.name])).toEqual(phhSeatOrder(h.config).map((s) => [s, names[s]]));
    expect((parseToml(toPhh(h)) as { players: string[] }).players).toEqual(phhSeatOrder(h.config).map((s) => names[s]));
    expect(finalsBySeat(accountPokerStars(stars))).toEqual(
      Object.fromEntries(Object.keys(h.config.seats).map((s) => [Number(s), h.final.stacks[s]])),
    );
  });
});

describe('a tournament: the seat of a busted player is taken by someone else', () => {
  it('names the next player in that seat as a new entrant (the busted one never comes back); a cash game does not', () => {
    const scenario = loadScenario(scenarioFiles().find((f) => f.endsWith('r00001.json')) as string);
    const log = new MemoryLog();
    let wall = WALL0;
    const session = new TableSession({ config: scenario.config, log, now: () => wall });
    for (const { t, ...ev } of scenario.events) {
      wall = WALL0 + t;
      session.ingest(ev as Parameters<TableSession['ingest']>[0], wall);
    }
    expect(session.snapshot().hand.stacks['7']).toBe(0);
    // someone sits down in seat 7 for the next hand (the simulator's reseat does this), then the next shuffle
    session.changeSeats({ 7: 7000 });
    wall += 60_000;
    session.ingest({ kind: 'dealer', button: 'shuffle' }, wall);
    session.close();
    const tournament = new HandArchive(log, { identity: defaultIdentity({ game: 'tournament' }) });
    expect(tournament.get(1).names[7]).toBeUndefined();
    expect(playerName(tournament.get(1), 7)).toBe('Seat 7');
    expect(playerName(tournament.get(2), 7)).toBe('Seat 7 #2');
    expect(playerName(tournament.get(2), 8)).toBe('Seat 8');
    expect(playerName(new HandArchive(log).get(2), 7)).toBe('Seat 7');
  });
});
