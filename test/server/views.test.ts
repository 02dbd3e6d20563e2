// viewFor is the security boundary: what each role may see of the table.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Alert, HandSnapshot } from '../../src/engine/types.js';
import { ROLES, type Role } from '../../src/views/liveState.js';
import { HIDDEN, scrubCards, viewFor } from '../../src/views/views.js';
import { alert, cardsIn, decision, hand, live, seat, session } from './fixtures.js';

const PLAYER_ROLES: Role[] = ['dealer', 'floor', 'public'];
const NOW = 1_000_000;

/** Cards that no player at the table has seen. */
function secretCards(h: HandSnapshot): Set<string> {
  const pub = new Set([...h.board, ...h.seats.flatMap((s) => s.shown)]);
  const all = [...h.seats.flatMap((s) => s.cards), ...h.burns, ...h.muck];
  return new Set(all.filter((c) => !pub.has(c)));
}

describe('viewFor: hole cards', () => {
  for (const role of PLAYER_ROLES) {
    it(`${role} sees no hole card, burn or muck card that is not exposed or tabled`, () => {
      const st = live();
      const json = JSON.stringify(viewFor(role, st, NOW));
      const seen = cardsIn(json);
      for (const c of secretCards(st.session.hand)) expect(seen.has(c), `${role} saw ${c}`).toBe(false);
      const v = viewFor(role, st, NOW);
      expect(v?.seats[0].cards).toEqual([HIDDEN, HIDDEN]);
      expect(v?.burns).toEqual([HIDDEN]);
      expect(v?.muck).toEqual([HIDDEN, HIDDEN]);
      expect(v?.equity).toBeNull();
      expect(v?.seats[1].handName).toBeUndefined();
    });

    it(`${role} sees the board and the cards tabled at showdown or exposed`, () => {
      const h = hand({
        phase: 'showdown',
        seats: [seat(1, ['Ah', 'Ks'], ['Ah', 'Ks'], { handName: 'King high' }), seat(2, ['Qs', 'Qd'], ['Qd'])],
      });
      const v = viewFor(role, live(session(h)), NOW);
      expect(v?.board).toEqual(['7h', 'Kd', '2c']);
      expect(v?.seats[0].cards).toEqual(['Ah', 'Ks']);
      expect(v?.seats[0].handName).toBe('King high');
      expect(v?.seats[1].cards).toEqual([HIDDEN, 'Qd']);
      expect(cardsIn(JSON.stringify(v)).has('Qs')).toBe(false);
    });

    it(`${role}: the decisions and alert texts lose their secret cards`, () => {
      const v = viewFor(role, live(), NOW);
      expect(v?.decisions[0].cards).toEqual([HIDDEN, HIDDEN]);
      expect(v?.decisions[2].cards).toEqual([HIDDEN, HIDDEN]);
      expect(v?.decisions[4].cards).toEqual(['7h', 'Kd', '2c']);
      for (const a of v?.alerts ?? []) {
        expect(a.message).not.toMatch(/Ah|Ks/);
        expect(a.remedyFr).not.toMatch(/Ah|Ks/);
      }
    });
  }

  it('commentator sees every hole card, burn, muck card and the equities, live', () => {
    const st = live();
    const v = viewFor('commentator', st, st.session.wall);
    expect(v?.seats.map((s) => s.cards)).toEqual([['Ah', 'Ks'], ['Qs', 'Qd'], []]);
    expect(v?.burns).toEqual(['9s']);
    expect(v?.muck).toEqual(['4d', '4c']);
    expect(v?.decisions[0].cards).toEqual(['Qs', 'Qd']);
    expect(v?.equity?.points[0].equity).toEqual({ 1: 80, 2: 20 });
    expect(v?.seats[1].handName).toBe('Pair of queens');
    expect(v?.alerts[0].message).toContain('AhKs');
    expect(v?.delayMs).toBe(0);
  });

  it('equity of another hand is never shown', () => {
    const st = live(session(), { equity: { handNo: 3, points: [], outs: {} } });
    expect(viewFor('commentator', st, NOW)?.equity).toBeNull();
  });
});

