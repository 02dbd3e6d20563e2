// Chip-tray sensors: one analog sensor per denomination tube (a load cell or a slide potentiometer on the stack's
// follower). A raw reading becomes a chip count; readings that move less than the threshold are noise (the model is
// johnny-five's Sensor `change` past a threshold), and a count is reported only when it changes.
import type { TraySensorSpec } from '../../table/hardwareFile.js';

export class TrayCounter {
  private readonly last = new Map<number, number>();
  private readonly counts = new Map<number, number>();

  constructor(
    private readonly sensors: TraySensorSpec[],
    private readonly threshold = 8,
  ) {}

  /** chips in a tube for a raw reading */
  static count(spec: TraySensorSpec, raw: number): number {
    return Math.max(0, Math.round((raw - spec.emptyValue) / spec.perChip));
  }

  /** Feeds one raw reading; returns the whole tray's counts when a count changed, else null. */
  reading(denomination: number, raw: number): Record<string, number> | null {
    const spec = this.sensors.find((s) => s.denomination === denomination);
    if (!spec) return null;
    const prev = this.last.get(denomination);
    if (prev !== undefined && Math.abs(raw - prev) < this.threshold) return null;
    this.last.set(denomination, raw);
    const n = TrayCounter.count(spec, raw);
    if (this.counts.get(denomination) === n) return null;
    this.counts.set(denomination, n);
    return this.snapshot();
  }

  snapshot(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const s of this.sensors)
      if (this.counts.has(s.denomination)) out[s.denomination] = this.counts.get(s.denomination) ?? 0;
    return out;
  }
}
