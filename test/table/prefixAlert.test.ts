// The service started on a hardware table whose registry's tags need more UID prefixes than the reader bridge keeps
// (16, firmware-bridge/src/presence.*): the floor is told at start, in English and French, with the count and what
// to do -- not by a tag refused mid-hand. A registry within capacity raises nothing.
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualBridgeWire } from '../../src/hardware/bridge/index.js';
import { startLive } from '../../src/server/live.js';
import { hardwareSource } from '../../src/service/hardwareSource.js';
import type { LiveService } from '../../src/service/live.js';
import { openPtyPair, type PtyPair, simulatedRegistry } from '../../src/sim/index.js';
import { ENROLL_ORDER, type TagRegistry } from '../../src/table/index.js';
import { texts } from '../alertTexts.js';
import { simHardware } from './helpers.js';

const hardware = simHardware();

describe('the registry against the bridge UID prefixes at start', () => {
  let bridge: PtyPair | null = null;
  let device: SerialPort | null = null;
  let live: LiveService | null = null;
  const wire = new VirtualBridgeWire({ antennas: hardware.bridge?.antennas ?? 16, heartbeatMs: 500 });
  afterEach(async () => {
    await live?.close();
    wire.stop();
    wire.detach();
    if (device?.isOpen) await new Promise((r) => device?.close(() => r(undefined)));
    await bridge?.close();
  });

  async function start(registry: TagRegistry): Promise<{ live: LiveService; said: string[] }> {
    bridge = await openPtyPair();
    device = new SerialPort({ path: bridge.device, baudRate: 115200, autoOpen: false });
    await new Promise<void>((res, rej) => device?.open((e) => (e ? rej(e) : res())));
    device.on('error', () => {});
    wire.attach(device);
    wire.start();
    const said: string[] = [];
    live = await startLive({
      dataDir: '/tmp/unused-memory-log',
      memoryLog: true,
      port: 0,
      host: '127.0.0.1',
      broadcastDelayMs: 60_000,
      webRoot: null,
      table: {
        ruleset: 'tda',
        seats: { 1: 10000, 2: 10000, 3: 10000 },
        button: 1,
        blinds: [50, 100],
        bbAnte: 0,
        absent: [],
        chips: [25, 100, 500, 1000, 5000],
        motionMs: 700,
        orderKnown: true,
      },
      equity: null,
      say: (line: string) => said.push(line),
      source: hardwareSource({ serial: bridge.service, hardwareFile: hardware, registryFile: registry }),
    });
    return { live, said };
  }

  it('17 prefixes: a warning at start naming the count, the capacity and the remedy, EN and FR', async () => {
    const registry = simulatedRegistry();
    // a spare deck of NTAG cards from 17 production lots (04 A1 <lot> ...), beside the simulator's 4-byte tags
    const cards: Record<string, string> = {};
    ENROLL_ORDER.forEach((card, i) => {
      cards[`04A1${(i % 17).toString(16).toUpperCase().padStart(2, '0')}${i.toString(16).padStart(8, '0')}`] = card;
    });
    registry.addDeck('mixed', 'Mixed lots', cards);
    const { live: l, said } = await start(registry);
    const alerts = l.session.snapshot().tableAlerts.filter((a) => a.facts?.fault === 'PREFIXES');
    expect(alerts).toHaveLength(1);
    const a = alerts[0];
    const t = texts(a);
    expect(a?.code).toBe('READER_FAULT');
    expect(a?.severity).toBe('warn');
    expect(a?.facts).toMatchObject({ amount: 18, fault: 'PREFIXES', variant: 'prefixes' });
    expect(t?.message).toBe(
      "The registry's tags use 18 distinct UID prefixes; the reader bridge keeps 16: beyond them a card or chip can go unread (OVERRUN)",
    );
    expect(t?.messageFr).toContain(
      'Les puces du registre utilisent 18 préfixes d’UID distincts ; le pont lecteur en garde 16',
    );
    expect(t?.remedy).toContain('enroll each deck and chip set from one production lot');
    expect(t?.remedyFr).toContain('d’un seul lot de fabrication');
    expect(said.join('\n')).toContain('registry: the tags use 18 distinct UID prefixes, the reader bridge keeps 16');
  }, 30_000);

  it("the simulator's registry (one prefix) raises nothing", async () => {
    const { live: l, said } = await start(simulatedRegistry({ decks: 3 }));
    expect(l.session.snapshot().tableAlerts.filter((a) => a.code === 'READER_FAULT')).toEqual([]);
    expect(said.join('\n')).not.toContain('UID prefixes');
  }, 30_000);
});
