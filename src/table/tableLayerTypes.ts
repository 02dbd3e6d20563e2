// The table layer's public types: the events it emits (engine events with their wall time, enrollment steps,
// the resume/resync report), the differences a resync finds, and its options.
import type { WallClock } from '../clock/index.js';
import type { TableEvent } from '../engine/types.js';
import type { PanelButton } from '../hardware/types.js';
import type { TableAlert } from './alerts.js';
import type { EnrollStep } from './enrollment.js';
import type { HardwareFile } from './hardwareFile.js';
import type { TableHealth } from './health.js';
import type { PanelAlert } from './panelAlerts.js';
import type { TagRegistry } from './registry.js';

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An engine TableEvent without its hand-relative `t`, with the wall-clock time it happened. `orderKnown: false`
 * marks events reconstructed from an inventory (their order among themselves is unknown). */
export type LiveTableEvent = DistributiveOmit<TableEvent, 't'> & { wall: number; orderKnown?: false };

export interface EnrollEvent {
  flow: 'deck' | 'chips' | 'check';
  step: EnrollStep;
  /** deck enrollment: the next card to present (null when done) */
  expected?: string | null;
}

export interface TableLayerEvents {
  event: [LiveTableEvent];
  alert: [TableAlert | PanelAlert];
  health: [TableHealth];
  enroll: [EnrollEvent];
  /** panel buttons that are not engine events (confirm) */
  panel: [{ button: PanelButton; wall: number }];
  /** after resume(): every antenna has given its inventory; `missing` are the cards the log placed on the table that
   * no antenna reads now (moved while the service was down, to nowhere the readers see) */
  resumed: [
    {
      wall: number;
      missing: Array<{ card: string; zone: string }>;
      /** betting zones whose chips are not what the log left there (the engine was given the zone as it is now) */
      chips: Array<{ seat: number; was: number[]; now: number[] }>;
      /** the floor's resync (resync()), not a restart: who asked, and every difference between the engine's belief
       * and the reading */
      resync?: { by: string; differences: ResyncDifferences };
    },
  ];
}

/** Where the engine's belief and the readers' reading differ (resync()): a card's zone in each (null: nowhere), a
 * betting zone's chips in each. */
export interface ResyncDifferences {
  cards: Array<{ card: string; was: string | null; now: string | null }>;
  chips: Array<{ seat: number; was: number[]; now: number[] }>;
}

export interface TableLayerOptions {
  hardware: HardwareFile;
  registry: TagRegistry;
  /** a card that leaves a zone and comes back within this time never left (ms, default 250; 0: off) */
  latchOffMs?: number;
  /** changes of a betting zone closer than this are one snapshot (ms, default 150; 0: every change) */
  chipSettleMs?: number;
  /** a tag on two zones' antennas longer than this is crosstalk (ms, default 600; 0: at once) */
  crosstalkMs?: number;
  /** the wall time written on what this layer makes itself (a crosstalk alert, a departure flushed by a button, a
   * tablet tap without one); never subtracted: every window here (latch-off, settle, crosstalk) is a timer */
  wall?: WallClock;
}
