// The real table as a source for the session: the reader bridge (protocol v1 on a serial device) through the table
// layer, and optionally the dealer panel (StandardFirmata) whose seat LEDs follow the turn and whose buzzer follows
// stop alerts.
import { BridgeLink } from '../hardware/bridge/index.js';
import { PanelLink } from '../hardware/panel/index.js';
import type { LedState } from '../hardware/types.js';
import type { TableSession } from '../session/TableSession.js';
import type { SessionState } from '../session/types.js';
import { prefixCapacityAlert } from '../table/alerts.js';
import {
  type AntennaMap,
  checkUidPrefixes,
  type HardwareFile,
  loadHardwareFile,
  prefixAdvice,
  TableLayer,
  TagRegistry,
} from '../table/index.js';
import { wireLinkCounters } from './linkHealth.js';
import { resumeTableLayer } from './resume.js';
import { type TableSource, type TableSourceFactory, wireTableLayer } from './source.js';

export interface HardwareSourceOptions {
  serial: string;
  baudRate?: number;
  /** the Firmata dealer panel's device (optional) */
  panel?: string | null;
  /** panel timings (tests): ready timeout, retry period, blink */
  panelOptions?: { readyTimeoutMs?: number; retryMs?: number; blinkMs?: number; reportVersionTimeout?: number };
  hardwareFile: string | HardwareFile;
  /** enrolled decks and chip sets (feltwire enroll writes it) */
  registryFile: string | TagRegistry;
}

/** What followSession drives: a DealerPanel, or the PanelLink that keeps one. */
export interface PanelLights {
  setTurn(seat: number | null): void;
  setStopAlert(on: boolean): void;
  setSeatLed?(seat: number, state: LedState): void;
}

/** A stop alert waits for the floor: the hand's (until acknowledged or its remedy is seen carried out) and the table
 * layer's (unknown card, bridge link lost...: until acknowledged or decided). */
export function stopPending(s: SessionState): boolean {
  return (
    s.hand.alerts.some((a) => a.severity === 'stop' && !a.acknowledged && !a.resolved) ||
    s.tableAlerts.some((a) => a.severity === 'stop' && !a.acknowledged && !a.decision)
  );
}

/** Keeps the panel's LEDs on the session: the seat to act lit, the stop output pulsing while a stop alert waits. */
export function followSession(panel: PanelLights, session: TableSession): () => void {
  const onState = (s: SessionState) => {
    panel.setTurn(s.hand.next?.toAct ?? null);
    panel.setStopAlert(stopPending(s));
  };
  session.on('state', onState);
  onState(session.snapshot());
  return () => session.off('state', onState);
}

/** Keeps the bridge's FOCUS (protocol v2) on what matters now: the seat to act's betting zone and the board, so
 * the bridge reads them most often. */
export function followFocus(
  link: { focus(antennas: readonly number[]): void },
  antennas: AntennaMap,
  session: TableSession,
): () => void {
  let last = '';
  const onState = (s: SessionState) => {
    const seat = s.hand.next?.toAct ?? null;
    const want = [...antennas.antennasOf('board'), ...(seat === null ? [] : antennas.antennasOf(`bet${seat}`))];
    const key = want.join(' ');
    if (key === last) return;
    last = key;
    link.focus(want);
  };
  session.on('state', onState);
  onState(session.snapshot());
  return () => session.off('state', onState);
}

export function hardwareSource(opts: HardwareSourceOptions): TableSourceFactory {
  return {
    start: async (session, say): Promise<TableSource> => {
      const hardware = typeof opts.hardwareFile === 'string' ? loadHardwareFile(opts.hardwareFile) : opts.hardwareFile;
      const registry = typeof opts.registryFile === 'string' ? TagRegistry.load(opts.registryFile) : opts.registryFile;
      const layer = new TableLayer({ hardware, registry });
      const unwire = wireTableLayer(layer, session, `bridge ${opts.serial}`, (err) =>
        say(`table event refused: ${(err as Error).message}`),
      );
      // the bridge keeps 16 UID prefixes (uidPrefixes.ts): a registry beyond them is told now, not at a tag mid-hand
      const prefixes = checkUidPrefixes(registry.uids());
      if (!prefixes.ok) {
        say(`registry: ${prefixAdvice(prefixes)}`);
        layer.emit('alert', prefixCapacityAlert(Date.now(), prefixes.count));
      }
      // after a restart the readers' first inventories are movements from where the log left the cards
      resumeTableLayer(layer, session);
      const link = await BridgeLink.open({ path: opts.serial, baudRate: opts.baudRate });
      layer.attach(link);
      const unCount = wireLinkCounters(link, session);
      const unfocus = followFocus(link, layer.antennas, session);
      say(`reader bridge on ${opts.serial}`);
      let panel: PanelLink | null = null;
      let unfollow: (() => void) | null = null;
      if (opts.panel) {
        if (!hardware.panel) say('no panel section in the hardware file: the dealer panel is not used');
        else {
          // in the background: a panel that is missing, silent or unplugged never holds up the table; health and
          // an alert say so, and the link keeps trying
          panel = new PanelLink({ path: opts.panel, spec: hardware.panel, ...opts.panelOptions });
          panel.on('panel', (ev) => layer.ingestPanel(ev));
          unfollow = followSession(panel, session);
          panel.start();
          say(`dealer panel on ${opts.panel}`);
        }
      }
      return {
        name: `bridge ${opts.serial}`,
        tablet: (ev) => layer.ingestTablet(ev),
        resync: (by, wall) => unwire.resync(by, wall),
        async close() {
          unwire();
          unCount();
          unfocus();
          unfollow?.();
          await panel?.close();
          await link.close();
        },
      };
    },
  };
}
