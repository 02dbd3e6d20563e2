// What the service believes is on each antenna, and the ReaderEvents that change it. Applying a change is
// idempotent: a tag already believed present does not arrive again, one not present does not leave.
import type { ReaderEvent, TagFace } from '../types.js';

export class BelievedTags {
  private readonly byAntenna = new Map<number, Set<string>>();

  constructor(private readonly emit: (ev: ReaderEvent) => void) {}

  present(antenna: number): string[] {
    return [...(this.byAntenna.get(antenna) ?? [])].sort();
  }

  arrive(antenna: number, uid: string, face: TagFace, orderKnown: boolean, at: number): void {
    const set = this.byAntenna.get(antenna) ?? new Set<string>();
    this.byAntenna.set(antenna, set);
    if (set.has(uid)) return; // already known here (e.g. announced again after a reboot): applied once
    set.add(uid);
    this.emit({ kind: 'arrive', antenna, uid, face, at, orderKnown });
  }

  leave(antenna: number, uid: string, orderKnown: boolean, at: number): void {
    if (!this.byAntenna.get(antenna)?.delete(uid)) return;
    this.emit({ kind: 'leave', antenna, uid, at, orderKnown });
  }

  /** Applies the difference between what was believed and the bridge's inventory: the order is unknown. */
  inventory(antenna: number, uids: string[], at: number): void {
    const now = new Set(uids);
    for (const uid of this.present(antenna)) if (!now.has(uid)) this.leave(antenna, uid, false, at);
    for (const uid of uids) this.arrive(antenna, uid, '-', false, at);
    this.emit({ kind: 'inventory', antenna, uids: [...now].sort(), at });
  }
}
