// A dealer panel whose port opens but never answers (a pty nobody reads: a board without StandardFirmata, or hung)
// must not take the service down -- johnny-five's connect timeout emits 'error' twice and keeps its timer after the
// port is closed -- and the dealer's and the floor's views say what is wrong. `--panel` with the simulator, or a
// device that does not exist, is refused at start with a clear error.
import five from 'johnny-five';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { command as start } from '../../src/cli/commands/start.js';
import { VirtualBridgeWire } from '../../src/hardware/bridge/index.js';
import { type LiveService, startLive } from '../../src/server/live.js';
import { hardwareSource } from '../../src/service/hardwareSource.js';
import { openPtyPair, type PtyPair, simulatedRegistry } from '../../src/sim/index.js';
import { sleep, until } from '../bench-avr/firmata/bench.js';
import { simHardware } from '../table/helpers.js';

const hardware = simHardware();

describe('a panel that never answers', () => {
  let bridge: PtyPair;
  let silent: PtyPair;
  let device: SerialPort;
  let live: LiveService;
  const wire = new VirtualBridgeWire({ antennas: hardware.bridge?.antennas ?? 16, heartbeatMs: 500 });
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    bridge = await openPtyPair();
    silent = await openPtyPair(); // its device end is never opened: what the service writes goes nowhere
    device = new SerialPort({ path: bridge.device, baudRate: 115200, autoOpen: false });
    await new Promise<void>((res, rej) => device.open((e) => (e ? rej(e) : res())));
    device.on('error', () => {});
    wire.attach(device);
    wire.start();
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
      say: () => {},
      source: hardwareSource({
        serial: bridge.service,
        panel: silent.service,
        hardwareFile: hardware,
        registryFile: simulatedRegistry(),
        // johnny-five's own timeout is set to ours: its double 'error' comes at 1.5 s, then at every retry
        panelOptions: { readyTimeoutMs: 1500, retryMs: 1000, reportVersionTimeout: 300 },
      }),
    });
  }, 30_000);

  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await live?.close();
    wire.stop();
    wire.detach();
    if (device?.isOpen) await new Promise((r) => device.close(() => r(undefined)));
    await bridge?.close();
    await silent?.close();
  });

  it('the service starts at once, keeps running through several timeouts, and says the panel is silent', async () => {
    // the table is read while the panel is still being waited for
    expect(['unknown', 'silent']).toContain(live.session.snapshot().health.panel);
    await until('health.panel silent', () => live.session.snapshot().health.panel === 'silent', 5000);
    await sleep(4500); // three more tries, each with johnny-five's two 'error' emits
    expect(uncaught).toEqual([]);
    const health = await live.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const h = live.session.snapshot().health;
    expect(h.panel).toBe('silent');
    expect(h.panelDetail).toMatch(/did not answer as a Firmata board/);
    // the failed tries leave nothing behind in johnny-five's board cache (at most the try under way)
    expect(five.Board.cache.length).toBeLessThanOrEqual(1);
    // told once, not once per retry
    expect(live.session.snapshot().tableAlerts.filter((a) => a.code === 'PANEL_SILENT')).toHaveLength(1);
  });

  it("the dealer's and the floor's views say so (English and French); the floor's health too", async () => {
    for (const role of ['dealer', 'floor'] as const) {
      const r = await live.app.inject({
        url: '/api/state',
        headers: { authorization: `Bearer ${live.tokens.tokenOf(role)}` },
      });
      expect(r.statusCode).toBe(200);
      const { view } = r.json() as {
        view: { alerts: Array<{ code: string; message: string; messageFr: string }>; health: { panel: string } | null };
      };
      const a = view.alerts.find((x) => x.code === 'PANEL_SILENT');
      expect(a?.message, role).toMatch(/dealer panel is not answering/);
      expect(a?.messageFr, role).toMatch(/pupitre du croupier ne répond pas/);
      if (role === 'floor') expect(view.health?.panel).toBe('silent');
    }
  });
});

describe('feltwire start --panel', () => {
  async function run(args: string[]): Promise<{ code: number; err: string }> {
    let err = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      err += String(chunk);
      return true;
    });
    try {
      const code = await start.run(args);
      return { code, err };
    } finally {
      spy.mockRestore();
    }
  }

  it('with the simulator (no --serial, or --sim) is refused, saying why', async () => {
    const a = await run(['--panel', '/dev/null', '--port', '0']);
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/--panel needs --serial/);
    const b = await run(['--sim', '--serial', '/dev/null', '--panel', '/dev/null', '--port', '0']);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/--panel needs --serial.*--sim/);
  });

  it('naming a device that does not exist is refused', async () => {
    const r = await run(['--serial', '/dev/null', '--panel', '/dev/ttyACM-no-such-panel', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--panel \/dev\/ttyACM-no-such-panel: no such device/);
  });
});
