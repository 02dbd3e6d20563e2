// The real table as a source for the session: the reader bridge (protocol v1 on a serial device) through the table
// layer, and optionally the dealer panel (StandardFirmata) whose seat LEDs follow the turn and whose buzzer follows
// stop alerts.
import { BridgeLink } from '../hardware/bridge/index.js';
import { DealerPanel } from '../hardware/panel/index.js';
import type { TableSession } from '../session/TableSession.js';
import type { SessionState } from '../session/types.js';
import { type HardwareFile, loadHardwareFile, TableLayer, TagRegistry } from '../table/index.js';
import { type TableSource, type TableSourceFactory, wireTableLayer } from './live.js';

export interface HardwareSourceOptions {
  serial: string;
  baudRate?: number;
  /** the Firmata dealer panel's device (optional) */
  panel?: string | null;
  hardwareFile: string | HardwareFile;
  /** enrolled decks and chip sets (feltwire enroll writes it) */
  registryFile: string | TagRegistry;
}

/** Keeps the panel's LEDs on the session: the seat to act lit, a stop alert buzzing. */
export function followSession(panel: DealerPanel, session: TableSession): () => void {
  const onState = (s: SessionState) => {
    panel.setTurn(s.hand.next?.toAct ?? null);
    panel.setStopAlert(s.hand.alerts.some((a) => a.severity === 'stop' && !a.acknowledged && !a.resolved));
  };
  session.on('state', onState);
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
      const link = await BridgeLink.open({ path: opts.serial, baudRate: opts.baudRate });
      layer.attach(link);
      say(`reader bridge on ${opts.serial}`);
      let panel: DealerPanel | null = null;
      let unfollow: (() => void) | null = null;
      if (opts.panel) {
        if (!hardware.panel) say('no panel section in the hardware file: the dealer panel is not used');
        else {
          panel = await DealerPanel.open({ path: opts.panel, spec: hardware.panel });
          const p = panel;
          p.on('panel', (ev) => layer.ingestPanel(ev));
          unfollow = followSession(p, session);
          say(`dealer panel on ${opts.panel}`);
        }
      }
      return {
        name: `bridge ${opts.serial}`,
        tablet: (ev) => layer.ingestTablet(ev),
        async close() {
          unwire();
          unfollow?.();
          await panel?.close();
          await link.close();
        },
      };
    },
  };
}
