// The few parts of johnny-five 2.1 and firmata-io 2.3 (plain JavaScript, no bundled types) that the panel uses.
declare module 'firmata-io' {
  import type { EventEmitter } from 'node:events';
  export interface FirmataOptions {
    reportVersionTimeout?: number;
    samplingInterval?: number;
    skipCapabilities?: boolean;
  }
  export class Firmata extends EventEmitter {
    constructor(transport: object, options?: FirmataOptions, callback?: (err?: Error) => void);
    isReady: boolean;
    pending: number;
    firmware: { name?: string; version?: { major: number; minor: number } };
    /** the protocol version from REPORT_VERSION */
    version: { major?: number; minor?: number };
    /** per pin: the modes of the capability response (only those firmata-io knows) */
    pins: Array<{ supportedModes: number[]; mode?: number; value?: number }>;
    /** the value last written or read per 8-pin Firmata port */
    ports: number[];
    analogPins: number[];
    pinMode(pin: number, mode: number): void;
    digitalWrite(pin: number, value: number): void;
    reportDigitalPin(pin: number, value: 0 | 1): void;
    /** sends REPORT_VERSION (0xF9); the callback runs on the board's answer */
    reportVersion(callback: () => void): void;
  }
  interface BindTransport {
    (transport: unknown): typeof Firmata;
    Firmata: typeof Firmata;
  }
  const bindTransport: BindTransport;
  export default bindTransport;
}

declare module 'johnny-five' {
  import type { EventEmitter } from 'node:events';
  export interface BoardOptions {
    io: object;
    repl?: boolean;
    debug?: boolean;
    sigint?: boolean;
    timeout?: number;
    id?: string;
  }
  export class Board extends EventEmitter {
    constructor(options: BoardOptions);
    /** every Board ever made, kept by johnny-five (for components made without a board) */
    static readonly cache: Board[];
    isReady: boolean;
    io: EventEmitter;
  }
  export class Led {
    constructor(options: { pin: number | string; board: Board });
    on(): this;
    off(): this;
    blink(ms?: number): this;
    stop(): this;
    readonly isOn: boolean;
  }
  export class Button extends EventEmitter {
    constructor(options: {
      pin: number | string;
      board: Board;
      isPullup?: boolean;
      holdtime?: number;
      invert?: boolean;
    });
  }
  export class Sensor extends EventEmitter {
    constructor(options: { pin: number | string; board: Board; freq?: number; threshold?: number });
    readonly value: number | null;
    disable(): void;
  }
  const five: { Board: typeof Board; Led: typeof Led; Button: typeof Button; Sensor: typeof Sensor };
  export default five;
}
