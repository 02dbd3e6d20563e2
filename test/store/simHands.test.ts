// Hands played by E's simulator (its dealer and players, mistakes injected), logged on SQLite hand by hand as the
// session logs them, then read back read-only by the archive: the PHH export is accepted by `feltwire replay`, the
// OHH validates, and the PokerStars-style text of the session is read back by @poker-apprentice/hand-history-parser.
// The events are the simulator's own (what its own reckoning applied, recorded by playSimSession in helpers.ts); the hardware path from
// the simulator to the service is covered by E's and F's tests and by serviceKill.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimHandReport } from '../../src/sim/index.js';
import { type PlayedHand, toOhh, toPhh, toPokerStars, validateOhh } from '../../src/store/index.js';
import { expectIgnitionParse, playSimSession } from './helpers.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const HANDS = 40;

let dir = '';
let reports: SimHandReport[] = [];
let hands: PlayedHand[] = [];

beforeAll(async () => {
  const session = await playSimSession(HANDS);
  ({ dir, reports, hands } = session);
  process.stdout.write(
    `simulated session log: ${HANDS} hands, ${session.logged} events, ${session.bytes} bytes, ${Math.round(session.bytes / HANDS)} bytes/hand\n`,
  );
});

describe('hands played by the simulator, logged and exported', () => {
  it('re-run from the log, every hand ends as the simulator saw it', () => {
    expect(reports).toHaveLength(HANDS);
    expect(hands).toHaveLength(HANDS);
    for (const r of reports) {
      const h = hands[r.hand - 1];
      expect(h.complete, `hand ${r.hand}`).toBe(r.complete);
      expect(h.final.stacks, `hand ${r.hand}`).toEqual(r.stacks);
    }
    expect(hands.some((h) => h.final.alerts.some((a) => a.code === 'BURN_MISSED'))).toBe(true);
    expect(hands.some((h) => h.final.alerts.some((a) => a.code === 'CARD_EXPOSED'))).toBe(true);
  });

  it('export to PHH that feltwire replay accepts, the mistakes written as comments', () => {
    expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'run npm run build').toBe(true);
    const out = join(dir, 'phh');
    mkdirSync(out);
    const done = hands.filter((h) => h.complete);
    expect(done).toHaveLength(HANDS);
    for (const h of done) writeFileSync(join(out, `hand-${h.handNo}.phh`), toPhh(h));
    const missed = done.find((h) => h.final.alerts.some((a) => a.code === 'BURN_MISSED'));
    expect(missed && toPhh(missed)).toMatch(/# alert: BURN_MISSED \(/);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/feltwire.js'), 'replay', out], { encoding: 'utf8' });
    expect(r.stdout.trim().split('\n').pop()).toBe(`${done.length} passed, 0 failed`);
    expect(r.status).toBe(0);
  });

  it('export to OHH that validates against the OHH 1.4 schema', () => {
    for (const h of hands) expect(validateOhh(toOhh(h)), `hand ${h.handNo}`).toEqual([]);
  });

  it('export to PokerStars-style text; the Ignition dialect is read back by @poker-apprentice/hand-history-parser', async () => {
    for (const h of hands) await expectIgnitionParse(h);
    const session = hands.map((h) => toPokerStars(h)).join('\n\n\n');
    expect([...session.matchAll(/^PokerStars Hand #\d+:/gm)]).toHaveLength(hands.length);
  });
});