describe('viewFor: the broadcast delay', () => {
  const st = live(session(hand(), { wall: 500_000 }), { broadcastDelayMs: 60_000 });
  it('gives the overlay nothing younger than the delay', () => {
    expect(viewFor('overlay', st, 500_000)).toBeNull();
    expect(viewFor('overlay', st, 559_999)).toBeNull();
  });
  it('gives the overlay the whole picture once the delay has passed', () => {
    const v = viewFor('overlay', st, 560_000);
    expect(v?.seats[0].cards).toEqual(['Ah', 'Ks']);
    expect(v?.equity).not.toBeNull();
    expect(v?.delayMs).toBe(60_000);
    expect(v?.alerts).toEqual([]);
    expect(v?.health).toBeNull();
  });
  it("counts the delay on the state's monotonic time, never on its wall time (a clock that jumped)", () => {
    // the wall clock jumped an hour forward after the state: its wall looks an hour old, it is 1 s old
    const jumped = live(session(hand(), { wall: 500_000 - 3_600_000 }), { at: 500_000, broadcastDelayMs: 60_000 });
    expect(viewFor('overlay', jumped, 501_000)).toBeNull();
    expect(viewFor('overlay', jumped, 560_000)?.seats[0].cards).toEqual(['Ah', 'Ks']);
    // and an hour back: its wall looks to be in the future, it is the delay old
    const back = live(session(hand(), { wall: 500_000 + 3_600_000 }), { at: 500_000, broadcastDelayMs: 60_000 });
    expect(viewFor('overlay', back, 560_000)?.wall).toBe(500_000 + 3_600_000);
  });
  it('a state from the future, a negative or a NaN delay give the overlay nothing', () => {
    expect(viewFor('overlay', st, 400_000)).toBeNull();
    expect(viewFor('overlay', { ...st, broadcastDelayMs: -1 }, 10 ** 12)).toBeNull();
    expect(viewFor('overlay', { ...st, broadcastDelayMs: Number.NaN }, 10 ** 12)).toBeNull();
  });
  it('other roles are never delayed', () => {
    for (const role of ROLES.filter((r) => r !== 'overlay')) expect(viewFor(role, st, 500_000)?.delayMs).toBe(0);
  });
  it('the delay a role runs under (whoami, the hello): the broadcast delay for the overlay only', () => {
    const delay = { kind: 'delay', broadcastDelayMs: 30_000 } as const;
    expect(viewFor('overlay', delay, NOW)).toBe(30_000);
    for (const role of ROLES.filter((r) => r !== 'overlay')) expect(viewFor(role, delay, NOW), role).toBe(0);
  });
});

describe('viewFor: hand histories and replay steps', () => {
  const history = (endedAt: number, delayMs: number) => ({ kind: 'history', endedAt, delayMs }) as const;

  it('a history reaches commentators at once, the floor and the room only once the delay has passed', () => {
    expect(viewFor('commentator', history(NOW, 60_000), NOW)).toBe(true);
    for (const reader of ['floor', 'room'] as const) {
      expect(viewFor(reader, history(NOW - 59_999, 60_000), NOW), reader).toBe(false);
      expect(viewFor(reader, history(NOW - 60_000, 60_000), NOW), reader).toBe(true);
      expect(viewFor(reader, history(NOW, Number.NaN), NOW), reader).toBe(false);
    }
  });

  it('a history never reaches the dealer, the overlay or the public, however old', () => {
    for (const role of ['dealer', 'overlay', 'public'] as const)
      expect(viewFor(role, history(0, 0), NOW), role).toBe(false);
  });

  it("a step's event names only the cards the role may see at that point (the commentator every one)", () => {
    const h = hand({ seats: [seat(1, ['Ah', 'Ks'], ['Ah']), seat(2, ['Qs', 'Qd'])] });
    const step = { kind: 'step', hand: h, event: { kind: 'card', cards: ['Ah', 'Ks', 'Qd', '7h'] } } as const;
    expect(JSON.parse(viewFor('commentator', step, NOW)).cards).toEqual(['Ah', 'Ks', 'Qd', '7h']);
    for (const role of ['floor', 'dealer'] as const)
      expect(JSON.parse(viewFor(role, step, NOW)).cards, role).toEqual(['Ah', HIDDEN, HIDDEN, '7h']);
  });
});

