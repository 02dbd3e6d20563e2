import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ChipEnrollment,
  DeckCheck,
  DeckEnrollment,
  ENROLL_ORDER,
  type EnrollEvent,
  TableError,
  TableLayer,
  TagRegistry,
} from '../../src/table/index.js';
import { A, card, chip, simHardware } from './helpers.js';

const fresh = (i: number) => `04A1${i.toString(16).toUpperCase().padStart(4, '0')}`; // 8-digit UIDs of a new deck

function expectCode(fn: () => unknown, code: string): TableError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TableError);
    expect((err as TableError).code).toBe(code);
    return err as TableError;
  }
  throw new Error(`expected ${code}`);
}

describe('deck enrollment (guided, over the enroll antenna)', () => {
  it('prompts each card in order, counts progress 0-52, reports a tag presented twice, and commits a full deck', () => {
    const reg = new TagRegistry();
    const flow = new DeckEnrollment(reg, 'blue', 'Blue deck');
    expect(flow.progress).toBe(0);
    expect(flow.expected()).toBe('2s');
    expect(flow.offer(fresh(0))).toEqual({ status: 'enrolled', uid: fresh(0), card: '2s', progress: 1 });
    expect(flow.offer(fresh(0).toLowerCase())).toEqual({ status: 'duplicate', uid: fresh(0), card: '2s', progress: 1 });
    expect(flow.expected()).toBe('2h');
    for (let i = 1; i < 52; i++) flow.offer(fresh(i));
    expect(flow.progress).toBe(52);
    expect(flow.expected()).toBeNull();
    expect(flow.offer('04A1FFFF').status).toBe('complete');
    const report = flow.finish();
    expect(report.missing).toEqual([]);
    expect(report.duplicates).toEqual([{ uid: fresh(0), card: '2s' }]);
    expect(reg.lookup(fresh(51))).toEqual({ type: 'card', card: 'Ac', deck: 'blue', inPlay: true });
    expect(reg.deckInPlay).toBe('blue');
  });

  it('reports missing cards (skipped), refuses an incomplete deck unless asked, and refuses tags of another deck', () => {
    const reg = new TagRegistry();
    reg.addDeck('red', 'Red', { '0BADF00D': 'Ah' });
    const flow = new DeckEnrollment(reg, 'blue');
    expect(flow.offer('0BADF00D')).toEqual({ status: 'conflict', uid: '0BADF00D', owner: 'deck "red"', progress: 0 });
    expect(flow.skip()).toBe('2s');
    expect(flow.skip()).toBe('2h');
    for (let i = 0; i < 50; i++) flow.offer(fresh(i));
    expect(flow.expected()).toBeNull();
    expect(flow.report().missing).toEqual(['2s', '2h']);
    const err = expectCode(() => flow.finish(), 'ENROLLMENT_INCOMPLETE');
    expect(err.message).toContain('50/52');
    expect(err.details).toEqual(['missing: 2s 2h']);
    flow.revisitSkipped();
    expect(flow.expected()).toBe('2s');
    flow.offer('0C0FFEE0');
    flow.offer('0C0FFEE1');
    expect(flow.finish().progress).toBe(52);
    expect(reg.lookup('0C0FFEE1')).toMatchObject({ card: '2h', deck: 'blue', inPlay: false });
  });

  it('a deck id already enrolled is refused', () => {
    const reg = new TagRegistry();
    reg.addDeck('red', 'Red', {});
    expectCode(() => new DeckEnrollment(reg, 'red'), 'DECK_EXISTS');
  });

  it('runs through the table layer: tags on the enroll antenna reach the flow, never the engine', () => {
    const reg = new TagRegistry();
    const layer = new TableLayer({ hardware: simHardware(), registry: reg, latchOffMs: 0 });
    const seen: EnrollEvent[] = [];
    const engineEvents: unknown[] = [];
    layer.on('enroll', (e) => seen.push(e));
    layer.on('event', (e) => engineEvents.push(e));
    const flow = layer.beginEnrollment(new DeckEnrollment(reg, 'green'));
    expectCode(() => layer.beginEnrollment(new ChipEnrollment(reg, 'chips')), 'ENROLLMENT_BUSY');
    let at = 0;
    for (let i = 0; i < 52; i++) {
      layer.ingest({ kind: 'arrive', antenna: A.enroll, uid: fresh(i), face: '-', at: ++at, orderKnown: true });
      layer.ingest({ kind: 'leave', antenna: A.enroll, uid: fresh(i), at: ++at, orderKnown: true });
    }
    layer.endEnrollment();
    expect(seen).toHaveLength(52);
    expect(seen[0]).toEqual({
      flow: 'deck',
      step: { status: 'enrolled', uid: fresh(0), card: '2s', progress: 1 },
      expected: '2h',
    });
    expect(seen[51].expected).toBeNull();
    expect(engineEvents).toEqual([]);
    flow.finish();
    // the new deck is now in play: its cards reach the engine
    layer.ingest({ kind: 'arrive', antenna: A.board, uid: fresh(51), face: '-', at: ++at, orderKnown: true });
    expect(engineEvents).toMatchObject([{ kind: 'cardAt', card: 'Ac', zone: 'board' }]);
  });
});

