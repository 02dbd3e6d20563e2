// VirtualBridgeWire: the bridge's side of the wire (what the firmware does), in process.
import { describe, expect, it } from 'vitest';
import { encodeFrame, type Frame, FrameScanner, VirtualBridgeWire } from '../../src/hardware/bridge/index.js';

function rig(antennas = 2) {
  const bridge = new VirtualBridgeWire({ antennas, bootId: 'C0DE', mono: () => 5000 });
  const frames: Frame[] = [];
  const rx = new FrameScanner();
  bridge.setSink((line) => rx.feed(Buffer.from(line, 'latin1'), (f) => frames.push(f)));
  let seq = 0;
  const command = (type: string, ...fields: string[]) =>
    bridge.receive(Buffer.from(encodeFrame({ seq: seq++, type, fields }), 'latin1'));
  const rejected = () => rx.counts.too_long + rx.counts.bad_crc + rx.counts.bad_format + rx.counts.no_asterisk;
  return { bridge, frames, command, rejected, types: () => frames.map((f) => `${f.seq}:${f.type}`) };
}

describe('VirtualBridgeWire', () => {
  it('boots with HELLO then an INV per antenna, and answers SYNC the same way', () => {
    const { bridge, types, frames, command } = rig();
    bridge.boot();
    expect(types()).toEqual(['0:HELLO', '1:INV', '2:INV']);
    expect(frames[0].fields).toEqual(['1', '1.0.0', 'BR-SIM', 'C0DE', '2']);
    command('SYNC');
    expect(types().slice(3)).toEqual(['3:HELLO', '4:INV', '5:INV']);
  });

  it('RESEND from a seq in the ring sends every frame from it again, with the same seq', () => {
    const { bridge, types, command } = rig();
    bridge.boot();
    bridge.arrive(0, '04A1B2C3D4E5F6', 'D');
    bridge.leave(0, '04A1B2C3D4E5F6');
    command('RESEND', '3');
    expect(types().slice(5)).toEqual(['3:TAG', '4:GONE']);
  });

  it('ACK releases the ring; RESEND of a released frame gets HELLO and the full inventory instead', () => {
    const { bridge, types, command } = rig();
    bridge.boot();
    bridge.arrive(1, 'E004015012345678');
    command('ACK', '3');
    expect(bridge.stats.ring).toBe(0);
    command('RESEND', '1');
    expect(types().slice(4)).toEqual(['4:HELLO', '5:INV', '6:INV']);
  });

  it('PING is answered with HB now: uptime, scan cycle, frames dropped', () => {
    const { command, frames } = rig();
    command('PING');
    expect(frames[0]).toMatchObject({ type: 'HB', fields: ['0', '120', '0'] });
  });

  it('the HB uptime is whole milliseconds on a monotonic clock with fractions (the service refuses any other)', () => {
    let t = 1000.25;
    const bridge = new VirtualBridgeWire({ antennas: 1, bootId: 'C0DE', mono: () => t });
    const frames: Frame[] = [];
    const rx = new FrameScanner();
    bridge.setSink((line) => rx.feed(Buffer.from(line, 'latin1'), (f) => frames.push(f)));
    t = 3456.789;
    bridge.receive(Buffer.from(encodeFrame({ seq: 0, type: 'PING', fields: [] }), 'latin1'));
    expect(frames.find((f) => f.type === 'HB')?.fields[0]).toBe('2456');
  });

  it('a ring full of unacknowledged frames drops the oldest and reports ERR,-,BUF_FULL once', () => {
    const { bridge, frames } = rig(1);
    bridge.boot(); // 2 frames
    for (let i = 0; i < 200; i++) bridge.heartbeat();
    const errs = frames.filter((f) => f.type === 'ERR');
    expect(errs).toHaveLength(1);
    expect(errs[0].fields).toEqual(['-', 'BUF_FULL']);
    expect(bridge.stats.ring).toBe(128);
    expect(bridge.stats.dropped).toBe(202 + 1 - 128);
  });

  it('maxTagsPerAntenna: a ninth tag is refused with ERR OVERRUN, as the firmware does', () => {
    const bridge = new VirtualBridgeWire({ antennas: 1, maxTagsPerAntenna: 8 });
    const frames: Frame[] = [];
    const rx = new FrameScanner();
    bridge.setSink((line) => rx.feed(Buffer.from(line, 'latin1'), (f) => frames.push(f)));
    for (let i = 0; i < 9; i++) bridge.arrive(0, `E0040150AAAA000${i}`);
    expect(bridge.inventory(0)).toHaveLength(8);
    expect(frames.filter((f) => f.type === 'ERR').map((f) => f.fields)).toEqual([['0', 'OVERRUN']]);
    bridge.leave(0, 'E0040150AAAA0008'); // never tracked: no GONE
    expect(frames.filter((f) => f.type === 'GONE')).toHaveLength(0);
    expect(bridge.stats.overruns).toBe(1);
  });

  it('an antenna whose INV would pass 160 bytes gets no INV: no frame the service could only drop', () => {
    const { bridge, frames, rejected } = rig(2);
    for (let i = 0; i < 12; i++) bridge.arrive(1, `E0040150AAAA00${String(i).padStart(2, '0')}`);
    bridge.boot();
    expect(frames.filter((f) => f.type === 'INV').map((f) => f.fields[0])).toEqual(['0']);
    expect(bridge.stats.oversizeInventories).toBe(1);
    expect(rejected()).toBe(0);
  });
});
