// BridgeReceiver: seq order, duplicates, gaps and inventory diffs, frame by frame (no I/O).
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../src/hardware/bridge/index.js';
import { BridgeReceiver, decodeFrame, encodeFrame } from '../../src/hardware/bridge/index.js';
import type { ReaderEvent } from '../../src/hardware/types.js';

function rig() {
  const out = { events: [] as ReaderEvent[], resends: [] as number[], syncs: 0, synced: 0, beats: 0 };
  const rx = new BridgeReceiver({
    emit: (e) => out.events.push(e),
    resend: (from) => out.resends.push(from),
    sync: () => out.syncs++,
    synced: () => out.synced++,
    heartbeat: () => out.beats++,
  });
  /** feeds frames given as wire text, through decodeFrame, as the link does */
  const feed = (...lines: string[]) => {
    for (const l of lines) {
      const r = decodeFrame(l);
      if (!r.ok) throw new Error(`bad test frame ${l}: ${r.cause}`);
      rx.accept(r.frame, 1000);
    }
  };
  const moves = () =>
    out.events.flatMap((e) =>
      e.kind === 'arrive' || e.kind === 'leave' ? [`${e.kind} ${e.antenna} ${e.uid}${e.orderKnown ? '' : ' ?'}`] : [],
    );
  return { rx, out, feed, moves };
}

const f = (seq: number, type: string, ...fields: string[]): string => encodeFrame({ seq, type, fields } as Frame);
const hello = (seq: number, boot: string, antennas = 2) =>
  f(seq, 'HELLO', '1', '1.0.0', 'BR-T', boot, String(antennas));