describe('chip-set enrollment', () => {
  it('counts chips per denomination, reports duplicates and tags of a deck, and adds to the set on finish', () => {
    const reg = new TagRegistry();
    reg.addDeck('red', 'Red', { '0BADF00D': 'Ah' });
    const flow = new ChipEnrollment(reg, 'house', 'House chips');
    expectCode(() => flow.offer(chip(0, 1)), 'DENOMINATION_INVALID');
    expectCode(() => flow.setDenomination(0), 'DENOMINATION_INVALID');
    flow.setDenomination(25);
    flow.offer(chip(0, 1));
    flow.offer(chip(0, 2));
    expect(flow.offer(chip(0, 1))).toMatchObject({ status: 'duplicate', denomination: 25 });
    flow.setDenomination(500);
    flow.offer(chip(2, 1));
    expect(flow.offer('0BADF00D')).toMatchObject({ status: 'conflict', owner: 'deck "red"' });
    const report = flow.finish();
    expect(report.counts).toEqual({ '25': 2, '500': 1 });
    expect(report.total).toBe(3);
    expect(report.duplicates).toHaveLength(1);
    expect(reg.lookup(chip(2, 1))).toEqual({ type: 'chip', value: 500, set: 'house' });
    expect(reg.denominations()).toEqual([25, 500]);
  });
});

describe('deck check', () => {
  it('a deck laid on the enroll antenna (one inventory) is checked: missing, foreign and unknown tags', () => {
    const reg = new TagRegistry();
    const red: Record<string, string> = {};
    const blue: Record<string, string> = {};
    ENROLL_ORDER.forEach((c) => {
      red[card(c, 0)] = c;
      blue[card(c, 1)] = c;
    });
    reg.addDeck('red', 'Red', red);
    reg.addDeck('blue', 'Blue', blue);
    const layer = new TableLayer({ hardware: simHardware(), registry: reg });
    const check = layer.beginEnrollment(new DeckCheck(reg, 'red'));
    const uids = ENROLL_ORDER.filter((c) => c !== 'Td' && c !== '4c').map((c) => card(c, 0));
    uids.push(card('Qs', 1), 'FEEDFACE');
    layer.ingest({ kind: 'inventory', antenna: A.enroll, uids, at: 1 });
    const r = check.report();
    expect(r.present).toBe(50);
    expect(r.missing).toEqual(['4c', 'Td']);
    expect(r.foreign).toEqual([{ uid: card('Qs', 1), card: 'Qs', deck: 'blue' }]);
    expect(r.unknown).toEqual(['FEEDFACE']);
    expect(r.ok).toBe(false);
  });
});

describe('registry file', () => {
  it('round-trips through its JSON file and refuses a corrupt one naming the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reg-'));
    const path = join(dir, 'sub', 'tags.json');
    const reg = new TagRegistry();
    reg.addDeck('red', 'Red', { '0BADF00D': 'Ah', '0BADF00E': 'kd' });
    reg.addChips('house', 'House', { '0000C001': 100 });
    reg.save(path);
    const back = TagRegistry.load(path);
    expect(back.toJSON()).toEqual(reg.toJSON());
    expect(back.lookup('0badf00e')).toMatchObject({ card: 'Kd' });
    expect(TagRegistry.load(join(dir, 'none.json')).listDecks()).toEqual([]);
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ deckInPlay: null, decks: [{ id: 'x', name: 'x', cards: { AAAAAAAA: 'Zz' } }], chipSets: [] }),
    );
    const err = expectCode(() => TagRegistry.load(bad), 'REGISTRY_INVALID');
    expect(err.details[0]).toMatch(/^decks\[0\]\.cards\.AAAAAAAA: "Zz" is not valid/);
  });

  it('refuses a card on two tags, a tag in two places and a malformed UID', () => {
    const reg = new TagRegistry();
    const err = expectCode(() => reg.addDeck('red', 'Red', { '0BADF00D': 'Ah', '0BADF00E': 'Ah' }), 'TAG_CONFLICT');
    expect(err.details).toEqual(['Ah is on two tags: 0BADF00D and 0BADF00E']);
    reg.addDeck('red', 'Red', { '0BADF00D': 'Ah' });
    expectCode(() => reg.addChips('c', 'c', { '0BADF00D': 5 }), 'TAG_CONFLICT');
    expectCode(() => reg.addDeck('blue', 'Blue', { XYZ: 'Ah' }), 'UID_INVALID');
  });
});
