// Registration and the draw: LOI 13, club 1-3 (seats drawn at random), seed 002 (the double-blind procedure), club 2-2
// and seed 003 (the first button by high card), club 3-1 and seed 003 regulation 10 (late registration).
import { describe, expect, it } from 'vitest';
import {
  type DrawCard,
  doubleBlindDraw,
  drawCard,
  drawOpening,
  drawSheet,
  type FloorTable,
  firstButtonByHighCard,
  lateSeat,
  Registry,
  seededRandom,
  type TournamentError,
  waitsForButton,
} from '../../src/tournament/index.js';

const table = (id: string, maxSeats = 9): FloorTable => ({ id, maxSeats, seats: {} });

function registry(n: number): Registry {
  const r = new Registry();
  for (let i = 1; i <= n; i++) r.register({ id: `p${i}`, name: `Player ${i}`, country: i % 2 ? 'FR' : 'BE' });
  return r;
}

describe('registration: a player is a name, a country and an id', () => {
  it('a second registration of the same id is refused, naming the player already registered', () => {
    const r = registry(3);
    expect(() => r.register({ id: 'p2', name: 'Someone Else', country: 'FR' })).toThrowError(
      /id p2 is already registered \(Player 2, BE\)/,
    );
    try {
      r.register({ id: 'p2', name: 'X', country: 'FR' });
    } catch (e) {
      expect((e as TournamentError).code).toBe('PLAYER_DUPLICATE');
      expect((e as TournamentError).status).toBe(409);
    }
    expect(r.size).toBe(3);
  });

  it('the same name in the same country under another id is refused; in another country it is another player', () => {
    const r = registry(2);
    expect(() => r.register({ id: 'x9', name: ' player 1 ', country: 'FR' })).toThrowError(
      /Player 1 \(FR\) is already registered under id p1/,
    );
    expect(r.register({ id: 'x9', name: 'Player 1', country: 'CH' }).id).toBe('x9');
  });

  it('a bad id, an empty name or a country that is not a two-letter code is refused with the field named', () => {
    const r = new Registry();
    expect(() => r.register({ id: 'a b', name: 'A', country: 'FR' })).toThrowError(/player id "a b"/);
    expect(() => r.register({ id: 'a', name: '  ', country: 'FR' })).toThrowError(/player a: name/);
    expect(() => r.register({ id: 'a', name: 'A', country: 'France' })).toThrowError(/country "France"/);
    expect(r.size).toBe(0);
  });
});

describe('LOI 13, club 1-3: seats are drawn at random', () => {
  it('every player gets one seat, the tables differ by one player at most, and the draw follows the random source', () => {
    const players = registry(27).all();
    const tables = [table('1'), table('2'), table('3')];
    drawOpening(players, tables, seededRandom(7));
    const seated = tables.flatMap((t) => Object.values(t.seats));
    expect(seated.sort()).toEqual(players.map((p) => p.id).sort());
    expect(tables.map((t) => Object.keys(t.seats).length)).toEqual([9, 9, 9]);
    const again = [table('1'), table('2'), table('3')];
    drawOpening(players, again, seededRandom(7));
    expect(again.map((t) => t.seats)).toEqual(tables.map((t) => t.seats));
    const other = [table('1'), table('2'), table('3')];
    drawOpening(players, other, seededRandom(8));
    expect(other.map((t) => t.seats)).not.toEqual(tables.map((t) => t.seats));
  });

  it('20 players on three tables of 9: 7, 7 and 6', () => {
    const tables = [table('1'), table('2'), table('3')];
    drawOpening(registry(20).all(), tables, seededRandom(1));
    expect(tables.map((t) => Object.keys(t.seats).length)).toEqual([7, 7, 6]);
  });

  it('more players than seats is refused', () => {
    expect(() => drawOpening(registry(10).all(), [table('1', 9)], seededRandom(1))).toThrowError(/10 players, 9 seats/);
  });

  it('over many draws each seat is reached by every player (no seat is reserved)', () => {
    const hits = new Map<string, Set<number>>();
    for (let seed = 1; seed <= 300; seed++) {
      const t = [table('A', 3)];
      drawOpening(registry(3).all(), t, seededRandom(seed));
      for (const [seat, p] of Object.entries(t[0]?.seats ?? {}))
        hits.set(p, (hits.get(p) ?? new Set()).add(Number(seat)));
    }
    for (const p of ['p1', 'p2', 'p3']) expect([...(hits.get(p) ?? [])].sort()).toEqual([1, 2, 3]);
  });
});