describe('viewFor: alerts, health and the clock by role', () => {
  const s = session(hand(), {
    tableAlerts: [
      {
        id: 1_000_000,
        code: 'READER_FAULT',
        severity: 'warn',
        rule: { book: 'own', id: 'table' },
        recorded: {
          message: 'antenna 4 (seat 1): Ah stuck',
          remedy: 'r',
          messageFr: 'f',
          remedyFr: 'r',
        },
        wall: 1,
        hand: 4,
        acknowledged: false,
        decision: { decision: 'swap reader', by: 'floor:Anne', wall: 2 },
      },
    ],
    clock: { seat: 2, startedWall: 999_000, t: 4000, limitMs: 70_000 },
  });
  it('public sees no alert, no clock, no health', () => {
    const v = viewFor('public', live(s), NOW);
    expect(v?.alerts).toEqual([]);
    expect(v?.clock).toBeNull();
    expect(v?.health).toBeNull();
  });
  it('dealer sees hand and table alerts and the clock, not the health', () => {
    const v = viewFor('dealer', live(s), NOW);
    expect(v?.alerts.map((a) => a.source)).toEqual(['hand', 'table']);
    expect(v?.alerts[1].message).toBe('antenna 4 (seat 1): ?? stuck');
    expect(v?.clock?.seat).toBe(2);
    expect(v?.health).toBeNull();
  });
  it('floor sees decisions with who decided, and the health', () => {
    const v = viewFor('floor', live(s), NOW);
    expect(v?.alerts[1].decision).toEqual({ decision: 'swap reader', by: 'floor:Anne' });
    expect(v?.health?.link).toBe('up');
  });
});

describe('viewFor: board alerts name the face-up card that became a burn', () => {
  it('dealer reads the card of a missed burn, but no hole card in any other alert', () => {
    const h = hand({
      burns: ['9d'],
      alerts: [
        alert(1, 'No burn before the flop: 9d', { code: 'BURN_MISSED' }),
        alert(2, 'Seat 1 holds AhKs 9d', { code: 'DEAL_CARD_COUNT' }),
      ],
    });
    const v = viewFor('dealer', live(session(h)), NOW);
    expect(v?.alerts[0].message).toBe('No burn before the flop: 9d');
    expect(v?.alerts[1].message).toBe('Seat 1 holds ???? ??');
    expect(v?.burns).toEqual([HIDDEN]);
  });
});

describe('scrubCards', () => {
  it('hides unknown cards, alone or in runs, and leaves words alone', () => {
    const known = new Set(['Kd']);
    expect(scrubCards('Four cards: 7h Kd 2c 9s', known)).toBe('Four cards: ?? Kd ?? ??');
    expect(scrubCards('p1 AhKd', known)).toBe('p1 ??Kd');
    expect(scrubCards('The Ace, Th3 and Kdx', known)).toBe('The Ace, Th3 and Kdx');
    expect(scrubCards('(As)', known)).toBe('(??)');
  });
});

