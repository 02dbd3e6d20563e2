// Fewer than two seats with chips: the session deals no next hand and says so (TABLE_FINISHED, EN/FR), instead of
// starting a hand nobody can play (issue 14's tournament end; a cash table the same once its last opponent leaves).
// The table goes on as soon as a second player sits down, and recovery from the log agrees.
import { describe, expect, it } from 'vitest';
import { MemoryLog, TableSession } from '../../src/session/index.js';
import { texts } from '../alertTexts.js';
import { configOf } from '../engine/table.js';

describe('session: table finished', () => {
  it('cash: the last opponent left: the shuffle deals nothing and TABLE_FINISHED says why; a new player sits, play goes on', () => {
    const config = configOf({ seats: { 1: 5000, 2: 5000 }, button: 1 });
    let wall = 1_700_000_000_000;
    const log = new MemoryLog();
    const session = new TableSession({ config, log, now: () => wall });
    const at = (ev: Parameters<TableSession['ingest']>[0]) => {
      wall += 1000;
      session.ingest(ev);
    };
    // heads-up: seat 1 has the button and the small blind, seat 2 the big blind; seat 1 folds
    at({ kind: 'dealer', button: 'shuffle' });
    at({ kind: 'chips', seat: 1, chips: [25, 25] });
    at({ kind: 'chips', seat: 2, chips: [100] });
    for (const [i, c] of ['Ah', 'Kd', '7c', 'Qs'].entries())
      at({ kind: 'cardAt', card: c, zone: `seat${[2, 1][i % 2]}`, face: 'down' });
    at({ kind: 'say', seat: 1, say: 'fold' });
    expect(session.snapshot().handOver).toBe(true);
    // a cash table does not finish at the hand's end: a player may sit down before the shuffle
    expect(session.snapshot().tableAlerts).toEqual([]);
    session.changeSeats({ 2: 0 });
    at({ kind: 'dealer', button: 'shuffle' });
    at({ kind: 'dealer', button: 'shuffle' });
    let s = session.snapshot();
    expect(s.handNo).toBe(1);
    expect(s.handOver).toBe(true);
    const fin = s.tableAlerts.filter((a) => a.code === 'TABLE_FINISHED');
    expect(fin.length).toBe(1);
    expect(fin[0]).toMatchObject({ severity: 'warn', seat: 1, hand: 1 });
    expect(texts(fin[0])?.message).toBe(
      'Table finished after hand 1: only seat 1 has chips (4950); no next hand is dealt',
    );
    expect(texts(fin[0])?.messageFr).toMatch(
      /^Table terminée après le coup 1 : seul le siège 1 a des jetons \(4\u202f950\)/,
    );
    expect(texts(fin[0])?.remedy).toMatch(/second player sits down/);
    expect(texts(fin[0])?.remedyFr).toMatch(/second joueur/);
    // recovery replays the same finished table
    const again = TableSession.recover(log, { config, now: () => wall });
    expect(again.snapshot().handNo).toBe(1);
    expect(again.snapshot().tableAlerts.map((a) => a.code)).toEqual(['TABLE_FINISHED']);
    // the floor seats a player: the next shuffle deals hand 2
    session.changeSeats({ 3: 3000 });
    at({ kind: 'dealer', button: 'shuffle' });
    s = session.snapshot();
    expect(s.handNo).toBe(2);
    expect(s.config.seats).toEqual({ 1: 4950, 3: 3000 });
    expect(s.hand.phase).toBe('dealing');
  });
});
