// `feltwire sim` as a user runs it: a dry run printing hands, and the pty mode read by a separately opened BridgeLink.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { command } from '../../src/cli/commands/sim.js';
import { BridgeLink } from '../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../src/hardware/types.js';
import { TagRegistry } from '../../src/table/index.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
    out.push(String(c));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => {
    err.push(String(c));
    return true;
  });
  return { out, err };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('feltwire sim', () => {
  it('dry run: plays the hands asked, one JSON report per hand, each complete', async () => {
    const { out } = capture();
    expect(await command.run(['--hands', '6', '--speed', '100000', '--seed', '3', '--json'])).toBe(0);
    const hands = out
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(hands.map((h) => h.hand)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hands.every((h) => h.complete)).toBe(true);
  });

  it('refuses an unknown mistake and a bad number, naming them', async () => {
    const { err } = capture();
    expect(await command.run(['--inject', 'cheating'])).toBe(2);
    expect(await command.run(['--speed', 'fast'])).toBe(2);
    expect(err.join('')).toContain('unknown mistake "cheating"');
    expect(err.join('')).toContain('--speed must be a positive number, got "fast"');
  });

  it('--pty: a service opening the path reads the dealt cards (tags of the registry it wrote)', async () => {
    const { err } = capture();
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-simcli-'));
    const path = join(dir, 'bridge');
    const registryFile = join(dir, 'registry.json');
    const run = command.run([
      '--pty',
      path,
      '--no-panel',
      '--hands',
      '3',
      '--speed',
      '50',
      '--registry-out',
      registryFile,
    ]);
    await vi.waitFor(() => expect(existsSync(path)).toBe(true), { timeout: 15_000, interval: 20 });
    const link = await BridgeLink.open({ path });
    const seen: ReaderEvent[] = [];
    link.on('reader', (e) => seen.push(e));
    expect(await run).toBe(0);
    await link.close();
    const registry = TagRegistry.fromJSON(JSON.parse(readFileSync(registryFile, 'utf8')));
    const cards = seen.filter((e) => e.kind === 'arrive' && registry.lookup(e.uid).type === 'card');
    expect(cards.length).toBeGreaterThan(12);
    expect(err.join('')).toContain(`reader bridge on ${path}`);
    expect(existsSync(path)).toBe(false); // socat gone with its link
  }, 30_000);

  it("--tablet: the dealer's taps (checks) go to the service's dealer websocket as say messages", async () => {
    capture();
    const server = new WebSocketServer({ port: 0 });
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const got: unknown[] = [];
    let url = '';
    server.on('connection', (socket, req) => {
      url = req.url ?? '';
      socket.on('message', (d) => got.push(JSON.parse(String(d))));
    });
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-simcli-'));
    const path = join(dir, 'bridge');
    const run = command.run([
      '--pty',
      path,
      '--no-panel',
      '--hands',
      '4',
      '--speed',
      '100',
      '--tablet',
      `ws://127.0.0.1:${port}/ws?token=T0K`,
    ]);
    await vi.waitFor(() => expect(existsSync(path)).toBe(true), { timeout: 15_000, interval: 20 });
    const link = await BridgeLink.open({ path });
    expect(await run).toBe(0);
    await link.close();
    await new Promise((r) => server.close(r));
    expect(url).toBe('/ws?token=T0K');
    expect(got.length).toBeGreaterThan(0);
    expect(got[0]).toMatchObject({ type: 'say', say: 'check' });
  }, 30_000);
});