describe('seed 002: the double-blind draw', () => {
  it('the seat cards are piled face down at random, and the highest card dealt takes the top seat card', () => {
    const seats = [1, 2, 3, 4].map((seat) => ({ table: 'A', seat }));
    const d = doubleBlindDraw(['ann', 'bob', 'cy', 'dee'], seats, seededRandom(3));
    expect(d.pile.slice().sort((a, b) => a.seat - b.seat)).toEqual(seats);
    const ranked = d.dealt.slice().sort((a, b) => b.card.value - a.card.value);
    d.lines.forEach((l, i) => {
      expect(l.player).toBe(ranked[i]?.player);
      expect(l.seat).toBe(d.pile[i]?.seat);
    });
  });

  it('ties cannot happen: the suits order equal ranks (spades, hearts, diamonds, clubs)', () => {
    const as: DrawCard = drawCard(51);
    const ah = drawCard(50);
    const ac = drawCard(48);
    expect([as.name, ah.name, ac.name]).toEqual(['As', 'Ah', 'Ac']);
    expect(as.value > ah.value && ah.value > ac.value).toBe(true);
  });

  it('the printable sheet states the procedure and one line per player, highest card first', () => {
    const seats = [1, 2, 3].map((seat) => ({ table: 'B', seat }));
    const d = doubleBlindDraw(['ann', 'bob', 'cy'], seats, seededRandom(5));
    const sheet = drawSheet('Table B: new seats', d, (id) => id.toUpperCase());
    expect(sheet).toContain('Shuffle them face down and form a pile (seed 002, double blind)');
    expect(sheet).toContain('Show the 3 seat cards: B-1, B-2, B-3');
    const rows = sheet.trimEnd().split('\n').slice(-3);
    expect(rows.map((r) => r.slice(6, 10).trim())).toEqual(d.lines.map((l) => l.player.toUpperCase()));
    expect(rows[0]?.startsWith(d.lines[0]?.card ?? '?')).toBe(true);
  });
});

describe('club 2-2, seed 003: the first button goes to the high card', () => {
  it('one card per player, and the highest card has the button', () => {
    const t = table('1');
    drawOpening(registry(9).all(), [t], seededRandom(11));
    const d = firstButtonByHighCard(t, seededRandom(12));
    expect(d.cards).toHaveLength(9);
    const best = d.cards.reduce((a, b) => {
      const v = (c: string) => '23456789TJQKA'.indexOf(c[0] ?? '') * 4 + 'cdhs'.indexOf(c[1] ?? '');
      return v(b.card) > v(a.card) ? b : a;
    });
    expect(d.button).toBe(best.seat);
    expect(new Set(d.cards.map((c) => c.card)).size).toBe(9);
  });
});

describe('club 3-1, seed 003 regulation 10: late registration', () => {
  it('a late player is drawn onto a free seat of a table with the fewest players', () => {
    const tables = [table('1'), table('2'), table('3')];
    drawOpening(registry(20).all(), tables, seededRandom(2));
    for (let seed = 1; seed < 30; seed++) {
      const s = lateSeat(tables, seededRandom(seed));
      expect(s.table).toBe('3');
      expect(tables[2]?.seats[s.seat]).toBeUndefined();
    }
  });

  it('LOI 32, club 8-10: a seat between the button and the small blind waits for the button; others play at once', () => {
    // button 2, small blind 3, big blind 5 (seat 4 empty): next hand small blind 5, button 3; seat 4 is passed
    const t: FloorTable = {
      id: '1',
      maxSeats: 9,
      seats: { 1: 'a', 2: 'b', 3: 'c', 5: 'e', 6: 'f' },
      button: 2,
      sb: 3,
      bb: 5,
    };
    expect(waitsForButton(t, 4)).toBe(true);
    expect(waitsForButton(t, 7)).toBe(false);
    expect(waitsForButton(t, 9)).toBe(false);
  });

  it('with every seat taken it is refused', () => {
    const t = [table('1', 2)];
    drawOpening(registry(2).all(), t, seededRandom(1));
    expect(() => lateSeat(t, seededRandom(1))).toThrowError(/every seat/);
  });
});

describe('seed 002 with more players than a deck: the same card draws again', () => {
  it('60 players: two decks, every player seated once, ties broken by a second card', () => {
    const seats = Array.from({ length: 60 }, (_, i) => ({ table: `T${Math.floor(i / 10) + 1}`, seat: (i % 10) + 1 }));
    const players = Array.from({ length: 60 }, (_, i) => `p${i}`);
    const d = doubleBlindDraw(players, seats, seededRandom(8));
    expect(new Set(d.lines.map((l) => l.player)).size).toBe(60);
    expect(new Set(d.lines.map((l) => `${l.table}-${l.seat}`)).size).toBe(60);
    const redrawn = d.lines.filter((l) => l.card.includes('/'));
    expect(redrawn.length).toBeGreaterThan(0);
    // a redrawn pair's first cards are equal, and the higher second card sits first
    const byFirst = new Map<string, string[]>();
    for (const l of redrawn)
      byFirst.set(l.card.split('/')[0] ?? '', [...(byFirst.get(l.card.split('/')[0] ?? '') ?? []), l.card]);
    for (const cards of byFirst.values()) expect(cards.length).toBeGreaterThan(1);
  });
});
