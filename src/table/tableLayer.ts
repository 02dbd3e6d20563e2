// The table layer: reader events (antenna, tag UID) in; the engine's events (cards in zones, the content of betting
// zones, dealer buttons) out, with their wall time. Noise is cleaned here and nowhere else: a card lifted off the felt
// for a moment is not a move (latch-off), a stack of chips read tag by tag is one snapshot (settle window), a tag
// seen by two antennas during a slide is not crosstalk unless it stays (crosstalk window). Tags that are not cards
// of the deck in play never reach the engine: they raise CARD_UNKNOWN here.
// The reading itself lives in tableReading.ts (presence, crosstalk, chips), the reconciliation after a restart or
// for a resync in tableResume.ts, the public types in tableLayerTypes.ts; this module is the entry points and health.
import type { TableEvent } from '../engine/types.js';
import type { PanelEvent, ReaderEvent } from '../hardware/types.js';
import { linkAlert, readerFaultAlert } from './alerts.js';
import type { ChipEnrollment, DeckCheck, DeckEnrollment } from './enrollment.js';
import { TableError } from './errors.js';
import type { TableHealth } from './health.js';
import { panelAlert, panelButtonLowAlert } from './panelAlerts.js';
import type { DistributiveOmit, LiveTableEvent } from './tableLayerTypes.js';
import { TableResume } from './tableResume.js';

export type {
  EnrollEvent,
  LiveTableEvent,
  ResyncDifferences,
  TableLayerEvents,
  TableLayerOptions,
} from './tableLayerTypes.js';

export class TableLayer extends TableResume {
  /** Subscribes to a reader source (BridgeLink, the simulator) that emits 'reader' ReaderEvents. */
  attach(source: { on(event: 'reader', listener: (ev: ReaderEvent) => void): unknown }): this {
    source.on('reader', (ev) => this.ingest(ev));
    return this;
  }

  /** The health in the shape the table session publishes (src/session TableHealth, as a patch for setHealth). */
  sessionHealth(): {
    link: TableHealth['link'];
    panel: TableHealth['panel'];
    panelInfo: TableHealth['panelInfo'];
    panelDetail: TableHealth['panelDetail'];
    panelButtonsLow: TableHealth['panelButtonsLow'];
    readers: Record<string, string>;
    tray: Record<string, number>;
    scanMs: number | null;
  } {
    const readers: Record<string, string> = {};
    for (const a of this.state.antennas) readers[String(a.antenna)] = a.fault ?? 'ok';
    return {
      link: this.state.link,
      panel: this.state.panel,
      panelInfo: this.state.panelInfo ? { ...this.state.panelInfo } : null,
      panelDetail: this.state.panelDetail,
      panelButtonsLow: [...this.state.panelButtonsLow],
      readers,
      tray: { ...this.state.tray },
      scanMs: this.state.bridge.scanMs ?? null,
    };
  }

  ingest(ev: ReaderEvent): void {
    switch (ev.kind) {
      case 'arrive':
        this.arrive(ev.antenna, ev.uid.toUpperCase(), ev.face, ev.at, ev.orderKnown);
        break;
      case 'leave':
        this.leave(ev.antenna, ev.uid.toUpperCase(), ev.at, ev.orderKnown);
        break;
      case 'inventory':
        this.inventory(
          ev.antenna,
          ev.uids.map((u) => u.toUpperCase()),
          ev.at,
        );
        break;
      case 'fault': {
        const zone = ev.antenna === null ? undefined : this.antennas.zoneOf(ev.antenna);
        const h = this.state.antennas.find((a) => a.antenna === ev.antenna);
        if (ev.code === 'OK') {
          // protocol v2 CLR: the antenna reads again
          if (h && h.fault !== undefined) {
            h.fault = undefined;
            this.emitHealth();
          }
          break;
        }
        // a fault the bridge restates after a SYNC, or repeats, is the same fault: no second alert
        const standing = h?.fault ?? (ev.antenna === null ? undefined : this.restating?.get(ev.antenna));
        if (h) {
          if (standing === ev.code) {
            h.fault = ev.code;
            this.emitHealth();
            break;
          }
          h.faults++;
          h.fault = ev.code;
          h.lastFault = { code: ev.code, wall: ev.at };
        }
        this.emit('alert', readerFaultAlert(ev.at, ev.antenna, zone, ev.code));
        this.emitHealth();
        break;
      }
      case 'link':
        if (ev.state === 'lost' && this.state.link !== 'lost')
          this.emit(
            'alert',
            linkAlert(ev.at, 'lost', ev.detail, {
              ...(ev.cause ? { cause: ev.cause } : {}),
              ...(ev.system ? { system: ev.system } : {}),
              ...(ev.path ? { path: ev.path } : {}),
            }),
          );
        if (ev.state === 'restored' && this.state.link === 'lost')
          this.emit('alert', linkAlert(ev.at, 'restored', ev.detail));
        this.state.link = ev.state === 'lost' ? 'lost' : 'up';
        this.state.linkChangedAt = ev.at;
        this.emitHealth();
        break;
      case 'hello': {
        const b = this.state.bridge;
        if (b.bootId !== undefined && b.bootId !== ev.bootId) b.reboots++;
        Object.assign(b, { bootId: ev.bootId, firmware: ev.firmware, deviceId: ev.deviceId, antennas: ev.antennas });
        if ((ev.proto ?? 1) >= 2) {
          // a v2 bridge restates every standing fault after this HELLO's inventory: what it does not restate cleared
          this.restating = new Map();
          for (const h of this.state.antennas) {
            if (h.fault !== undefined) this.restating.set(h.antenna, h.fault);
            h.fault = undefined;
          }
        }
        if (this.state.link === 'unknown') {
          this.state.link = 'up';
          this.state.linkChangedAt = ev.at;
        }
        this.emitHealth();
        break;
      }
      case 'heartbeat':
        this.restating = null; // the HELLO burst is over
        // the first inventory after resume() is over too, even if some antenna the file maps gave none
        if (this.awaitingInventory && this.heardSinceResume) this.reconcileResume(ev.at);
        Object.assign(this.state.bridge, {
          lastHeartbeat: ev.at,
          uptimeMs: ev.uptimeMs,
          scanMs: ev.scanMs,
          dropped: ev.dropped,
        });
        if (this.state.link === 'unknown') this.state.link = 'up';
        break;
      default: {
        const never: never = ev;
        throw new TableError('UID_INVALID', `unexpected reader event ${JSON.stringify(never)}`);
      }
    }
  }

