// The table's zones and a card's face, as every layer names them: one type and one parser. A zone is written as in
// docs/scenario-format.md (`seat3`, `bet3`, `board`, `burn`, `muck`); the table file's antennas may also map the
// enrollment pad (`enroll`), which is not a zone of the hand. Pure: no I/O.

/** Zones of docs/scenario-format.md. */
export type Zone = `seat${number}` | `bet${number}` | 'board' | 'burn' | 'muck';
/** What an antenna of the table file may cover: a zone of the hand, or the enrollment pad. */
export type AntennaZone = Zone | 'enroll';
/** A card's face as the engine knows it. (The reader's own face code, U/D/-, is `TagFace` in src/hardware.) */
export type Face = 'up' | 'down';

/** A zone taken apart: the seat a hand or a betting zone belongs to, or one of the shared zones. */
export type ParsedZone =
  | { kind: 'seat'; seat: number }
  | { kind: 'bet'; seat: number }
  | { kind: 'board' }
  | { kind: 'burn' }
  | { kind: 'muck' }
  | { kind: 'enroll' };

const SEATED = /^(seat|bet)(\d+)$/;

/** Parses a zone name (the enrollment pad included); null when the text names no zone. Seats are 1 and up. */
export function parseZone(text: unknown): ParsedZone | null {
  if (typeof text !== 'string') return null;
  if (text === 'board' || text === 'burn' || text === 'muck' || text === 'enroll') return { kind: text };
  const m = SEATED.exec(text);
  if (!m || m[2].startsWith('0')) return null;
  const seat = Number(m[2]);
  return m[1] === 'seat' ? { kind: 'seat', seat } : { kind: 'bet', seat };
}

/** The zone's name, as written. */
export function zoneName(z: ParsedZone): AntennaZone {
  return z.kind === 'seat' ? seatZone(z.seat) : z.kind === 'bet' ? betZone(z.seat) : z.kind;
}

/** The text as a zone of the hand (not the enrollment pad), with at most `maxSeat` seats; null otherwise. */
export function asZone(text: unknown, maxSeat = Number.POSITIVE_INFINITY): Zone | null {
  const z = parseZone(text);
  if (!z || z.kind === 'enroll') return null;
  if ((z.kind === 'seat' || z.kind === 'bet') && z.seat > maxSeat) return null;
  return zoneName(z) as Zone;
}

export const seatZone = (seat: number): `seat${number}` => `seat${seat}`;
export const betZone = (seat: number): `bet${number}` => `bet${seat}`;

/** The seat whose hand lies in `zone`, or null (not a seat's hand zone). */
export function handSeat(zone: string): number | null {
  const z = parseZone(zone);
  return z?.kind === 'seat' ? z.seat : null;
}

/** The seat whose betting zone `zone` is, or null. */
export function betSeat(zone: string): number | null {
  const z = parseZone(zone);
  return z?.kind === 'bet' ? z.seat : null;
}

/** True for the zones cards lie in (a hand, the board, the burn, the muck). */
export function isCardZone(zone: string): zone is Zone {
  const z = parseZone(zone);
  return z !== null && z.kind !== 'bet' && z.kind !== 'enroll';
}

/** The face a card placed in `zone` has when nobody says: hands, burns and the muck face down, the board up. */
export function defaultFace(zone: Zone): Face {
  const z = parseZone(zone);
  return z?.kind === 'board' || z?.kind === 'bet' ? 'up' : 'down';
}
