// A tablet tap is bound to the state it was made on: the tablet sends the version of the view it showed, and the
// service refuses the tap (STALE) when what the tap was about has changed since (another hand, another seat to act,
// another amount to call or raise to, a stop alert raised), or when that version is too old to know. Taps without
// a version (the simulator's, scripts) are not bound. A tap made while a STOP alert is open (not decided by the floor,
// not resolved) is refused (LOCKED): the floor first.
import { FeltwireError } from '../errors.js';
import type { SessionState } from '../session/types.js';

export class TapError extends FeltwireError<'STALE' | 'LOCKED'> {
  constructor(code: 'STALE' | 'LOCKED', message: string) {
    super(code, message);
    this.name = 'TapError';
  }
  get status(): number {
    return 409;
  }
}

/** The open STOP alerts of a state (hand and table): a tablet shows them and locks its action buttons. */
export function openStops(s: SessionState): number[] {
  const ids: number[] = [];
  for (const a of s.hand.alerts) if (a.severity === 'stop' && !a.resolved && !a.decision) ids.push(a.id);
  for (const a of s.tableAlerts) if (a.severity === 'stop' && a.hand === s.handNo && !a.decision) ids.push(a.id);
  return ids;
}

/** What a tap depends on in a state. */
function tapKey(s: SessionState): string {
  const n = s.hand.next;
  const turn = n ? `${n.toAct}:${n.toCall}:${n.minRaiseTo}:${n.legal.join(',')}` : '-';
  return `${s.handNo}|${s.hand.phase}|${turn}|${openStops(s).join(',')}`;
}

export class TapGuard {
  private readonly keys = new Map<number, string>();
  private current: SessionState | null = null;

  constructor(private readonly keep = 256) {}

  observe(s: SessionState): void {
    this.current = s;
    this.keys.set(s.version, tapKey(s));
    if (this.keys.size > this.keep) {
      const oldest = this.keys.keys().next().value as number;
      this.keys.delete(oldest);
    }
  }

  /** Throws TapError when a tap made on `version` must not take effect now. */
  check(version: number | undefined, kind: 'say' | 'dealer' | 'clock'): void {
    const cur = this.current;
    if (version === undefined || cur === null) return;
    if (kind === 'say' && openStops(cur).length > 0) {
      throw new TapError('LOCKED', 'a STOP alert is open: the floor decides before the hand goes on');
    }
    if (version === cur.version) return;
    const then = this.keys.get(version);
    if (then === undefined) throw new TapError('STALE', `the tablet showed state ${version}, too old: look again`);
    const now = tapKey(cur);
    if (kind === 'dealer') {
      // misdeal and floor are about the hand: refused only once the hand changed
      if (then.split('|')[0] !== now.split('|')[0]) throw new TapError('STALE', 'the hand changed since the tap');
      return;
    }
    if (then !== now) throw new TapError('STALE', 'the table changed since the tap: look again and tap again');
  }
}
