// The room page's texts: English and French complete, the same placeholders in both, every key the page uses there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOM_STRINGS } from '../../web/src/roomStrings.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('room page texts', () => {
  it('French has every English key, non-empty, with the same placeholders', () => {
    const en = ROOM_STRINGS.en as Record<string, unknown>;
    const fr = ROOM_STRINGS.fr as Record<string, unknown>;
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(en)) {
      if (typeof v === 'string') {
        expect(String(fr[k]).trim(), k).not.toBe('');
        expect(placeholders(String(fr[k])), k).toEqual(placeholders(v));
      } else {
        expect(Object.keys(fr[k] as object).sort(), k).toEqual(Object.keys(v as object).sort());
      }
    }
    // the phases the engine produces all have a label
    for (const p of ['waiting', 'dealing', 'betting', 'board', 'showdown', 'complete', 'misdeal'])
      expect(ROOM_STRINGS.fr.phase[p], p).toBeTruthy();
  });

  it('every rt("key") in web/src/room.ts is a key of the catalogue', () => {
    const text = readFileSync(join(import.meta.dirname, '../../web/src/room.ts'), 'utf8');
    const used = new Set([...text.matchAll(/\brt\('([A-Za-z]+)'/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(25);
    for (const k of used) expect(Object.hasOwn(ROOM_STRINGS.en, k), k).toBe(true);
  });
});
