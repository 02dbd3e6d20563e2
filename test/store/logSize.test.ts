// Retention: a 12-hour session of a busy table (30 hands an hour) logged as the session logs it, on SQLite, then
// read back by the archive. Prints the bytes per hand (issue 5 asks for the figure); the bound is the retention
// budget we promise (a season of sessions on one SD card), not a speed target.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePhh, phhToEvents } from '../../src/phh/index.js';
import { HandArchive, LOG_FILE, SqliteEventLog, toPhh } from '../../src/store/index.js';
import { PHH } from '../fixtures.js';
import { WALL0 } from './helpers.js';

const HANDS = 30 * 12;

function sessionHands(): string[] {
  const out: string[] = [];
  for (const sub of [
    'wsop-2023-43-5',
    'pluribus/100',
    'pluribus/101',
    'pluribus/102b',
    'pluribus/103',
    'pluribus/104',
  ]) {
    const dir = join(PHH, sub);
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.phh')) out.push(join(dir, f));
  }
  return out.slice(0, HANDS);
}

describe('log size over a 12-hour session', () => {
  it(`logs ${HANDS} hands and reports bytes per hand; the archive reads them all back`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-size-'));
    // bulk load: NORMAL sync makes the same file as FULL (one fsync per record, as the service runs) in a tenth of the time
    const log = SqliteEventLog.open(dir, { synchronous: 'NORMAL' });
    const files = sessionHands();
    expect(files).toHaveLength(HANDS);
    let wall = WALL0;
    let events = 0;
    for (const [i, file] of files.entries()) {
      const { config, events: evs } = phhToEvents(parsePhh(readFileSync(file, 'utf8'), file));
      log.append('hand', i + 1, { config }, wall);
      for (const ev of evs) log.append('event', i + 1, ev, wall + ev.t);
      events += evs.length;
      wall += 120_000;
    }
    const archive = new HandArchive(log);
    // the handEnd record as the session writes it
    for (const h of archive.list()) {
      const played = archive.get(h.handNo);
      const { stacks, pots, phase, board } = played.final;
      log.append('handEnd', h.handNo, { stacks, pots, phase, board }, wall);
    }
    log.checkpoint();
    const bytes = statSync(join(dir, LOG_FILE)).size;
    const perHand = Math.round(bytes / HANDS);
    process.stdout.write(
      `log size: ${HANDS} hands, ${events} events (${(events / HANDS).toFixed(0)}/hand): ${bytes} bytes, ${perHand} bytes/hand\n`,
    );
    expect(perHand).toBeLessThan(32 * 1024);
    const listed = archive.list();
    expect(listed).toHaveLength(HANDS);
    expect(listed.every((h) => h.complete)).toBe(true);
    const last = archive.get(HANDS);
    const direct = parsePhh(readFileSync(files[HANDS - 1], 'utf8'));
    expect(parsePhh(toPhh(last)).actions.filter((a) => !/ sm$/.test(a))).toEqual(
      direct.actions.filter((a) => !/ sm$/.test(a)),
    );
    log.close();
  });
});
