// Two connected in-process Duplex streams: what one end writes, the other reads. The simulator's in-process link
// (the service's BridgeLink on one end, the virtual bridge on the other) uses it instead of a pty.
import { Duplex } from 'node:stream';

export function duplexPair(): [Duplex, Duplex] {
  let a: Duplex;
  let b: Duplex;
  const make = (peer: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk: Buffer, _enc, cb) {
        const p = peer();
        if (!p.destroyed) p.push(chunk);
        cb();
      },
      final(cb) {
        peer().push(null);
        cb();
      },
    });
  a = make(() => b);
  b = make(() => a);
  return [a, b];
}