describe('viewFor: no secret card leaks to a player role, whatever the hand (property)', () => {
  const ALL = Array.from({ length: 52 }, (_, i) => '23456789TJQKA'[i >> 2] + 'shdc'[i & 3]);
  /** the pot a player role may see decided: one hand left that may win it, or every such hand face up */
  const decided = (h: HandSnapshot, eligible: number[]): boolean => {
    const live = eligible.filter((n) => !h.seats.find((s) => s.seat === n)?.folded);
    return live.length <= 1 || live.every((n) => h.seats.find((s) => s.seat === n)?.shown.length === 2);
  };
  it('holds over random deals, exposures, folds, awards and texts', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(ALL, { minLength: 20, maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        // the award: each pot is a subset of the seats (bits) and the index of its winner among them
        fc.array(fc.record({ seats: fc.integer({ min: 1, max: 31 }), winner: fc.nat() }), {
          minLength: 0,
          maxLength: 3,
        }),
        fc.constantFrom<Role>('dealer', 'floor', 'public'),
        (cards, exposed, folded, award, role) => {
          const seats = [0, 1, 2, 3, 4].map((i) => {
            const own = cards.slice(i * 2, i * 2 + 2);
            return seat(
              i + 1,
              own,
              own.filter((_, k) => exposed[i * 2 + k]),
              { handName: `name ${own.join('')}`, folded: folded[i] },
            );
          });
          const stacks: Record<string, number> = { 1: 1000, 2: 1000, 3: 1000, 4: 1000, 5: 1000 };
          const pots = award.map((p, k) => {
            const eligible = [1, 2, 3, 4, 5].filter((n) => p.seats & (1 << (n - 1)) && !folded[n - 1]);
            const amount = 100 * (k + 1);
            if (eligible.length === 0) return { amount, eligible };
            const w = eligible[p.winner % eligible.length];
            stacks[String(w)] += amount;
            return { amount, eligible, winners: [w], shares: { [String(w)]: amount } };
          });
          const h = hand({
            phase: 'showdown',
            seats,
            board: cards.slice(10, 15),
            burns: cards.slice(15, 17),
            muck: cards.slice(17, 20),
            decisions: seats.map((s) => decision('dealHole', s.seat, s.cards)),
            // (a reason is a misdeal cause today, never text; cards in it, as a corrupt record might hold, stay hidden)
            alerts: [
              alert(1, `cards ${cards.join(' ')}`, {
                code: 'DEAL_CARD_COUNT',
                reason: cards.join('') as unknown as Alert['reason'],
              }),
            ],
            pots,
            stacks,
          });
          const v = viewFor(role, live(session(h)), NOW);
          if (!v) return false;
          const seen = cardsIn(JSON.stringify(v));
          for (const c of secretCards(h)) if (seen.has(c)) return false;
          // the award follows the tabling: a pot's winners and shares only once it is decided face up, and the
          // stacks carry only the shares shown
          const expectStacks = { ...stacks };
          for (const [k, p] of pots.entries()) {
            const shown = v.pots[k];
            if (shown.amount !== p.amount || shown.eligible.join() !== p.eligible.join()) return false;
            if (p.winners === undefined || decided(h, p.eligible)) {
              if (JSON.stringify(shown) !== JSON.stringify(p)) return false;
            } else {
              if (shown.winners !== undefined || shown.shares !== undefined) return false;
              for (const [w, share] of Object.entries(p.shares ?? {})) expectStacks[w] -= share;
            }
          }
          if (JSON.stringify(v.stacks) !== JSON.stringify(expectStacks)) return false;
          // no hand name of a hand that is not face up
          for (const [i, s] of v.seats.entries()) {
            const up = h.seats[i].shown.length === 2;
            if (!up && (s.handName !== undefined || s.handNameFr !== undefined)) return false;
          }
          if (v.equity !== null) return false;
          // the commentator reads the engine's award as it is
          const com = viewFor('commentator', live(session(h)), NOW);
          return (
            JSON.stringify(com?.pots) === JSON.stringify(pots) && JSON.stringify(com?.stacks) === JSON.stringify(stacks)
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
