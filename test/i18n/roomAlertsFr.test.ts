// Issue 22: the room's alerts (the count at a break, the colour-up, the seating and penalty orders) are codes and
// typed facts: a stored record holds no text, and the dealer's view renders each in French from its facts. An alert an
// earlier version logged under a code this version does not hold reads back as EARLIER_ALERT with its texts.
import { describe, expect, it } from 'vitest';
import { loi, tda } from '../../src/engine/rules/ruleRef.js';
import { exportProblem } from '../../src/room/archive.js';
import { colourUpAlert, countAlert } from '../../src/room/breakCount.js';
import { refusedAlert, replacedAlert } from '../../src/room/roomRows.js';
import { seatingAlert } from '../../src/room/tableSeating.js';
import { arriveAlert, carriedAlert, penaltyAlert } from '../../src/room/tournamentTexts.js';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { tableAlertFromLog } from '../../src/session/types.js';
import { BALANCE_RULES } from '../../src/tournament/balancing.js';
import { viewFor } from '../../src/views/views.js';
import { live, TEXT_KEYS, texts } from '../alertTexts.js';
import { FOUR_SEATS } from '../fourSeats.js';

const config = FOUR_SEATS;
const order = { id: 1, seat: 3, name: 'Bea', country: 'FR', stack: 1000, message: 'x', messageFr: 'x' };

