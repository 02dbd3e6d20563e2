// The table's row in the room view (its status message), made from the floor's view: no card the players have not
// seen leaves in it.
import type { SessionState } from '../session/types.js';
import type { LiveState } from '../views/liveState.js';
import { viewFor } from '../views/views.js';
import { PROTOCOL_VERSION, type RoomAlert, type StatusMessage } from './protocol.js';

/** the room's row for this table, from the floor's view (no card the players have not seen) */
export function statusFrom(
  state: SessionState,
  live: LiveState,
  ids: { tableId: string; tableName: string; roomName: string },
  extra: { now: number; mono: number; lastHandWall: number | null; settingsVersion: number },
): StatusMessage {
  const floor = viewFor('floor', live, extra.mono);
  const handAlertWall = new Map(state.hand.alerts.map((a) => [a.id, (state.handStartWall ?? state.wall) + a.t]));
  const tableAlertWall = new Map(state.tableAlerts.map((a) => [a.id, a.wall]));
  const openAlerts: RoomAlert[] = (floor?.alerts ?? [])
    .filter((a) => !a.resolved && !a.decision && !(a.source === 'table' && a.acknowledged))
    .map((a) => ({
      id: a.id,
      code: a.code,
      severity: a.severity,
      message: a.message,
      messageFr: a.messageFr,
      wall: (a.source === 'table' ? tableAlertWall.get(a.id) : handAlertWall.get(a.id)) ?? state.wall,
      source: a.source,
    }));
  const names = (state as SessionState & { roster?: { seat: number; player: { name: string } }[] }).roster;
  // an unnamed seat goes as '' (the room view writes "Seat 4" / "Siège 4" in its own language)
  const nameOf = (seat: number) => names?.find((r) => r.seat === seat)?.player.name ?? '';
  return {
    v: PROTOCOL_VERSION,
    kind: 'status',
    ...ids,
    sent: extra.now,
    version: state.version,
    handNo: state.handNo,
    phase: state.hand.phase,
    handOver: state.handOver,
    blinds: [...state.hand.blinds],
    bbAnte: state.hand.bbAnte,
    level: { blinds: [...state.level.blinds], bbAnte: state.level.bbAnte },
    board: (floor?.board ?? []).filter((c) => /^[2-9TJQKA][cdhs]$/.test(c)),
    seats: state.hand.seats
      .filter((s) => !s.absent)
      .map((s) => ({ seat: s.seat, name: nameOf(s.seat), stack: s.stack, folded: s.folded, allIn: s.allIn })),
    openAlerts,
    health: {
      link: state.health.link,
      panel: state.health.panel,
      readers: { ...state.health.readers },
      source: state.health.source,
    },
    lastHandWall: extra.lastHandWall,
    settingsVersion: extra.settingsVersion,
  };
}
