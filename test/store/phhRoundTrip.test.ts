// PHH round trip (issues 5 and 14): every hand of test/fixtures/phh imported (parsePhh, phhToEvents), played through the
// engine and logged as the table logs it (with what the file said of itself: phhSource), exported by toPhh, then
// replayed strictly by replayPhh: the same actions, the same final stacks, and the file's own fields (players'
// names, event, venue and place, date) given back. The same hands exported to OHH, PokerStars and Ignition text
// account, from each text alone (accounting.ts), to the engine's final stacks; hhp and the Ignition parser read a
// sample of them. FELTWIRE_PHH_SAMPLE=N limits the run to every N-th file (default: all 8,130).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parsePhh, phhActions, phhSource, phhToEvents, replayPhh } from '../../src/phh/index.js';
import { MemoryLog } from '../../src/session/log.js';
import { HandArchive, type PlayedHand, toOhh, toPhh, toPokerStars, validateOhh } from '../../src/store/index.js';
import { defaultIdentity } from '../../src/store/tableIdentity.js';
import { PHH } from '../fixtures.js';
import { accountIgnition, accountOhh, accountPokerStars, finalsBySeat } from './accounting.js';
import { expectIgnitionParse, WALL0 } from './helpers.js';
import { expectHhpParse } from './hhpRead.js';

// the texts as a tournament's (hhp reads tournament headers only)
const IDENTITY = defaultIdentity({ room: 'PHH dataset', table: 'Table 1', game: 'tournament', tournamentId: '2023' });

function phhFiles(): string[] {
  const root = PHH;
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.phh')) out.push(join(dir, e.name));
    }
  };
  walk(root);
  return out.sort();
}

const every = Number(process.env.FELTWIRE_PHH_SAMPLE ?? '1');
const files = phhFiles().filter((_, i) => i % every === 0);
const hands: PlayedHand[] = [];

/** a PHH hand imported, played through the engine and logged as the table logs it, then read by the archive */
function play(original: ReturnType<typeof parsePhh>, handNo = 1): PlayedHand {
  const { config, events } = phhToEvents(original);
  const log = new MemoryLog();
  log.append('hand', handNo, { config, source: phhSource(original) }, WALL0);
  for (const ev of events) log.append('event', handNo, ev, WALL0 + ev.t);
  return new HandArchive(log, { identity: IDENTITY }).get(handNo);
}

