// The session on the real engine: the fixture scenarios (test/fixtures/scenarios) fed through TableSession.ingest give the same hand as the
// engine fed directly, and recover() from the log cut at any point rebuilds exactly that point.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEvent, createHand, parseScenario, snapshot } from '../../src/engine/index.js';
import type { TableEvent } from '../../src/engine/types.js';
import { MemoryLog, type TableEventInput, TableSession } from '../../src/session/index.js';
import { SCENARIOS } from '../fixtures.js';

const DIR = SCENARIOS;
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

const withoutT = (ev: TableEvent): TableEventInput => {
  const { t: _t, ...rest } = ev;
  return rest as TableEventInput;
};

describe('TableSession on the engine, over the fixture scenarios', () => {
  it('finds the scenarios', () => expect(files.length).toBeGreaterThan(5));
  for (const file of files) {
    it(file, () => {
      const sc = parseScenario(JSON.parse(readFileSync(join(DIR, file), 'utf8')));
      const base = 1_700_000_000_000;
      let wall = base;
      const log = new MemoryLog();
      const session = new TableSession({ config: sc.config, log, now: () => wall });
      let direct = createHand(sc.config);
      const cuts: Array<{ records: number; hand: ReturnType<typeof snapshot> }> = [];
      for (const ev of sc.events) {
        wall = base + ev.t;
        session.ingest(withoutT(ev));
        direct = applyEvent(direct, ev);
        cuts.push({ records: [...log.records()].length, hand: snapshot(direct) });
      }
      expect(session.snapshot().hand).toEqual(snapshot(direct));
      // every event went to the log with the scenario's own t
      const logged = [...log.records()].filter((r) => r.kind === 'event').map((r) => (r.data as TableEvent).t);
      expect(logged).toEqual(sc.events.map((e) => e.t));
      // recovery at a few points of the hand
      for (const k of [1, Math.floor(cuts.length / 2), cuts.length - 1]) {
        const cut = new MemoryLog();
        for (const r of [...log.records()].slice(0, cuts[k].records)) cut.append(r.kind, r.hand, r.data, r.wall);
        const back = TableSession.recover(cut, { config: sc.config, now: () => wall });
        expect(back.snapshot().hand, `${file} cut after event ${k}`).toEqual(cuts[k].hand);
        back.close();
      }
      session.close();
    });
  }
});
