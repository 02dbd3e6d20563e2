// The room page's texts: English and French complete, valid ICU messages (FormatJS's parser) with the same arguments
// in both, plurals where a count is shown, every key the page uses there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { foldName, nameMatches } from '../../src/nameSearch.js';
import { ROOM_STRINGS } from '../../web/src/roomStrings.js';

function args(els: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of els) {
    if (e.type === TYPE.argument || e.type === TYPE.number) out.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      out.add(e.value);
      for (const o of Object.values(e.options)) args(o.value, out);
    }
  }
  return out;
}
const placeholders = (s: string) => [...args(parse(s))].sort();
const fmt = (lang: 'en' | 'fr', key: keyof typeof ROOM_STRINGS.en, v: Record<string, number>) =>
  String(new IntlMessageFormat(String(ROOM_STRINGS[lang][key]), lang === 'fr' ? 'fr-FR' : 'en-GB').format(v));

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

  it('counts take their plural in both languages, numbers by locale', () => {
    expect(fmt('en', 'found', { n: 1 })).toBe('1 hand');
    expect(fmt('en', 'found', { n: 2 })).toBe('2 hands');
    expect(fmt('fr', 'found', { n: 1 })).toBe('1 main');
    expect(fmt('fr', 'found', { n: 0 })).toBe('aucune main trouvée');
    // French: 12 345 with the narrow no-break space CLDR gives
    expect(fmt('fr', 'found', { n: 12345 })).toBe('12\u202f345 mains');
    expect(fmt('fr', 'archived', { n: 1 })).toBe('1 main archivée');
    expect(fmt('fr', 'archived', { n: 3 })).toBe('3 mains archivées');
    expect(fmt('en', 'readersOk', { n: 1 })).toBe('the reader is ok');
    expect(fmt('en', 'readersOk', { n: 8 })).toBe('all 8 ok');
    expect(fmt('fr', 'backlog', { n: 1 })).toBe('1 message en attente d’envoi');
    expect(fmt('en', 'foundAt', { n: 1 })).toBe('at 1 table');
    expect(fmt('fr', 'foundAt', { n: 2 })).toBe('à 2 tables');
  });

  it('player search: part of a name, accents and case optional', () => {
    expect(foldName('José Núñez')).toBe('jose nunez');
    expect(nameMatches('José Núñez', 'jose')).toBe(true);
    expect(nameMatches('José Núñez', 'NUÑ')).toBe(true);
    expect(nameMatches('José Núñez', 'se nu')).toBe(true);
    expect(nameMatches('Zoë O’Brien', 'zoe o brien')).toBe(true);
    expect(nameMatches('Søren Łukasz', 'soren lukasz')).toBe(true);
    expect(nameMatches('José Núñez', 'josef')).toBe(false);
    expect(nameMatches('José Núñez', '  ')).toBe(false);
  });

  it('every rt("key") in web/src/room.ts and roomCard.ts is a key of the catalogue', () => {
    const text = ['room.ts', 'roomCard.ts']
      .map((f) => readFileSync(join(import.meta.dirname, '../../web/src', f), 'utf8'))
      .join('\n');
    const used = new Set([...text.matchAll(/\brt\('([A-Za-z]+)'/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(25);
    for (const k of used) expect(Object.hasOwn(ROOM_STRINGS.en, k), k).toBe(true);
  });
});
