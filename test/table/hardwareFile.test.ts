import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AntennaMap, loadHardwareFile, TableError, validateHardwareFile } from '../../src/table/index.js';

const SIM_TABLE = new URL('../../hardware/tables/sim-table.json', import.meta.url).pathname;
const simJson = () => JSON.parse(readFileSync(SIM_TABLE, 'utf8'));

function errorsOf(json: unknown): string[] {
  try {
    validateHardwareFile(json);
  } catch (err) {
    expect(err).toBeInstanceOf(TableError);
    expect((err as TableError).code).toBe('HARDWARE_FILE_INVALID');
    return (err as TableError).details;
  }
  throw new Error('expected the hardware file to be refused');
}

describe('hardware file', () => {
  it('loads the simulator table: 6 seats, 16 antennas, every zone mapped', () => {
    const hw = loadHardwareFile(SIM_TABLE);
    const map = new AntennaMap(hw);
    expect(hw.seats).toBe(6);
    expect(map.antennas).toHaveLength(16);
    expect(map.zoneOf(0)).toBe('seat1');
    expect(map.zoneOf(11)).toBe('bet6');
    expect(map.antennaOf('enroll')).toBe(15);
    expect(map.zoneOf(99)).toBeUndefined();
  });

  it('names the field of a bad zone, a missing field and an unknown field', () => {
    const hw = simJson();
    hw.antennas[3].zone = 'seat11';
    delete hw.antennas[5].reader;
    hw.antennas[7].colour = 'red';
    const errors = errorsOf(hw);
    expect(errors).toContain(
      'antennas[3].zone: "seat11" is not valid (expected ^(seat([1-9]|10)|bet([1-9]|10)|board|burn|muck|enroll)$)',
    );
    expect(errors).toContain('antennas[5].reader: missing (required)');
    expect(errors).toContain('antennas[7].colour: unknown field');
  });

  it('refuses a wrong type with the value it got', () => {
    const hw = simJson();
    hw.seats = 'six';
    const errors = errorsOf(hw);
    expect(errors.some((e) => e.startsWith('seats: must be integer') && e.includes('"six"'))).toBe(true);
  });

  it('refuses an antenna mapped twice, an unknown reader, a zone beyond the seats and an unwired seat', () => {
    const hw = simJson();
    hw.antennas[1].antenna = 0; // seat2's antenna now collides with seat1's; seat2 is left unwired
    hw.antennas[2].reader = 'nope';
    hw.seats = 5; // seat6 and bet6 now lie beyond the table
    const errors = errorsOf(hw);
    expect(errors).toContain('antennas[1].antenna: antenna 0 is already mapped by antennas[0]');
    expect(errors).toContain('antennas[2].reader: no reader with id "nope" in readers');
    expect(errors).toContain('antennas[5].zone: "seat6" is beyond the table\'s 5 seats');
    expect(errors).not.toContain('antennas: no antenna for zone "seat2"');
  });

  it('refuses a table without a board, an antenna beyond the bridge and a panel LED for a missing seat', () => {
    const hw = simJson();
    hw.antennas = hw.antennas.filter((a: { zone: string }) => a.zone !== 'board');
    hw.antennas[0].antenna = 20;
    hw.panel.seatLeds['9'] = 30;
    const errors = errorsOf(hw);
    expect(errors).toContain('antennas: no antenna for zone "board"');
    expect(errors).toContain("antennas[0].antenna: 20 is beyond the bridge's 16 antennas (0-15)");
    expect(errors).toContain("panel.seatLeds.9: seat 9 is beyond the table's 6 seats");
  });

  it('reports an unreadable path and a file that is not JSON, with the path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-'));
    expect(() => loadHardwareFile(join(dir, 'none.json'))).toThrow(/cannot read hardware file .*none\.json/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ "name": ');
    try {
      loadHardwareFile(bad);
      throw new Error('expected a refusal');
    } catch (err) {
      expect((err as TableError).code).toBe('HARDWARE_FILE_INVALID');
      expect((err as Error).message).toContain('bad.json is not JSON');
    }
  });
});

describe('the 10-seat table of hardware/README.md', () => {
  it('validates and numbers its antennas as the firmware does (0-9 seats, 10-19 bets, 20 board, 21 burn, 22 muck, 23 enroll)', () => {
    const map = new AntennaMap(
      loadHardwareFile(new URL('../../hardware/tables/table-10.json', import.meta.url).pathname),
    );
    expect(map.antennas).toHaveLength(24);
    expect([map.zoneOf(0), map.zoneOf(9), map.zoneOf(10), map.zoneOf(19)]).toEqual([
      'seat1',
      'seat10',
      'bet1',
      'bet10',
    ]);
    expect([map.zoneOf(20), map.zoneOf(21), map.zoneOf(22), map.zoneOf(23)]).toEqual([
      'board',
      'burn',
      'muck',
      'enroll',
    ]);
  });

  it("its parts list names a PN5180 and an RF switch for each of the table file's readers, and the cabling as many", () => {
    const file = JSON.parse(readFileSync(new URL('../../hardware/tables/table-10.json', import.meta.url), 'utf8')) as {
      readers: Array<{ id: string }>;
    };
    const readme = readFileSync(new URL('../../hardware/README.md', import.meta.url), 'utf8');
    const parts = readme.slice(readme.indexOf('## Parts list'), readme.indexOf('## Antennas'));
    const qty = (part: string) => Number(new RegExp(`^\\| (\\d+) \\| ${part}`, 'm').exec(parts)?.[1]);
    const n = file.readers.length;
    expect(n).toBe(7);
    expect(qty('NXP PN5180')).toBe(n);
    expect(qty('13.56 MHz SP8T')).toBe(n);
    for (const r of file.readers) expect(parts, r.id).toContain(r.id);
    expect(readme).toContain(`${n} x PN5180`);
    expect(readme).toContain(`${n} x SP8T`);
  });
});