  /** Dealer-panel events: the shuffle/misdeal/floor buttons are engine events; confirm and the tray are not. */
  ingestPanel(ev: PanelEvent): void {
    switch (ev.kind) {
      case 'button':
        if (ev.button === 'confirm') this.emit('panel', { button: 'confirm', wall: ev.at });
        else {
          this.flushLeaves();
          this.emitEvent({ kind: 'dealer', button: ev.button, wall: ev.at }, true);
        }
        break;
      case 'tray':
        this.state.tray = { ...ev.counts };
        this.emitHealth();
        break;
      case 'panelLink': {
        const before = this.state.panel;
        this.state.panel = ev.state;
        this.state.panelDetail = ev.state === 'up' ? null : (ev.detail ?? null);
        if (ev.state === 'up') {
          this.state.panelInfo = ev.info ?? null;
          this.state.panelButtonsLow = [];
        }
        // the dealer and the floor are told once per change; a retry that fails the same way says nothing new
        if (ev.state !== before) {
          if (ev.state !== 'up') this.emit('alert', panelAlert(ev.at, ev.state, ev.detail));
          else if (before === 'lost' || before === 'silent') this.emit('alert', panelAlert(ev.at, 'up', ev.detail));
        }
        this.emitHealth();
        break;
      }
      case 'panelFault':
        if (!this.state.panelButtonsLow.includes(ev.button)) {
          this.state.panelButtonsLow.push(ev.button);
          this.emit('alert', panelButtonLowAlert(ev.at, ev.button, ev.pin, this.state.panelInfo));
        }
        this.emitHealth();
        break;
      default: {
        const never: never = ev;
        throw new TableError('UID_INVALID', `unexpected panel event ${JSON.stringify(never)}`);
      }
    }
  }

  /** A declaration or decision tapped on the dealer's tablet: it goes to the engine after every zone snapshot still
   * settling, so that the engine sees the table in the order it happened. */
  ingestTablet(ev: DistributiveOmit<TableEvent, 't'>, wall: number = this.wall()): void {
    // transport fields a caller may have left on the object (the simulator's afterSeq, an `at`) never reach the log
    const {
      afterSeq: _seq,
      at: _at,
      wall: _wall,
      ...clean
    } = ev as DistributiveOmit<TableEvent, 't'> & {
      afterSeq?: unknown;
      at?: unknown;
      wall?: unknown;
    };
    this.emitEvent({ ...clean, wall } as LiveTableEvent, true);
  }

  /** Routes tags read on the enroll antenna to a guided flow (deck, chips, deck check) until endEnrollment(). */
  beginEnrollment<F extends DeckEnrollment | ChipEnrollment | DeckCheck>(flow: F): F {
    if (this.flow) throw new TableError('ENROLLMENT_BUSY', `an enrollment (${this.flow.kind}) is already running`);
    this.flow = flow;
    return flow;
  }

  endEnrollment(): void {
    this.flow = null;
  }
}
