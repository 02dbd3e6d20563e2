// What the hardware layer hands up: typed sensor events, nothing of the wire.
export type Face = 'U' | 'D' | '-';

export type ReaderEvent =
  | { kind: 'arrive'; antenna: number; uid: string; face: Face; at: number; orderKnown: boolean }
  | { kind: 'leave'; antenna: number; uid: string; at: number; orderKnown: boolean }
  /** everything on one antenna now (after a SYNC, or the bridge's periodic inventory) */
  | { kind: 'inventory'; antenna: number; uids: string[]; at: number }
  | { kind: 'fault'; antenna: number | null; code: string; at: number }
  | { kind: 'link'; state: 'lost' | 'restored' | 'up'; at: number; detail?: string }
  | { kind: 'hello'; bootId: string; firmware: string; deviceId: string; antennas: number; at: number }
  | { kind: 'heartbeat'; uptimeMs: number; scanMs: number; dropped: number; at: number };

export interface ReaderEvents {
  reader: [ReaderEvent];
}

export type PanelButton = 'shuffle' | 'misdeal' | 'floor' | 'confirm';

export type PanelEvent =
  | { kind: 'button'; button: PanelButton; at: number }
  /** tray count per denomination, emitted when it changes past the threshold */
  | { kind: 'tray'; counts: Record<string, number>; at: number }
  | { kind: 'panelLink'; state: 'up' | 'lost'; at: number };

/** LED state per seat the service asks the panel to show. */
export type LedState = 'off' | 'on' | 'blink';
