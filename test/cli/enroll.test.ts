// feltwire enroll against the reader bridge's 16 UID prefixes, run as a user runs it (the built command in a child
// process): a registry whose tags need a 17th is refused before anything is enrolled, with the count, the capacity
// and what to do; `enroll list` shows the count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLL_ORDER, TagRegistry } from '../../src/table/index.js';
import { ensureBuilt } from '../eval/build.js';
import { feltwire } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'feltwire-enroll-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A registry of one deck of 7-byte NTAG UIDs from `lots` production lots (04 A1 <lot> ...): that many prefixes. */
function registryOfLots(lots: number): string {
  const reg = new TagRegistry();
  const cards: Record<string, string> = {};
  ENROLL_ORDER.forEach((card, i) => {
    cards[`04A1${(i % lots).toString(16).toUpperCase().padStart(2, '0')}${i.toString(16).padStart(8, '0')}`] = card;
  });
  reg.addDeck('red', 'Red', cards);
  const path = join(dir, `registry-${lots}.json`);
  reg.save(path);
  return path;
}

describe('feltwire enroll and the bridge UID prefixes', () => {
  beforeAll(() => ensureBuilt(), 240_000);

  it('refuses to enroll into a registry whose tags use 17 prefixes: the count, the capacity, what to do', async () => {
    const path = registryOfLots(17);
    const before = readFileSync(path, 'utf8');
    const r = await feltwire([
      'enroll',
      'deck',
      '--id',
      'blue',
      '--serial',
      '/dev/nonexistent-bridge',
      '--registry',
      path,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('feltwire enroll: ');
    expect(r.stderr).toContain('the tags use 17 distinct UID prefixes, the reader bridge keeps 16');
    expect(r.stderr).toContain('from one production lot');
    expect(r.stderr).toContain("split them between tables' registries; nothing enrolled");
    // refused before the serial device is opened, and the registry untouched
    expect(r.stderr).not.toContain('nonexistent-bridge:');
    expect(readFileSync(path, 'utf8')).toBe(before);
    const list = await feltwire(['enroll', 'list', '--registry', path]);
    expect(list.code).toBe(1);
    expect(list.stdout).toContain("UID prefixes: 17 of the bridge's 16 -- the tags use 17 distinct UID prefixes");
  });

  it('exactly 16 prefixes is within capacity: listed as such, enrollment goes on to the serial device', async () => {
    const path = registryOfLots(16);
    const list = await feltwire(['enroll', 'list', '--registry', path]);
    expect({ code: list.code, stderr: list.stderr }).toEqual({ code: 0, stderr: '' });
    expect(list.stdout).toContain('deck red (Red): 52 cards');
    expect(list.stdout).toContain("UID prefixes: 16 of the bridge's 16\n");
    const r = await feltwire([
      'enroll',
      'deck',
      '--id',
      'blue',
      '--serial',
      '/dev/nonexistent-bridge',
      '--registry',
      path,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('UID prefixes');
    expect(r.stderr).toContain('nonexistent-bridge');
  });
});
