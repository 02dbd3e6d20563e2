// The simulated dealer's view of the hand when it plays the service in-process: the session's own state. The dealer
// reckons nothing itself: after its moves it waits until the service has taken them in (every bridge frame applied by
// the link, the side channel drained, the table layer's windows closed, the engine's motion window over), then reads
// whose turn it is from the session; a stop alert is ruled on with the session's own alert id.
import type { Alert, HandSnapshot, TableConfig } from '../engine/types.js';
import type { TableSession } from '../session/TableSession.js';
import { sleep } from '../sim/binding.js';
import type { Move, TableView } from '../sim/tableView.js';

/** What the view watches to know the service has taken in every move (in-process, each optional until wired). */
export interface ServiceProbe {
  session(): TableSession | null;
  /** the last bridge seq the link applied (BridgeLink.stats().lastSeq) */
  appliedSeq(): number | null;
  /** the last bridge seq the simulated bridge sent */
  sentSeq(): number | null;
  /** true while something waits in the service's own windows (side-channel gate, table layer) */
  busy(): boolean;
  /** how long to wait at most before reading anyway (ms, default 5000) */
  maxWaitMs?: number;
  /** true once the source is closing: the service takes in nothing more, so nothing is waited for */
  closing?(): boolean;
}

/**
 * The config of the hand the session is dealing, once the shuffle reached it (the hand is started and no card is
 * read yet): what the simulated dealer then plays. Waits a little for the shuffle; null when it did not come.
 */
export async function sessionHandConfig(session: TableSession | null, waitMs = 500): Promise<TableConfig | null> {
  for (let waited = 0; session && waited <= waitMs; waited += 5) {
    const s = session.snapshot();
    const h = s.hand;
    const fresh = h.board.length === 0 && h.burns.length === 0 && h.seats.every((x) => x.cards.length === 0);
    if (!s.handOver && s.handStartWall !== null && fresh && h.phase !== 'misdeal') return structuredClone(s.config);
    await sleep(5);
  }
  return null;
}

export class SessionView implements TableView {
  constructor(private readonly probe: ServiceProbe) {}

  private get session(): TableSession {
    const s = this.probe.session();
    if (!s) throw new Error('the simulated table has no session to read');
    return s;
  }

  /** the service has taken in every move made so far */
  caughtUp(): boolean {
    const sent = this.probe.sentSeq();
    const applied = this.probe.appliedSeq();
    if (sent !== null && applied !== sent) return false;
    return !this.probe.busy() && !this.session.motionPending;
  }

  async settled(): Promise<void> {
    const max = this.probe.maxWaitMs ?? 5000;
    const from = performance.now();
    while (!this.probe.closing?.() && !this.caughtUp() && performance.now() - from < max) await sleep(2);
  }

  async newHand(config: TableConfig): Promise<TableConfig> {
    await this.settled();
    return (await sessionHandConfig(this.session, 2000)) ?? config;
  }

  hand(): HandSnapshot {
    return this.session.snapshot().hand;
  }

  async ruling(alert: Alert): Promise<boolean> {
    const held = this.hand().alerts.find((a) => a.id === alert.id && !a.resolved && !a.decision);
    if (!held) return true; // ruled already (a floor at the table was faster)
    this.session.decide(alert.id, 'simulated floor: remedy carried out, play on', 'floor:simulator');
    return true;
  }

  saw(_move: Move): void {}
}