describe('the room alerts in French', () => {
  it('each new room code, stored with no text, reaches the dealer in French through viewFor', () => {
    const s = new TableSession({ config, log: new MemoryLog() });
    s.ingest({ kind: 'dealer', button: 'shuffle' });
    s.raiseTableAlert(
      countAlert({ table: '1', seat: 2, expected: 1500, read: 1400, difference: -100, kind: 'missing' }),
    );
    s.raiseTableAlert(
      colourUpAlert(
        {
          newChip: 100,
          raceChips: 1,
          seats: [{ seat: 1, leavingValue: 75, exchanged: 0, wonRace: true, granted: false }],
        } as never,
        [25],
      ),
    );
    const move = { player: 'p2', from: { table: '2', seat: 5 }, to: { table: '1', seat: 3 }, reason: 'break' as const };
    const seated = seatingAlert({
      ...order,
      op: 'seat',
      waitForButton: true,
      alert: arriveAlert({ ...move, rule: [loi('25')] }, 'Bea', 2400, true),
    });
    const penalty = seatingAlert({
      ...order,
      op: 'penalty',
      hands: 2,
      alert: penaltyAlert({ kind: 'hands', count: 2, reason: 'une carte montrée', rule: [tda('71')] }, 'Bea', 3, 2),
    });
    const carried = seatingAlert({ ...order, op: 'penalty', hands: 2, alert: carriedAlert('Bea', '2', 3, 2) });
    for (const a of [seated, penalty, carried]) if (a) s.raiseTableAlert(a);
    const stored = s.snapshot().tableAlerts;
    expect(stored.map((a) => a.code)).toEqual([
      'BREAK_COUNT',
      'COLOUR_UP',
      'ROOM_SEATING',
      'ROOM_PENALTY',
      'ROOM_PENALTY',
    ]);
    for (const a of stored) expect(JSON.stringify(a), a.code).not.toMatch(TEXT_KEYS);
    expect(stored[2]?.rule).toEqual({ book: 'LOI', id: '32' });

    const fr = (viewFor('dealer', live(s.snapshot()), 0)?.alerts ?? []).map((a) => a.messageFr);
    expect(fr).toContain(
      'Comptage à la pause : au siège 2, il manque 100 (lu 1\u202f400, les mains disent 1\u202f500).',
    );
    expect(fr).toContain(
      'Changement des jetons de 25, course pour 1 × 100 : siège 1 : retirez 75, donnez 1 × 100 (course gagnée).',
    );
    expect(fr).toContain(
      'Déplacement (la table 2 est cassée, LOI 25) : Bea arrive de la table 2 au siège 3 avec 2400 jetons, et joue dès la ' +
        'main suivante à la position de ce siège (blindes comprises). Bea, siège 3 : les blindes ont passé ce siège ; pas ' +
        'de cartes avant que le bouton l’ait passé (LOI 32).',
    );
    expect(fr).toContain(
      'Pénalité (règle TDA 71) : Bea, siège 3, 2 mains de pénalité pour : une carte montrée. Dès la fin de cette main, le ' +
        'siège reçoit ses cartes, sa main est tuée et ses blindes prélevées.',
    );
    expect(fr).toContain(
      'Pénalité (tda 71) qui suit Bea depuis la table 2 : le siège 3 purge encore 2 mains ; cartes distribuées, main tuée, blindes prélevées.',
    );
    s.close();
  });

  it("the rules of an order are values, written in each language; an earlier room's text is quoted as given", () => {
    const move = { player: 'p2', from: { table: '2', seat: 5 }, to: { table: '1', seat: 3 } };
    const balance = arriveAlert({ ...move, reason: 'balance', rule: BALANCE_RULES }, 'Bea', 2400, false);
    expect(balance.facts.cited).toEqual([...BALANCE_RULES]);
    const seated = texts(seatingAlert({ ...order, op: 'seat', alert: balance }));
    expect(seated?.message).toContain('Move (balancing, club rules 8-1, 8-7, 8-8; LOI 25, 32)');
    expect(seated?.messageFr).toContain('Déplacement (équilibrage, règlement du club, art. 8-1, 8-7, 8-8; LOI 25, 32)');
    // a room of the version before: `rules` as its text, no `cited`
    const { cited: _, ...facts } = balance.facts;
    const earlier = texts(
      seatingAlert({ ...order, op: 'seat', alert: { ...balance, facts: { ...facts, rules: 'club 8-1' } } }),
    );
    expect(earlier?.messageFr).toContain('club 8-1)');
  });

  it('an order from a room that sends no facts: its own fields, rendered; the opening draw (no text): none', () => {
    const a = seatingAlert({ ...order, op: 'absent', absent: true });
    expect(a?.code).toBe('ROOM_SEATING');
    expect(a?.rule).toEqual({ book: 'club', id: '3-2' });
    expect(texts(a)?.messageFr).toBe(
      'Bea, siège 3, est absent : ses cartes sont distribuées, ses blindes prélevées, sa main tuée jusqu’à son arrivée (club 3-2).',
    );
    expect(seatingAlert({ ...order, op: 'seat', message: '', messageFr: '' })).toBeNull();
  });

  it('a code an earlier version logged that this one does not hold: EARLIER_ALERT, its recorded texts shown', () => {
    const a = tableAlertFromLog({
      id: 1_000_001,
      code: 'BRIDGE_BAD_FRAME',
      severity: 'warn',
      rule: 'reader',
      wall: 1,
      hand: 1,
      acknowledged: false,
      seat: null,
      message: 'A bad frame',
      remedy: 'Reseat the bridge',
      messageFr: 'Une trame invalide',
      remedyFr: 'Rebranchez le pont',
    });
    expect(a.code).toBe('EARLIER_ALERT');
    expect(a.facts?.earlierCode).toBe('BRIDGE_BAD_FRAME');
    expect(a.severity).toBe('warn');
    expect(texts(a)?.messageFr).toBe('Une trame invalide');
  });

  it("the room's own alerts about a table (the room view): codes of the catalogue, their facts, EN and FR", () => {
    const replaced = replacedAlert('7', 2, 1);
    expect(replaced.code).toBe('ROOM_TABLE_REPLACED');
    expect(replaced.facts).toEqual({ table: '7', count: 2 });
    expect(replaced.message).toBe(
      'Table 7 now sends from another event log (a new data folder or SD card under the same table id): its 2 histories are all kept in the archive. Check that only one table runs as 7.',
    );
    expect(replaced.messageFr).toBe(
      'La table 7 envoie désormais depuis un autre journal (un nouveau dossier de données ou une nouvelle carte SD sous le même identifiant) : ses 2 historiques sont tous conservés dans l’archive. Vérifiez qu’une seule table tourne sous l’identifiant 7.',
    );
    // a hand whose record names another hand number: the archive's own check gives the facts
    const problem = exportProblem({ handNo: 5, hand: { handNo: 4 } } as never);
    expect(problem).toEqual({ variant: 'handNo', recordHandNo: 4 });
    const refused = refusedAlert('3', 5, problem as NonNullable<typeof problem>, 1);
    expect(refused).toMatchObject({ code: 'ROOM_HAND_REFUSED', severity: 'stop', handNo: 5 });
    expect(refused.facts).toEqual({ table: '3', handNo: 5, variant: 'handNo', amount: 4 });
    expect(refused.messageFr).toBe(
      'Table 3 : la main 5 est refusée par l’archive (son enregistrement indique la main 4). Elle reste dans le journal de la table et les mains suivantes attendent derrière elle. Vérifiez le logiciel de la table et les noms des joueurs.',
    );
    const readBack = refusedAlert('3', 6, { variant: 'readBack', format: 'pokerstars', system: '2 hand headers' }, 1);
    expect(readBack.message).toContain('the PokerStars export does not read back: 2 hand headers');
    expect(readBack.messageFr).toContain('l’export PokerStars ne se relit pas : 2 hand headers');
  });
});
