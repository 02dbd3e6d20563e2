// What the floor view shows of the table's hardware: the bridge link, each antenna's reader, the panel and the tray.
import type { PanelButton, PanelInfo } from '../hardware/types.js';

export interface AntennaHealth {
  antenna: number;
  zone: string;
  reader: string;
  faults: number;
  /** the fault standing now (cleared when the bridge reports the antenna reads again: protocol v2 CLR) */
  fault?: string;
  lastFault?: { code: string; wall: number };
}

export interface TableHealth {
  link: 'unknown' | 'up' | 'lost';
  linkChangedAt: number | null;
  bridge: {
    firmware?: string;
    deviceId?: string;
    bootId?: string;
    antennas?: number;
    /** how many times the bridge rebooted while we watched (a new boot id) */
    reboots: number;
    lastHeartbeat?: number;
    uptimeMs?: number;
    scanMs?: number;
    dropped?: number;
  };
  antennas: AntennaHealth[];
  /** unknown: no panel, or not yet heard; silent: its port opened but no Firmata board answered */
  panel: 'unknown' | 'up' | 'lost' | 'silent';
  /** what the board said of itself (firmware, protocol, how its buttons are pulled up), once up */
  panelInfo: PanelInfo | null;
  /** why the panel is silent or lost */
  panelDetail: string | null;
  /** buttons that read pressed from setup on (no working pull-up, or held or shorted) */
  panelButtonsLow: PanelButton[];
  /** chip tray count per denomination, from the panel's sensors */
  tray: Record<string, number>;
  unknownTags: number;
  crosstalk: number;
}
