// Protocol v2 on the service side, against firmware-bridge/vectors/protocol-v2.txt (CRCs from Python's binascii,
// the same file the C++ firmware renders byte for byte in firmware-bridge/test/test_v2.cpp): INV in parts assembled
// into one inventory, CLR clearing an antenna's fault in health, faults restated after a SYNC raising no second
// alert, and a 40-chip bet read exactly by the table layer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BridgeReceiver, decodeFrame, encodeFrame, type Frame } from '../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../src/hardware/types.js';
import { TableLayer, TagRegistry, validateHardwareFile } from '../../src/table/index.js';
import { bytesLiteral } from './vectors.js';

const V2 = fileURLToPath(new URL('../../firmware-bridge/vectors/protocol-v2.txt', import.meta.url));
const rows = readFileSync(V2, 'latin1')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => l.split('\t'));

function receiver() {
  const events: ReaderEvent[] = [];
  const rx = new BridgeReceiver({
    emit: (e) => events.push(e),
    resend: () => {},
    sync: () => {},
    synced: () => {},
    heartbeat: () => {},
  });
  const feed = (text: string) => {
    const r = decodeFrame(text);
    if (!r.ok) throw new Error(`${text}: ${r.cause}`);
    rx.accept(r.frame, 1000);
  };
  return { rx, events, feed };
}
const frame = (seq: number, type: string, ...fields: string[]) => encodeFrame({ seq, type, fields } as Frame);

describe('protocol v2 vectors', () => {
  it('every new frame decodes', () => {
    const valid = rows.filter((r) => r[0] === 'valid');
    expect(valid.length).toBeGreaterThanOrEqual(4);
    for (const [, lit, note] of valid) expect(decodeFrame(bytesLiteral(lit).toString('latin1')).ok, note).toBe(true);
  });

  it('inventories in parts are assembled into exactly their UIDs, and only when the last part is in', () => {
    const invs = rows.filter((r) => r[0] === 'inventory');
    expect(invs.length).toBeGreaterThanOrEqual(5);
    for (const [, antenna, seq, uids, frames, note] of invs) {
      const { rx, events, feed } = receiver();
      feed(frame((Number(seq) + 65535) % 65536, 'HELLO', '2', '2.0.0', 'BR-T', 'AAAA', '0'));
      const parts = frames.split(' | ').map((l) => bytesLiteral(l).toString('latin1'));
      parts.forEach((p, i) => {
        feed(p);
        const inv = events.filter((e) => e.kind === 'inventory');
        expect(inv.length, `${note}: after part ${i + 1}`).toBe(i === parts.length - 1 ? 1 : 0);
      });
      const inv = events.find((e) => e.kind === 'inventory');
      expect(inv?.kind === 'inventory' && inv.antenna).toBe(Number(antenna));
      expect(inv?.kind === 'inventory' && inv.uids).toEqual(uids.split(' ').sort());
      expect(rx.present(Number(antenna))).toEqual(uids.split(' ').sort());
      if (parts.length > 1) expect(rx.counts.partedInventories).toBe(1);
    }
  });

  it('a part without its first, or from an inventory of another size, is dropped and counted, never applied', () => {
    const { rx, events, feed } = receiver();
    feed(frame(9, 'HELLO', '2', '2.0.0', 'BR-T', 'AAAA', '0'));
    feed(frame(10, 'INV', '11', 'E004015000000001', '2/2'));
    feed(frame(11, 'INV', '11', 'E004015000000002', '1/3'));
    feed(frame(12, 'INV', '11', 'E004015000000003', '2/2'));
    expect(events.filter((e) => e.kind === 'inventory')).toEqual([]);
    expect(rx.counts.brokenInventories).toBe(2);
    feed(frame(13, 'INV', '11', 'E004015000000004', '3/2'));
    expect(rx.counts.badFields).toBe(1);
  });
});

const HW = validateHardwareFile(
  JSON.parse(readFileSync(new URL('../../hardware/tables/table-10.json', import.meta.url), 'utf8')),
);

