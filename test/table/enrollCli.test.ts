// `feltwire enroll` driven the way a user does it: the command on a serial path (a real pty from socat), a reader
// bridge on the other end (the simulator's virtual bridge) reading each card passed over the enroll antenna.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { command } from '../../src/cli/commands/enroll.js';
import { VirtualBridgeWire } from '../../src/hardware/bridge/index.js';
import { openPtyPair, type PtyPair } from '../../src/sim/ptyPair.js';
import { ENROLL_ORDER, TagRegistry } from '../../src/table/index.js';
import { A, SIM_TABLE } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fresh = (i: number) => `04B2${i.toString(16).toUpperCase().padStart(4, '0')}`;

describe('feltwire enroll over a pty', () => {
  let pair: PtyPair | null = null;
  let port: SerialPort | null = null;
  let wire: VirtualBridgeWire | null = null;
  afterEach(async () => {
    wire?.stop();
    if (port?.isOpen) await new Promise((r) => port?.close(() => r(undefined)));
    await pair?.close();
    vi.restoreAllMocks();
  });

  async function bridge(): Promise<{ service: string; wire: VirtualBridgeWire }> {
    pair = await openPtyPair();
    port = new SerialPort({ path: pair.device, baudRate: 115200, autoOpen: false });
    await new Promise<void>((res, rej) => port?.open((e) => (e ? rej(e) : res())));
    wire = new VirtualBridgeWire({ antennas: 16 });
    wire.attach(port);
    wire.start();
    return { service: pair.service, wire };
  }

  it('enrolls a deck card by card: progress to 52, a tag shown twice reported, the registry saved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'enroll-'));
    const registry = join(dir, 'registry.json');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const { service, wire: w } = await bridge();
    const run = command.run([
      'deck',
      '--id',
      'blue',
      '--serial',
      service,
      '--hardware',
      SIM_TABLE,
      '--registry',
      registry,
      '--idle',
      '5',
      '--play',
    ]);
    // the service's SYNC: the link is up
    await vi.waitFor(() => expect(w.stats.received).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
    for (let i = 0; i < 52; i++) {
      w.arrive(A.enroll, fresh(i));
      await sleep(5);
      w.leave(A.enroll, fresh(i));
      if (i === 3) {
        w.arrive(A.enroll, fresh(3)); // the same card again
        await sleep(5);
        w.leave(A.enroll, fresh(3));
      }
      await sleep(5);
    }
    expect(await run).toBe(0);
    const text = lines.join('');
    expect(text).toContain('First: 2s');
    expect(text).toContain(`[ 1] 2s <- ${fresh(0)}   next: 2h`);
    expect(text).toContain(`duplicate: tag ${fresh(3)} is already 2c (not counted)`);
    expect(text).toContain('52/52 cards; missing: none; duplicates: 1');
    const saved = TagRegistry.fromJSON(JSON.parse(readFileSync(registry, 'utf8')));
    expect(saved.deckInPlay).toBe('blue');
    expect(saved.lookup(fresh(51))).toMatchObject({ type: 'card', card: 'Ac' });
  });

  it('checks a deck passed over the enroll antenna and reports the missing card; refuses bad options by name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'enroll-'));
    const registry = join(dir, 'registry.json');
    const reg = new TagRegistry();
    const cards: Record<string, string> = {};
    const all = Array.from({ length: 52 }, (_, i) => i);
    const ranks = '23456789TJQKA';
    const suits = 'shdc';
    for (const i of all) cards[fresh(i)] = ranks[i >> 2] + suits[i & 3];
    reg.addDeck('blue', 'Blue', cards);
    reg.save(registry);
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const errors: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      errors.push(String(chunk));
      return true;
    });
    expect(await command.run(['deck', '--registry', registry, '--serial', '/nonexistent'])).toBe(2);
    expect(errors.join('')).toContain('deck: --id is required');
    const { service, wire: w } = await bridge();
    const run = command.run([
      'check',
      '--deck',
      'blue',
      '--serial',
      service,
      '--hardware',
      SIM_TABLE,
      '--registry',
      registry,
      '--idle',
      '1',
    ]);
    await vi.waitFor(() => expect(w.stats.received).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
    // each card passed over the antenna (an antenna holds what one INV frame lists: 15 short tags, not a deck)
    for (const i of all) {
      if (i === 10) continue; // 4d is missing
      w.arrive(A.enroll, fresh(i));
      await sleep(2);
      w.leave(A.enroll, fresh(i));
    }
    const code = await run;
    const text = lines.join('');
    expect(code, text + errors.join('')).toBe(1);
    expect(text, text).toContain('deck "blue": 51/52 present; missing: 4d');
    expect(text).toContain('deck NOT OK');
  });

  it("warns at the chip that needs a 17th UID prefix and does not save a registry beyond the bridge's 16", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'enroll-'));
    const registry = join(dir, 'registry.json');
    // a deck of NTAG cards from 16 production lots (04 A1 <lot> ...): 16 prefixes, the bridge's all
    const reg = new TagRegistry();
    const cards: Record<string, string> = {};
    ENROLL_ORDER.forEach((card, i) => {
      cards[`04A1${(i % 16).toString(16).toUpperCase().padStart(2, '0')}${i.toString(16).padStart(8, '0')}`] = card;
    });
    reg.addDeck('red', 'Red', cards);
    reg.save(registry);
    const before = readFileSync(registry, 'utf8');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const errors: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      errors.push(String(chunk));
      return true;
    });
    const { service, wire: w } = await bridge();
    const run = command.run([
      'chips',
      '--set',
      'house',
      '--denomination',
      '500',
      '--count',
      '2',
      '--serial',
      service,
      '--hardware',
      SIM_TABLE,
      '--registry',
      registry,
      '--idle',
      '5',
    ]);
    await vi.waitFor(() => expect(w.stats.received).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
    // two ISO 15693 chips of a lot the registry does not know (E0 04 01 50 ...): a 17th prefix
    for (const uid of ['E004015000000001', 'E004015000000002']) {
      w.arrive(A.enroll, uid);
      await sleep(5);
      w.leave(A.enroll, uid);
      await sleep(5);
    }
    const code = await run;
    const text = lines.join('');
    expect(code, text + errors.join('')).toBe(2);
    const warning = `warning: tag E004015000000001 needs a UID prefix beyond the bridge's: the tags use 17 distinct UID prefixes, the reader bridge keeps 16`;
    // said right after the chip that brings the 17th prefix, before the next chip
    const at = text.indexOf('E004015000000001\n');
    expect(at, text).toBeGreaterThan(0);
    expect(text.slice(at + 17).startsWith(warning), text).toBe(true);
    expect(errors.join('')).toContain(
      `feltwire enroll: not saved to ${registry}: the tags use 17 distinct UID prefixes`,
    );
    expect(readFileSync(registry, 'utf8')).toBe(before);
  });
});