describe('PHH round trip through the log and the exporter', () => {
  it(`finds the fixture hands (${files.length} under test)`, () => {
    expect(phhFiles().length).toBe(8130);
  });

  it('imports, plays, logs, exports and replays every hand to the same actions and stacks, keeping its fields', () => {
    const failures: string[] = [];
    let fractional = 0;
    let withEvent = 0;
    for (const file of files) {
      const original = parsePhh(readFileSync(file, 'utf8'), file);
      const played = play(original);
      hands.push(played);
      const exported = toPhh(played);
      const back = parsePhh(exported, `${file} (exported)`);
      const result = replayPhh(back);
      if ((original.finishingStacks ?? []).some((s) => !Number.isInteger(s))) fractional++;
      if (original.meta.event !== undefined) withEvent++;
      // what the file said of itself comes back: names, event, venue and place, date, hand number
      const lost = Object.entries(original.meta).filter(([k, v]) => JSON.stringify(back.meta[k]) !== JSON.stringify(v));
      if (!result.ok || !result.match)
        failures.push(`${file}: ${result.error ?? `stacks ${result.stacks} vs ${result.expected}`}`);
      // the same stacks as the engine's play of the original (PHH seat K = player pK in both)
      else if (result.stacks.join() !== result.stacks.map((_, i) => played.final.stacks[String(i + 1)]).join()) {
        failures.push(`${file}: stacks differ from the original's play`);
      }
      // the export adds the unshown mucks at showdown ('pN sm'), which the engine records as no action
      else if (back.actions.filter((a) => !/^p\d+ sm$/.test(a)).join('|') !== phhActions(played.final).join('|')) {
        failures.push(`${file}: actions changed`);
      } else if (back.actions.length - phhActions(played.final).length !== played.mucks.length) {
        failures.push(`${file}: mucks not written`);
      } else if (lost.length > 0) failures.push(`${file}: fields lost or changed: ${lost.map(([k]) => k).join(', ')}`);
      else if (JSON.stringify(back.players) !== JSON.stringify(original.players)) failures.push(`${file}: names lost`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    if (every === 1) {
      expect(fractional).toBe(4);
      expect(withEvent).toBe(6);
    }
  });

  it('every hand, exported to OHH, PokerStars and Ignition text, accounts to the engine stacks from the text alone', () => {
    const failures: string[] = [];
    for (const h of hands) {
      const finals = Object.fromEntries(Object.keys(h.config.seats).map((s) => [Number(s), h.final.stacks[s]]));
      const ohh = toOhh(h);
      const texts: [string, ReturnType<typeof finalsBySeat>, string[]][] = [];
      const stars = accountPokerStars(toPokerStars(h));
      const ignition = accountIgnition(toPokerStars(h, 'ignition'));
      const o = accountOhh(ohh);
      texts.push(['PokerStars', finalsBySeat(stars), stars.unknown]);
      texts.push(['Ignition', finalsBySeat(ignition), ignition.unknown]);
      texts.push(['OHH', finalsBySeat(o), [...o.unknown, ...validateOhh(ohh)]]);
      for (const [format, got, unknown] of texts) {
        if (unknown.length > 0) failures.push(`hand ${h.handNo} ${format}: unread ${unknown[0]}`);
        else if (JSON.stringify(got) !== JSON.stringify(finals))
          failures.push(`hand ${h.handNo} ${format}: ${JSON.stringify(got)} vs ${JSON.stringify(finals)}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(hands.length).toBe(files.length);
  });

  it('hhp and the Ignition parser read a sample of them back as the engine played them', async () => {
    const sample = hands.filter((_, i) => i % 25 === 0);
    expect(sample.length).toBeGreaterThan(every === 1 ? 300 : 0);
    for (const h of sample) {
      expectHhpParse(h);
      await expectIgnitionParse(h);
    }
  });

  it('round-trips a heads-up hand (the button posts the small blind; our p1 is the seat left of the button)', () => {
    const text = [
      "variant = 'NT'",
      'antes = [0, 0]',
      'blinds_or_straddles = [50, 100]',
      'min_bet = 100',
      'starting_stacks = [5000, 7000]',
      "actions = ['d dh p1 AhKh', 'd dh p2 2c2d', 'p1 cbr 300', 'p2 cc', 'd db Qh7h3s', 'p2 cc', 'p1 cbr 400', 'p2 cc', 'd db 9c', 'p2 cc', 'p1 cc', 'd db 4h', 'p2 cbr 1000', 'p1 cc', 'p2 sm 2c2d', 'p1 sm AhKh']",
      'finishing_stacks = [6700, 5300]',
    ].join('\n');
    const original = parsePhh(text, 'heads-up');
    expect(replayPhh(original)).toMatchObject({ ok: true, match: true });
    const { config, events } = phhToEvents(original);
    const log = new MemoryLog();
    log.append('hand', 1, { config }, WALL0);
    for (const ev of events) log.append('event', 1, ev, WALL0 + ev.t);
    const played = new HandArchive(log).get(1);
    const exported = parsePhh(toPhh(played), 'heads-up (exported)');
    // the button (the small blind) is the last player of the export
    expect(exported.blindsOrStraddles).toEqual([100, 50]);
    const again = replayPhh(exported);
    expect(again).toMatchObject({ ok: true, match: true });
    expect([...again.stacks].reverse()).toEqual([6700, 5300]);
  });
});

describe('an export of ours imported and exported again', () => {
  it('is the same hand with the same fields, each written once (valid TOML), the chip unit kept', () => {
    const file = phhFiles().find((f) => f.includes('wsop')) as string;
    const first = toPhh(play(parsePhh(readFileSync(file, 'utf8'), file)));
    const again = toPhh(play(parsePhh(first, 'first export'), 1));
    const a = parseToml(first) as Record<string, unknown>;
    const b = parseToml(again) as Record<string, unknown>;
    for (const k of ['event', 'city', 'players', 'finishing_stacks', 'winnings', 'actions', 'hand', 'day', 'year'])
      expect(b[k], k).toEqual(a[k]);
    expect(b._feltwire_chip_unit).toBe(1);
    expect(replayPhh(parsePhh(again, 'second export'))).toMatchObject({ ok: true, match: true });
  });
});