function table(chipSettleMs = 0) {
  const registry = new TagRegistry();
  const chips: Record<string, number> = {};
  for (let i = 0; i < 60; i++) chips[`E00401500000${(0x1000 + i).toString(16).toUpperCase()}`] = [25, 100, 500][i % 3];
  registry.addChips('c', 'chips', chips);
  const layer = new TableLayer({ hardware: HW, registry, chipSettleMs, latchOffMs: 0 });
  const alerts: string[] = [];
  const chipEvents: number[][] = [];
  layer.on('alert', (a) => alerts.push(JSON.stringify(a)));
  layer.on('event', (e) => {
    if (e.kind === 'chips') chipEvents.push(e.chips);
  });
  const { rx, feed } = receiver();
  const rig = { rx, feed, layer, alerts, chipEvents, uids: Object.keys(chips) };
  (rx as unknown as { hooks: { emit: (e: ReaderEvent) => void } }).hooks.emit = (e) => layer.ingest(e);
  return rig;
}

describe('table layer on protocol v2', () => {
  it('reads a 40-chip bet sent as an inventory in parts exactly', () => {
    const { feed, layer, chipEvents, uids } = table(150);
    feed(frame(0, 'HELLO', '2', '2.0.0', 'BR-T', 'AAAA', '0'));
    const bet = uids.slice(0, 40);
    const a = HW.antennas.find((x) => x.zone === 'bet4')?.antenna as number;
    for (let k = 0; k < 6; k++)
      feed(frame(1 + k, 'INV', String(a), bet.slice(7 * k, 7 * k + 7).join(' '), `${k + 1}/6`));
    const want = bet.map((_, i) => [25, 100, 500][i % 3]).sort((x, y) => y - x);
    layer.flush(); // the settle window: the inventory's 40 arrivals are one snapshot
    expect(chipEvents).toEqual([want]);
    expect(layer.view().bets.bet4).toEqual(want);
    layer.close();
    expect(want.reduce((s, v) => s + v, 0)).toBe(14 * 25 + 13 * 100 + 13 * 500);
  });

  it('an antenna fault clears in health on CLR; a fault restated after SYNC raises no second alert', () => {
    const { feed, layer, alerts } = table();
    feed(frame(0, 'HELLO', '2', '2.0.0', 'BR-T', 'AAAA', '0'));
    feed(frame(1, 'ERR', '5', 'ANT_TIMEOUT'));
    feed(frame(2, 'ERR', '7', 'COLLISION'));
    expect(layer.sessionHealth().readers['5']).toBe('ANT_TIMEOUT');
    expect(alerts.length).toBe(2);
    feed(frame(3, 'CLR', '5'));
    expect(layer.sessionHealth().readers['5']).toBe('ok');
    expect(layer.health().antennas.find((h) => h.antenna === 5)?.lastFault?.code).toBe('ANT_TIMEOUT'); // history kept
    // SYNC answer: HELLO, (INVs), the standing faults, then HB: 7 restated (no alert), nothing else standing
    feed(frame(4, 'HELLO', '2', '2.0.0', 'BR-T', 'AAAA', '0'));
    feed(frame(5, 'ERR', '7', 'COLLISION'));
    feed(frame(6, 'HB', '5000', '200', '0'));
    expect(alerts.length).toBe(2);
    expect(layer.sessionHealth().readers['7']).toBe('COLLISION');
    // a v2 HELLO after which a fault is not restated: it cleared while the link was down
    feed(frame(7, 'HELLO', '2', '2.0.0', 'BR-T', 'AAAA', '0'));
    feed(frame(8, 'HB', '6000', '200', '0'));
    expect(layer.sessionHealth().readers['7']).toBe('ok');
    feed(frame(9, 'ERR', '7', 'COLLISION'));
    expect(alerts.length).toBe(3); // it came back: a new alert
  });

  it('a tag the bridge cannot report (FOREIGN_TAG, from the vectors) is an alert and a fault in health', () => {
    const { feed, layer, alerts } = table();
    feed(frame(0, 'HELLO', '2', '2.0.0', 'BR-T', 'AAAA', '0'));
    const lit = rows.find((r) => r[0] === 'valid' && r[1].includes('FOREIGN_TAG'))?.[1] as string;
    const d = decodeFrame(bytesLiteral(lit).toString('latin1'));
    if (!d.ok) throw new Error(d.cause);
    const [a, code] = d.frame.fields;
    feed(frame(1, 'ERR', a, code)); // the vector's ERR (antenna 20), in this stream's seq
    expect(code).toBe('FOREIGN_TAG');
    expect(alerts.length).toBe(1);
    expect(JSON.parse(alerts[0])).toMatchObject({ code: 'READER_FAULT', reason: 'FOREIGN_TAG' });
    expect(layer.sessionHealth().readers[a]).toBe('FOREIGN_TAG');
    feed(frame(2, 'CLR', a));
    expect(layer.sessionHealth().readers[a]).toBe('ok');
  });
});
