// The PokerStars text of hands played by the simulator and of shared scenarios, read by a maintained npm parser of
// PokerStars hand histories (hhp, thlorenz's Poker HandHistory Parser): every hand parses, and what it reads back
// is what our engine recorded (hhpRead.ts). The tables are tournaments: hhp has no pattern for a play-money cash
// header (its cash pattern needs a $ or EUR price).
import { basename } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryLog } from '../../src/session/log.js';
import { HandArchive, type PlayedHand, readLedger, toPokerStars } from '../../src/store/index.js';
import { defaultIdentity } from '../../src/store/tableIdentity.js';
import { loadScenario, logHands, playSimSession, scenarioFiles } from './helpers.js';
import { expectHhpParse, hhp, STREETS } from './hhpRead.js';

const TOURNAMENT = defaultIdentity({
  room: 'Club Lumière',
  table: 'Table 2',
  game: 'tournament',
  tournamentId: '77',
  seatCount: 6,
});

describe('a simulated session exported as PokerStars text, read by hhp', () => {
  const HANDS = 40;
  let hands: PlayedHand[] = [];
  beforeAll(async () => {
    const { dir } = await playSimSession(HANDS, 7);
    const archive = HandArchive.open(dir, { identity: TOURNAMENT });
    hands = archive.list().map((h) => archive.get(h.handNo));
    archive.close();
  });

  it('every hand parses and reads back as the engine recorded it', () => {
    expect(hands).toHaveLength(HANDS);
    for (const h of hands) expectHhpParse(h);
    // the session covered more than folds around: flops, showdowns, all-ins and raises were read
    const texts = hands.map((h) => toPokerStars(h));
    expect(texts.filter((t) => t.includes('*** SHOW DOWN ***')).length).toBeGreaterThan(0);
    expect(texts.filter((t) => t.includes('*** RIVER ***')).length).toBeGreaterThan(0);
    expect(texts.filter((t) => / raises \d+ to \d+/.test(t)).length).toBeGreaterThan(0);
  });

  it('the whole session as one file: parseHands reads every hand, no error', () => {
    const session = hands.map((h) => toPokerStars(h)).join('\n\n\n');
    const r = hhp.parseHands(session);
    expect(r.errors).toEqual([]);
    expect(r.count).toBe(HANDS);
    expect(r.parsedHands.map((p) => p.info.handid)).toEqual(hands.map((h) => h.handId));
  });
});

describe('shared scenarios exported as PokerStars text, read by hhp', () => {
  // the shared scenarios played to a showdown or a fold-out: the random hands and side-pot-odd-chip (the others stop
  // mid-hand at the situation they test)
  const files = scenarioFiles().filter((f) => /random|side-pot-odd-chip/.test(f));
  const archive = new HandArchive(logHands(files.map(loadScenario), new MemoryLog()), {
    identity: TOURNAMENT,
    names: { 1: 'Alice', 2: 'Bruno', 3: 'Chloé' },
  });
  const hands = archive.list().map((h) => archive.get(h.handNo));

  it('are the 50 random hands and side-pot-odd-chip, all decided', () => {
    expect(files).toHaveLength(51);
    expect(hands.every((h) => h.complete)).toBe(true);
  });

  it.each(files.map((f, i) => [basename(f), i]))('%s', (_f, i) => {
    expectHhpParse(hands[i]);
  });

  it('side-pot-odd-chip: the main and side pot and the odd chip are read as the engine awarded them', () => {
    const h = hands[files.findIndex((f) => f.endsWith('side-pot-odd-chip.json'))];
    const hh = expectHhpParse(h);
    const collected = [...STREETS.flatMap((s) => hh[s]), ...hh.showdown].filter((a) => a.type === 'collect');
    expect(collected.reduce((n, a) => n + (a.amount ?? 0), 0)).toBe(readLedger(h).totalPot);
    expect(new Set(collected.map((a) => a.pot))).toEqual(new Set(['main', 'side']));
    expect(collected.some((a) => (a.amount ?? 0) % 2 === 1)).toBe(true);
  });
});
