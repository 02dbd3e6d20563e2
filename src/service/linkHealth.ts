// The bridge link's counters in the table's health (health.counters, /api/health): bytes outside any frame, frames
// rejected by cause, frames refused by the receiver (duplicates, out of order, bad fields, ...), resends, losses.
import type { BridgeLinkStats } from '../hardware/bridge/link-types.js';
import type { TableSession } from '../session/TableSession.js';

/** the link's statistics as flat counters, e.g. `parser.bad_crc`, `receiver.duplicates`, `link.resendsSent` */
export function linkCounters(s: BridgeLinkStats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(s.parser)) out[`parser.${k}`] = v;
  for (const [k, v] of Object.entries(s.receiver)) out[`receiver.${k}`] = v;
  out['link.acksSent'] = s.acksSent;
  out['link.resendsSent'] = s.resendsSent;
  out['link.syncsSent'] = s.syncsSent;
  out['link.lost'] = s.linkLost;
  out['link.reconnects'] = s.reconnects;
  return out;
}

/** Copies the link's counters into the session's health once a second when they changed; returns the unwiring. */
export function wireLinkCounters(
  link: { stats(): BridgeLinkStats },
  session: TableSession,
  periodMs = 1000,
  onError: (err: unknown) => void = () => {},
): () => void {
  let last = '';
  const refresh = () => {
    const counters = linkCounters(link.stats());
    const text = JSON.stringify(counters);
    if (text === last) return;
    last = text;
    try {
      session.setHealth({ counters });
    } catch (err) {
      onError(err);
    }
  };
  const timer = setInterval(refresh, periodMs);
  timer.unref();
  refresh();
  return () => clearInterval(timer);
}
