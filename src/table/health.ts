// What the floor view shows of the table's hardware: the bridge link, each antenna's reader, the panel and the tray.

export interface AntennaHealth {
  antenna: number;
  zone: string;
  reader: string;
  faults: number;
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
  panel: 'unknown' | 'up' | 'lost';
  /** chip tray count per denomination, from the panel's sensors */
  tray: Record<string, number>;
  unknownTags: number;
  crosstalk: number;
}
