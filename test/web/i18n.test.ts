// Every UI string exists in English and French, and every key the views ask for exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_STRINGS } from '../../web/src/i18n.js';

const SRC = join(import.meta.dirname, '../../web/src');

describe('UI strings', () => {
  it('every key has a non-empty English and French text', () => {
    for (const [key, v] of Object.entries(ALL_STRINGS)) {
      expect(v.en.trim(), key).not.toBe('');
      expect(v.fr.trim(), key).not.toBe('');
    }
  });
  it('every t("key") in the views is a known key', () => {
    const used = new Set<string>();
    for (const f of readdirSync(SRC).filter((n) => n.endsWith('.ts'))) {
      for (const m of readFileSync(join(SRC, f), 'utf8').matchAll(/\bt\('([A-Za-z_]+)'\)/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const k of used) expect(Object.hasOwn(ALL_STRINGS, k), k).toBe(true);
  });
  it('phases and severities the engine produces all have labels', () => {
    for (const p of ['waiting', 'dealing', 'betting', 'board', 'showdown', 'complete', 'stopped', 'misdeal']) {
      expect(Object.hasOwn(ALL_STRINGS, `phase_${p}`), p).toBe(true);
    }
    for (const s of ['info', 'warn', 'stop']) expect(Object.hasOwn(ALL_STRINGS, `severity_${s}`), s).toBe(true);
  });
});
