// The table's identity in its hand histories (DATA/table.json): kept across starts, options over it, bad values
// refused with a clear message; hand ids unique across tables and days. And as a user sets it: `feltwire start
// --room-name ... --table-name ... --game tournament --table-id ...` (the built CLI, the simulator at fast pace),
// then the hands the live table exports name that room and table.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/index.js';
import {
  handId,
  IDENTITY_FILE,
  loadTableIdentity,
  readTableIdentity,
  zonedTime,
} from '../../src/store/tableIdentity.js';
import { startCli } from '../server/startProcess.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/feltwire.js');
const fresh = () => mkdtempSync(join(tmpdir(), 'feltwire-identity-'));

describe('DATA/table.json', () => {
  it('is written on the first start with a table id drawn once, then kept; options change it and are kept', () => {
    const dir = fresh();
    const first = loadTableIdentity(dir);
    expect(first).toMatchObject({ room: 'feltwire', game: 'cash', timeZone: 'UTC' });
    expect(first.tableId).toMatch(/^[1-9]\d{8}$/);
    // the name comes from the id: two tables started without --table-name are not both "Table 1"
    expect(first.table).toBe(`Table ${first.tableId}`);
    expect(loadTableIdentity(fresh()).table).not.toBe(first.table);
    expect(JSON.parse(readFileSync(join(dir, IDENTITY_FILE), 'utf8'))).toEqual(first);
    expect(loadTableIdentity(dir)).toEqual(first);
    const named = loadTableIdentity(dir, { room: 'Cercle Clichy', table: 'Table 9', game: 'tournament' });
    expect(named).toMatchObject({ tableId: first.tableId, room: 'Cercle Clichy', game: 'tournament' });
    // a later start without the options keeps them
    expect(loadTableIdentity(dir)).toEqual(named);
    // another data folder is another table
    expect(loadTableIdentity(fresh()).tableId).not.toBe(first.tableId);
  });

  it('refuses what would break the texts or the ids, saying what is wrong', () => {
    const dir = fresh();
    const bad = (o: Parameters<typeof loadTableIdentity>[1]) => () => loadTableIdentity(dir, o);
    expect(bad({ tableId: '12ab' })).toThrow(/table id: 1 to 9 digits, not '12ab'/);
    expect(bad({ table: "Bob's table" })).toThrow(/table name: no quotes, brackets or line breaks/);
    expect(bad({ timeZone: 'Mars/Olympus' })).toThrow(/time zone: an IANA zone/);
    expect(bad({ game: 'sng' as 'cash' })).toThrow(/game: cash or tournament/);
    expect(bad({ seatCount: 11 })).toThrow(/seat count: 2 to 10/);
    expect(bad({ tableId: '12ab' })).toThrow(StoreError);
    writeFileSync(join(dir, IDENTITY_FILE), '{ not json');
    expect(() => loadTableIdentity(dir)).toThrow(/table.json: not JSON/);
  });

  it('a folder without table.json (an older log) reads the same identity every time, without writing', () => {
    const dir = fresh();
    const a = readTableIdentity(dir, Date.UTC(2026, 10, 30, 19, 0, 0));
    expect(readTableIdentity(dir, Date.UTC(2026, 10, 30, 19, 0, 0))).toEqual(a);
    expect(a.tableId).toMatch(/^\d{9}$/);
    expect(existsSync(join(dir, IDENTITY_FILE))).toBe(false);
  });

  it('hand ids: the table id on nine digits and the hand number on seven, never the same for two tables', () => {
    expect(handId({ tableId: '483920117' }, 12)).toBe('4839201170000012');
    expect(handId({ tableId: '42' }, 1)).toBe('0000000420000001');
    // table 1 hand 10 and table 10 hand 1 (what a plain concatenation would confuse)
    expect(handId({ tableId: '1' }, 10)).not.toBe(handId({ tableId: '10' }, 1));
    expect(() => handId({ tableId: '1' }, 0)).toThrow(StoreError);
  });

  it("the room's clock: local time and zone abbreviation of an IANA zone", () => {
    const z = zonedTime(Date.UTC(2026, 10, 30, 23, 30, 5), 'Europe/Paris');
    expect(z).toMatchObject({ year: 2026, month: 12, day: 1, hour: 0, minute: 30, second: 5 });
    expect(z.abbreviation).toMatch(/^(CET|GMT\+1)$/);
  });
});

describe.runIf(existsSync(join(ROOT, 'dist/src/cli/commands/start.js')))(
  'feltwire start --room-name ... (built CLI)',
  () => {
    it('keeps the identity in table.json, and the live table exports its hands under it', async () => {
      const data = fresh();
      const live = startCli([
        '--data',
        data,
        '--room-name',
        'Cercle Clichy',
        '--table-name',
        'Table 9',
        '--table-id',
        '123',
        '--game',
        'tournament',
        '--time-zone',
        'Europe/Paris',
      ]);
      try {
        const url = await live.url;
        expect(JSON.parse(readFileSync(join(data, IDENTITY_FILE), 'utf8'))).toEqual({
          room: 'Cercle Clichy',
          table: 'Table 9',
          tableId: '123',
          game: 'tournament',
          tournamentId: '123',
          timeZone: 'Europe/Paris',
          seatCount: 6,
        });
        const token = (JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')) as Record<string, string>)
          .commentator;
        const auth = { headers: { authorization: `Bearer ${token}` } };
        // the simulator plays; wait for its first hand to end
        let done = false;
        for (let i = 0; i < 120 && !done; i++) {
          const list = (await (await fetch(`${url}/api/hands`, auth)).json()) as { hands: { complete: boolean }[] };
          done = list.hands.some((h) => h.complete);
          if (!done) await new Promise((r) => setTimeout(r, 500));
        }
        expect(done).toBe(true);
        const ohh = (await (await fetch(`${url}/api/hands/1/export/ohh`, auth)).json()) as {
          ohh: Record<string, unknown>;
        };
        expect(ohh.ohh).toMatchObject({
          site_name: 'Cercle Clichy',
          table_name: 'Table 9',
          game_number: '0000001230000001',
          tournament: true,
          table_size: 6,
        });
        const stars = await (await fetch(`${url}/api/hands/1/export/pokerstars`, auth)).text();
        expect(stars).toMatch(
          /^PokerStars Hand #0000001230000001: Tournament #123, Freeroll {2}Hold'em No Limit - Level I /,
        );
        expect(stars).toContain("Table '123 9' 6-max");
        const phh = await (await fetch(`${url}/api/hands/1/export/phh`, auth)).text();
        expect(phh).toContain('time_zone = "Europe/Paris"');
      } finally {
        await new Promise<void>((r) => {
          live.child.once('exit', () => r());
          live.child.kill('SIGTERM');
        });
      }
      // `feltwire export` of the same folder, later, names the hands the same way
      const r = spawnSync(process.execPath, [BIN, 'export', '--format', 'ohh', '--data', data, '--to', '1'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout).ohh.game_number).toBe('0000001230000001');
    }, 90_000);

    it('refuses a bad identity option with a clear message and status 2', () => {
      const r = spawnSync(process.execPath, [BIN, 'start', '--data', fresh(), '--game', 'sng'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--game must be cash or tournament: sng/);
      const id = spawnSync(process.execPath, [BIN, 'start', '--data', fresh(), '--table-id', 'x1'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(id.status).toBe(2);
      expect(id.stderr).toMatch(/table id: 1 to 9 digits, not 'x1'/);
    });
  },
);
