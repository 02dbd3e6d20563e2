// The host's count of the registry's UID prefixes against the reader bridge's 16 (firmware-bridge/src/presence.cpp:
// a prefix is the UID's length and its bytes before the last 4), and the simulator's tags within it.
import { describe, expect, it } from 'vitest';
import { SIM_DENOMINATIONS, simulatedRegistry } from '../../src/sim/index.js';
import { BRIDGE_UID_PREFIXES, checkUidPrefixes, uidPrefix } from '../../src/table/index.js';

const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0');
/** a 7-byte NTAG UID of lot `lot` (its first 3 bytes 04 A1 <lot>) */
const ntag = (lot: number, n: number) => `04A1${hex(lot, 2)}${hex(n, 8)}`;
/** an 8-byte ISO 15693 UID of lot `lot` (E0 04 01 <lot>) */
const iso = (lot: number, n: number) => `E00401${hex(lot, 2)}${hex(n, 8)}`;

describe('UID prefixes', () => {
  it('forms the prefix as the firmware does: 4-byte UIDs none, 7-byte the first 3 bytes, 8-byte the first 4', () => {
    expect(uidPrefix('DC000100')).toBe('4:');
    expect(uidPrefix('C1000005')).toBe('4:');
    expect(uidPrefix('04a10012345678')).toBe('7:04A100');
    expect(uidPrefix('E004015012345678')).toBe('8:E0040150');
    // the same leading bytes at another length are another prefix (the firmware keys on the length too)
    expect(uidPrefix('E0040150123456')).toBe('7:E00401');
  });

  it('counts distinct prefixes: every 4-byte UID is one, a lot of NTAG or ISO 15693 tags one each', () => {
    const uids = [
      'DC000000',
      'C0000001',
      'C5FFFFFF',
      ...Array.from({ length: 52 }, (_, i) => ntag(0, i)),
      ...Array.from({ length: 300 }, (_, i) => iso(0x50, i)),
    ];
    const c = checkUidPrefixes(uids);
    expect(c).toMatchObject({ count: 3, capacity: BRIDGE_UID_PREFIXES, ok: true, beyond: [] });
    expect(c.prefixes).toEqual(['4:', '7:04A100', '8:E0040150']);
  });

  it('exactly 16 prefixes is within capacity; a 17th is refused and its tags named', () => {
    expect(BRIDGE_UID_PREFIXES).toBe(16);
    // 8 NTAG lots and 7 ISO 15693 lots and the 4-byte UIDs: 16
    const sixteen = [
      ...Array.from({ length: 8 }, (_, lot) => [ntag(lot, 1), ntag(lot, 2)]).flat(),
      ...Array.from({ length: 7 }, (_, lot) => [iso(lot, 1), iso(lot, 2)]).flat(),
      'DC000100',
    ];
    const ok = checkUidPrefixes(sixteen);
    expect(ok).toMatchObject({ count: 16, ok: true, beyond: [] });
    const over = checkUidPrefixes([...sixteen, iso(0x77, 1), ntag(3, 9), iso(0x77, 2)]);
    expect(over.count).toBe(17);
    expect(over.ok).toBe(false);
    // the 17th prefix's two tags, not the one of an existing lot between them
    expect(over.beyond).toEqual([
      { uid: iso(0x77, 1), prefix: '8:E0040177' },
      { uid: iso(0x77, 2), prefix: '8:E0040177' },
    ]);
  });

  it("the simulator's decks and chips stay within the bridge's capacity", () => {
    const reg = simulatedRegistry({ decks: 4, denominations: SIM_DENOMINATIONS });
    const c = checkUidPrefixes(reg.uids());
    expect(reg.uids().length).toBe(4 * 52 + 400 * SIM_DENOMINATIONS.length);
    expect(c.ok).toBe(true);
    expect(c.count).toBeLessThanOrEqual(BRIDGE_UID_PREFIXES);
  });
});