describe('BridgeReceiver', () => {
  it('ignores frames before the first HELLO, then syncs once every antenna has an INV', () => {
    const { rx, out, feed } = rig();
    feed(f(7, 'TAG', '0', '04A1B2C3D4E5F6', 'D'));
    expect(rx.counts.beforeHello).toBe(1);
    feed(hello(8, '7F3A'), f(9, 'INV', '0', ''));
    expect(out.synced).toBe(0);
    feed(f(10, 'INV', '1', 'E004015012345678'));
    expect(out.synced).toBe(1);
    expect(out.events.map((e) => e.kind)).toEqual(['hello', 'inventory', 'arrive', 'inventory']);
  });

  it('a frame received twice (same boot id and seq) is applied once', () => {
    const { feed, moves, rx } = rig();
    const tag = f(3, 'TAG', '1', '04A1B2C3D4E5F6', 'U');
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', ''), f(2, 'INV', '1', ''), tag, tag);
    expect(moves()).toEqual(['arrive 1 04A1B2C3D4E5F6']);
    expect(rx.counts.duplicates).toBe(1);
  });

  it('a gap asks RESEND from the first missing seq and applies nothing out of order', () => {
    const { feed, moves, out } = rig();
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', ''), f(2, 'INV', '1', ''));
    feed(f(4, 'TAG', '0', 'E0040150AAAA0002', '-')); // 3 went missing
    expect(out.resends).toEqual([3]);
    expect(moves()).toEqual([]);
    feed(f(3, 'TAG', '0', 'E0040150AAAA0001', '-'), f(4, 'TAG', '0', 'E0040150AAAA0002', '-'));
    expect(moves()).toEqual(['arrive 0 E0040150AAAA0001', 'arrive 0 E0040150AAAA0002']);
  });

  it('seq wraps from 65535 to 0 without a gap', () => {
    const { feed, moves, out } = rig();
    feed(
      hello(65533, 'AAAA'),
      f(65534, 'INV', '0', ''),
      f(65535, 'INV', '1', ''),
      f(0, 'TAG', '1', 'E0040150AAAA0003', '-'),
    );
    expect(out.resends).toEqual([]);
    expect(moves()).toEqual(['arrive 1 E0040150AAAA0003']);
  });

  it('an inventory is diffed against what was believed: arrivals and departures, order unknown', () => {
    const { feed, moves } = rig();
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', 'E0040150AAAA0001 E0040150AAAA0002'), f(2, 'INV', '1', ''));
    feed(f(3, 'INV', '0', 'E0040150AAAA0002 E0040150AAAA0003'));
    expect(moves()).toEqual([
      'arrive 0 E0040150AAAA0001 ?',
      'arrive 0 E0040150AAAA0002 ?',
      'leave 0 E0040150AAAA0001 ?',
      'arrive 0 E0040150AAAA0003 ?',
    ]);
  });

  it('HELLO with a new boot id: reboot counted, SYNC asked, state rebuilt from the inventory', () => {
    const { feed, moves, out, rx } = rig();
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', 'E0040150AAAA0001'), f(2, 'INV', '1', ''));
    feed(hello(0, 'BBBB'), f(1, 'INV', '0', ''), f(2, 'INV', '1', 'E0040150AAAA0001'));
    expect(rx.counts.reboots).toBe(1);
    expect(out.syncs).toBe(1);
    expect(moves()).toEqual([
      'arrive 0 E0040150AAAA0001 ?',
      'leave 0 E0040150AAAA0001 ?',
      'arrive 1 E0040150AAAA0001 ?',
    ]);
  });

  it('a retransmitted HELLO of the same boot is a duplicate, not a reset', () => {
    const { feed, moves, rx } = rig();
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', ''), f(2, 'INV', '1', ''), f(3, 'TAG', '0', 'E0040150AAAA0001', '-'));
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', ''));
    expect(rx.expected).toBe(4);
    expect(moves()).toEqual(['arrive 0 E0040150AAAA0001']);
  });

  it('ERR becomes a fault, HB a heartbeat, an unknown type is counted and ignored', () => {
    const { feed, out, rx } = rig();
    feed(
      hello(0, 'AAAA', 0),
      f(1, 'ERR', '-', 'BUF_FULL'),
      f(2, 'ERR', '5', 'ANT_TIMEOUT'),
      f(3, 'HB', '5000', '212', '0'),
    );
    feed(f(4, 'ZAP', '1', '2'), f(5, 'TAG', 'x', 'nothex', 'Q'));
    expect(out.events.filter((e) => e.kind === 'fault')).toEqual([
      { kind: 'fault', antenna: null, code: 'BUF_FULL', at: 1000 },
      { kind: 'fault', antenna: 5, code: 'ANT_TIMEOUT', at: 1000 },
    ]);
    expect(out.events.find((e) => e.kind === 'heartbeat')).toEqual({
      kind: 'heartbeat',
      uptimeMs: 5000,
      scanMs: 212,
      dropped: 0,
      at: 1000,
    });
    expect(out.beats).toBe(1);
    expect(rx.counts.unknownType).toBe(1);
    expect(rx.counts.badFields).toBe(1);
    expect(rx.expected).toBe(6); // both consumed their seq: no RESEND loop over an unknown type
  });

  it('skipGap: the next frame ahead is taken as in order, once; a later gap asks RESEND again', () => {
    const { feed, moves, out, rx } = rig();
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', ''), f(2, 'INV', '1', ''));
    feed(f(5, 'TAG', '0', 'E0040150AAAA0001', '-')); // 3 and 4 missing
    expect(out.resends).toEqual([3]);
    rx.skipGap();
    feed(f(5, 'TAG', '0', 'E0040150AAAA0001', '-'), f(6, 'TAG', '0', 'E0040150AAAA0002', '-'));
    expect(moves()).toEqual(['arrive 0 E0040150AAAA0001', 'arrive 0 E0040150AAAA0002']);
    expect(rx.counts.skipped).toBe(2);
    feed(f(8, 'HB', '1', '2', '0'));
    expect(out.resends).toEqual([3, 7]);
  });

  it('the HB after a HELLO burst ends the sync even when an antenna sent no INV (too large for a frame)', () => {
    const { feed, out } = rig();
    feed(hello(0, 'AAAA'), f(1, 'INV', '0', ''));
    expect(out.synced).toBe(0);
    feed(f(2, 'HB', '1000', '120', '0'));
    expect(out.synced).toBe(1);
  });
});
