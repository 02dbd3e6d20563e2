// The count at a break (seed 003 regulation 5: the chips stay on the table through a break): every seat's stack is
// read from its chips and compared with the engine's. A difference is a record naming the table, the seat and the
// amount, with what it looks like: a chip gone, a chip too many, a chip not of the set in play (LOI 16, LOI 24), or
// chips moved between two players (the same amount gone at one seat and come at another).

export interface CountDiscrepancy {
  table: string;
  seat: number;
  /** the engine's stack */
  expected: number;
  /** the chips read, counted (foreign chips not counted) */
  read: number;
  /** read - expected */
  difference: number;
  kind: 'missing' | 'extra' | 'foreign' | 'moved';
  /** moved: the other seat */
  withSeat?: number;
  /** foreign: the chips read that are not in play */
  foreign?: number[];
}

export function countAtBreak(
  table: string,
  readings: Record<number, readonly number[]>,
  engineStacks: Record<number, number>,
  inPlay: readonly number[],
): CountDiscrepancy[] {
  const out: CountDiscrepancy[] = [];
  const seats = [...new Set([...Object.keys(readings), ...Object.keys(engineStacks)].map(Number))].sort(
    (a, b) => a - b,
  );
  for (const seat of seats) {
    const chips = readings[seat] ?? [];
    const foreign = chips.filter((c) => !inPlay.includes(c));
    const read = chips.filter((c) => inPlay.includes(c)).reduce((a, b) => a + b, 0);
    const expected = engineStacks[seat] ?? 0;
    if (foreign.length > 0)
      out.push({ table, seat, expected, read, difference: read - expected, kind: 'foreign', foreign });
    else if (read !== expected)
      out.push({
        table,
        seat,
        expected,
        read,
        difference: read - expected,
        kind: read < expected ? 'missing' : 'extra',
      });
  }
  // a seat short by what another has too many: chips moved between them
  const open = out.filter((d) => d.kind === 'missing' || d.kind === 'extra');
  for (const a of open)
    if (a.kind === 'missing' && a.withSeat === undefined) {
      const b = open.find((x) => x.kind === 'extra' && x.withSeat === undefined && x.difference === -a.difference);
      if (b) {
        a.kind = 'moved';
        b.kind = 'moved';
        a.withSeat = b.seat;
        b.withSeat = a.seat;
      }
    }
  return out;
}

/** one line per discrepancy, for the floor's alert */
export function describeDiscrepancy(d: CountDiscrepancy): string {
  const at = `table ${d.table} seat ${d.seat}`;
  switch (d.kind) {
    case 'missing':
      return `${at}: ${-d.difference} missing (read ${d.read}, the hands say ${d.expected})`;
    case 'extra':
      return `${at}: ${d.difference} too many (read ${d.read}, the hands say ${d.expected})`;
    case 'foreign':
      return `${at}: chips not in play ${(d.foreign ?? []).join(', ')} (LOI 16)`;
    case 'moved':
      return `${at}: ${Math.abs(d.difference)} ${d.difference < 0 ? 'gone to' : 'come from'} seat ${d.withSeat}`;
  }
}
