// The dealer panel as the service keeps it: opened in the background (a panel that is missing, silent or unplugged
// never holds up or takes down the service), reported as up / silent / lost with the reason, retried until it
// answers, and given back the lights the session wants each time it comes up.
import { EventEmitter } from 'node:events';
import { type WallClock, wallNow } from '../../clock/index.js';
import type { LedState, PanelEvent } from '../types.js';
import { DealerPanel, type DealerPanelEvents, type DealerPanelOptions } from './dealerPanel.js';
import { PanelError } from './errors.js';

export interface PanelLinkOptions extends Omit<DealerPanelOptions, 'onEvent'> {
  /** wait this long between tries while the panel is silent or lost (ms, default 5000) */
  retryMs?: number;
}

export type PanelLinkStatus = 'connecting' | 'up' | 'silent' | 'lost' | 'closed';

export class PanelLink extends EventEmitter<DealerPanelEvents> {
  private panel: DealerPanel | null = null;
  private status: PanelLinkStatus = 'connecting';
  private retry: NodeJS.Timeout | null = null;
  private turn: number | null = null;
  private stop = false;
  private readonly seatLeds = new Map<number, LedState>();
  /** the events' `at` only; every wait here is a timer (retry, whenUp), never a difference of wall times */
  private readonly wall: WallClock;
  private attempt: Promise<void> | null = null;
  private abort: AbortController | null = null;

  constructor(private readonly opts: PanelLinkOptions) {
    super();
    this.wall = opts.wall ?? wallNow;
  }

  /** Starts trying; events flow to the listeners attached before. */
  start(): this {
    this.connect();
    return this;
  }

  state(): PanelLinkStatus {
    return this.status;
  }

  /** The panel while it is up (tests read its board). */
  current(): DealerPanel | null {
    return this.panel;
  }

  /** Resolves when the panel is up, rejects after `ms`. */
  whenUp(ms: number): Promise<void> {
    if (this.status === 'up') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('panel', on);
        reject(new PanelError('PANEL_NOT_READY', `the dealer panel at ${this.opts.path} is ${this.status}`));
      }, ms);
      const on = (ev: PanelEvent) => {
        if (ev.kind !== 'panelLink' || ev.state !== 'up') return;
        clearTimeout(timer);
        this.off('panel', on);
        resolve();
      };
      this.on('panel', on);
    });
  }

  private connect(): void {
    if (this.status === 'closed') return;
    const abort = new AbortController();
    this.abort = abort;
    this.attempt = DealerPanel.open({ ...this.opts, signal: abort.signal, onEvent: (ev) => this.fromPanel(ev) }).then(
      async (panel) => {
        if (this.status === 'closed') {
          await panel.close();
          return;
        }
        this.panel = panel;
        this.apply(panel);
      },
      (err: unknown) => {
        if (this.status === 'closed') return;
        const silent = err instanceof PanelError && err.code === 'PANEL_NOT_READY';
        this.status = silent ? 'silent' : 'lost';
        this.emit('panel', {
          kind: 'panelLink',
          state: silent ? 'silent' : 'lost',
          at: this.wall(),
          detail: err instanceof Error ? err.message : String(err),
        });
        this.scheduleRetry();
      },
    );
  }

  private fromPanel(ev: PanelEvent): void {
    if (this.status === 'closed') return;
    if (ev.kind === 'panelLink') {
      if (ev.state === 'up') this.status = 'up';
      else {
        this.status = ev.state;
        const gone = this.panel;
        this.panel = null;
        void gone?.close().catch(() => {});
        this.scheduleRetry();
      }
    }
    this.emit('panel', ev);
  }

  private scheduleRetry(): void {
    if (this.retry || this.status === 'closed') return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect();
    }, this.opts.retryMs ?? 5000);
  }

  /** The session's lights on a panel that just came up. */
  private apply(panel: DealerPanel): void {
    for (const [seat, state] of this.seatLeds) panel.setSeatLed(seat, state);
    panel.setTurn(this.turn);
    panel.setStopAlert(this.stop);
  }

  setSeatLed(seat: number, state: LedState): void {
    if (state === 'off') this.seatLeds.delete(seat);
    else this.seatLeds.set(seat, state);
    this.panel?.setSeatLed(seat, state);
  }

  setTurn(seat: number | null): void {
    this.turn = seat;
    this.panel?.setTurn(seat);
  }

  setStopAlert(on: boolean): void {
    if (on === this.stop) return;
    this.stop = on;
    this.panel?.setStopAlert(on);
  }

  async close(): Promise<void> {
    this.status = 'closed';
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.abort?.abort();
    await this.attempt?.catch(() => {});
    const panel = this.panel;
    this.panel = null;
    await panel?.close();
    this.removeAllListeners();
  }
}
