// What the hardware layer hands up: typed sensor events, nothing of the wire.
/** A tag's face as an antenna reads it: up, down, or not told (chips, crosstalk). The engine's Face is up/down. */
export type TagFace = 'U' | 'D' | '-';

export type ReaderEvent =
  | { kind: 'arrive'; antenna: number; uid: string; face: TagFace; at: number; orderKnown: boolean }
  | { kind: 'leave'; antenna: number; uid: string; at: number; orderKnown: boolean }
  /** everything on one antenna now (after a SYNC, or the bridge's periodic inventory) */
  | { kind: 'inventory'; antenna: number; uids: string[]; at: number }
  /** code 'OK': the antenna's fault cleared (protocol v2 CLR) */
  | { kind: 'fault'; antenna: number | null; code: string; at: number }
  | {
      kind: 'link';
      state: 'lost' | 'restored' | 'up';
      at: number;
      detail?: string;
      /** why the link went down, and the system's own message (lost only) */
      cause?: 'portClosed' | 'noHeartbeat' | 'writeClosed' | 'portError' | 'writeError' | 'cannotOpen';
      system?: string;
      /** the device that cannot be opened */
      path?: string;
    }
  /** proto 2 and later: the bridge restates its standing faults after the inventory that follows */
  | { kind: 'hello'; bootId: string; firmware: string; deviceId: string; antennas: number; at: number; proto?: number }
  | { kind: 'heartbeat'; uptimeMs: number; scanMs: number; dropped: number; at: number };

export interface ReaderEvents {
  reader: [ReaderEvent];
}

export type PanelButton = 'shuffle' | 'misdeal' | 'floor' | 'confirm';

export type PanelEvent =
  | { kind: 'button'; button: PanelButton; at: number }
  /** tray count per denomination, emitted when it changes past the threshold */
  | { kind: 'tray'; counts: Record<string, number>; at: number }
  /** up: the board answered as Firmata (what it said in `info`); silent: the port opened but nothing answered as
   * Firmata; lost: the port cannot be opened, or closed under us */
  | { kind: 'panelLink'; state: PanelLinkState; at: number; detail?: string; info?: PanelInfo }
  /** a button input that reads low (pressed) from setup on: no working pull-up on it, or a button held or shorted */
  | { kind: 'panelFault'; code: 'BUTTON_LOW'; button: PanelButton; pin: number; at: number };

export type PanelLinkState = 'up' | 'lost' | 'silent';

/** What the panel's board said of itself at connect, and how its buttons' pull-ups are made. */
export interface PanelInfo {
  /** the sketch's name, e.g. StandardFirmata.ino, and its version */
  firmware: string;
  firmwareVersion: string;
  /** the Firmata protocol version the board reported (REPORT_VERSION) */
  protocol: string;
  /** firmata: PIN_MODE_PULLUP (protocol 2.5+, in the capability response); input-high: input mode then a HIGH
   * write (older Firmata, where a HIGH write to an input turns its pull-up on) */
  pullups: 'firmata' | 'input-high';
}

/** LED state per seat the service asks the panel to show. */
export type LedState = 'off' | 'on' | 'blink';
