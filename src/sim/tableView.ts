// What the simulated dealer reads to decide the next move: the hand as the table's rules see it. In-process that is
// the service's own session (src/service/simView.ts): the session's engine is the only engine, the dealer waits until
// the session has taken in its moves, then reads whose turn it is, and the floor rules on the session's own alert.
// A dealer playing a service it cannot read (`feltwire sim` over ptys for another process, or no service at all)
// reckons the hand itself from the moves it makes (OwnReckoning below): the rules engine fed with its own moves.
import { applyEvent, createHand, type HandState, snapshot } from '../engine/index.js';
import type { Alert, HandSnapshot, TableConfig, TableEvent } from '../engine/types.js';
import { SimError } from './errors.js';

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** a move of the dealer, as the table event it makes (for a view that reckons the hand itself) */
export type Move = DistributiveOmit<TableEvent, 't'>;

export interface TableView {
  /** A new hand after the shuffle on `config` (the dealer's reckoning of the table); resolves with the table the
   * hand is dealt on (the service's, when the view reads it). */
  newHand(config: TableConfig): Promise<TableConfig>;
  /** Resolves once the view has taken in every move made so far. */
  settled(): Promise<void>;
  /** the current hand */
  hand(): HandSnapshot;
  /** A stop alert of `hand()` holds the hand, its remedy done: the floor rules (true), or nobody can (false: the
   * dealer abandons the hand). */
  ruling(alert: Alert): Promise<boolean>;
  /** A move the dealer made, `dt` ms after the previous one (ignored by a view that reads the table). */
  saw(move: Move, dt?: number): void;
}

/** The dealer's own reckoning of the hand: the rules engine fed with the dealer's moves. */
export class OwnReckoning implements TableView {
  private st: HandState | null = null;
  private t = 0;

  /** `floor`: asked to rule on a stop alert (without it the dealer abandons the hand); `record`: each event as the
   * reckoning applied it, with its hand-relative t (tests log the simulator's hands from it) */
  constructor(
    private readonly floor?: (alert: Alert) => Promise<void> | void,
    private readonly record?: (ev: TableEvent) => void,
  ) {}

  async newHand(config: TableConfig): Promise<TableConfig> {
    this.st = createHand(config);
    this.t = 0;
    this.saw({ kind: 'dealer', button: 'shuffle' });
    return config;
  }

  async settled(): Promise<void> {}

  hand(): HandSnapshot {
    if (!this.st) throw new SimError('SIM_STATE', 'no hand in play');
    return snapshot(this.st);
  }

  async ruling(alert: Alert): Promise<boolean> {
    if (!this.floor) return false;
    await this.floor(alert);
    this.saw({ kind: 'floorDecision', alertId: alert.id, decision: 'play on as the remedy says', by: 'floor' });
    return true;
  }

  saw(move: Move, dt = 10): void {
    this.t += dt;
    const ev = { ...move, t: this.t } as TableEvent;
    if (this.st) this.st = applyEvent(this.st, ev);
    this.record?.(ev);
  }
}
