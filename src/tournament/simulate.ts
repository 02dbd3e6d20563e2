// A whole simulated tournament: the floor (floor.ts) runs it, each hand is played on the real engine by the
// push-or-fold dealer (simHand.ts), the chips each player holds are modelled as physical chips so that the breaks'
// counts and colour-ups are read from chips, as a table that reads every chip would. Pure: everything random comes
// from the seed, time from a simulated monotonic clock (each hand takes `handMs`, the tables play side by side).
import { type HandSnapshot, nextHandConfig, type TableConfig } from '../engine/index.js';
import { rulesTag } from '../engine/rules/ruleRef.js';
import { describeDiscrepancy } from './counts.js';
import { TournamentFloor } from './floor.js';
import type { FloorEvent } from './floorShapes.js';
import type { PenaltyKind } from './penalties.js';
import { type RandomSource, seededRandom } from './random.js';
import type { Player } from './registration.js';
import { chipsFor, DEFAULT_STYLE, type PushFoldStyle, playSimHand } from './simHand.js';
import { standingsCsv } from './standings.js';
import { chipsInPlayAt, type Structure } from './structure.js';

export interface SimulationOptions {
  structure: Structure;
  players: number;
  tables: number;
  maxSeats: number;
  seed: number;
  buyIn: number;
  /** ms of tournament clock per hand at one table */
  handMs?: number;
  style?: PushFoldStyle;
  /** at the first count, one chip is moved from one player's stack to another's (the count must find it) */
  faultAtFirstCount?: boolean;
  /** each line of progress as it happens */
  onLine?: (line: string) => void;
  maxHands?: number;
  /** this many players (the last registered) never come: their blinds are taken until the first level ends */
  noShows?: number;
  /** penalties the floor gives: after the `afterHands`-th hand, to the player in the first occupied seat of the table
   * that played it (a player still seated) */
  penalties?: { afterHands: number; kind: PenaltyKind; count?: number; reason: string }[];
  /** after the draw, after each hand and after each break: the floor as it stands (the TD's screen takes a view) */
  onStep?: (floor: TournamentFloor, hands: number) => void;
}

export interface SimulationReport {
  floor: TournamentFloor;
  hands: number;
  lines: string[];
  /** the count records found (before the floor put the chips right) */
  discrepancies: number;
  /** each hand played: its table, number, who posted the blinds (player ids), the big blind's seat, the players whose
   * hands the engine killed (absent or serving a penalty) */
  played: {
    table: string;
    hand: string;
    sb: string | null;
    bb: string;
    bbSeat: number;
    killed: string[];
    /** newcomers dealt no hand, waiting for the button (LOI 32, club 8-10) */
    waited: string[];
  }[];
}

/** how a player holds a stack: a few more small chips than needed, the rest the fewest chips */
function holding(stack: number, chips: readonly number[], random: RandomSource): number[] {
  const [d0, d1] = chips;
  if (d0 === undefined) return [];
  if (d1 === undefined) return chipsFor(stack, chips);
  let smalls = (stack % d1) / d0;
  const spare = Math.floor((stack - smalls * d0) / d1);
  const extra = Math.min(spare, Math.floor(random() * 3));
  smalls += (extra * d1) / d0;
  return [...chipsFor(stack - smalls * d0, chips.slice(1)), ...new Array(smalls).fill(d0)];
}

export function simulateTournament(o: SimulationOptions): SimulationReport {
  const random = seededRandom(o.seed);
  let now = 0;
  const lines: string[] = [];
  const say = (l: string): void => {
    lines.push(l);
    o.onLine?.(l);
  };
  const players: Player[] = Array.from({ length: o.players }, (_, i) => ({
    id: `p${String(i + 1).padStart(3, '0')}`,
    name: `Player ${i + 1}`,
    country: ['FR', 'BE', 'CH', 'CA'][i % 4] as string,
  }));
  const floor = new TournamentFloor(
    o.structure,
    players,
    {
      tableIds: Array.from({ length: o.tables }, (_, i) => `T${i + 1}`),
      maxSeats: o.maxSeats,
      buyIn: o.buyIn,
      finalTableDraw: true,
    },
    random,
    () => now,
  );
  const name = (id: string): string => players.find((p) => p.id === id)?.name ?? id;
  let seen = 0;
  const report = (): void => {
    for (; seen < floor.log.length; seen++) {
      const line = describe(floor.log[seen] as FloorEvent, name, floor);
      if (line !== null) say(line);
    }
  };
  floor.start();
  for (const p of players.slice(players.length - (o.noShows ?? 0))) floor.absent(p.id);
  report();
  o.onStep?.(floor, 0);
  const engine = new Map<string, { config: TableConfig; final: HandSnapshot }>();
  const handNo = new Map<string, number>();
  const handMs = o.handMs ?? 120_000;
  let hands = 0;
  let discrepancies = 0;
  const played: SimulationReport['played'] = [];
  let faulted = !o.faultAtFirstCount;

  while (floor.standings.left > 1 && hands < (o.maxHands ?? 5000)) {
    const brk = floor.onBreak();
    if (brk) {
      const status = floor.clock.status();
      say(`-- break (${brk.minutes} min)${brk.colourUp.length ? `, colour-up of the ${brk.colourUp.join(', ')}` : ''}`);
      const before = status.period - 1;
      for (const t of floor.liveTables()) {
        const inPlay = chipsInPlayAt(o.structure, before);
        const held: Record<number, number[]> = {};
        for (const [seat, p] of Object.entries(t.seats))
          held[Number(seat)] = holding(floor.stacks.get(p) ?? 0, inPlay, random);
        if (!faulted) {
          // a 'moved' chip: the smallest chip of one stack lies in the next stack
          const [a, b] = Object.keys(held).map(Number);
          const chip = held[a as number]?.pop();
          if (a !== undefined && b !== undefined && chip !== undefined) held[b]?.push(chip);
          faulted = true;
        }
        const found = floor.count(t.id, held);
        discrepancies += found.length;
        report();
        if (found.length > 0) {
          // the floor puts the chips right, then counts again
          for (const [seat, p] of Object.entries(t.seats))
            held[Number(seat)] = holding(floor.stacks.get(p) ?? 0, inPlay, random);
          floor.count(t.id, held);
          report();
        }
        if (brk.colourUp.length > 0) {
          const after = chipsInPlayAt(o.structure, status.period);
          floor.colourUp(t.id, brk, held, (race) =>
            Object.fromEntries(race.seats.map((s) => [s.seat, holding(s.after, after, random)])),
          );
          report();
        }
      }
      o.onStep?.(floor, hands);
      now += status.remainingMs;
      continue;
    }
    for (const t of floor.liveTables()) {
      if (floor.standings.left <= 1 || floor.onBreak()) break;
      if (Object.keys(t.seats).length < 2) continue;
      const no = (handNo.get(t.id) ?? 0) + 1;
      const hand = `${t.id}#${no}`;
      const go = floor.shuffle(t.id, hand);
      report();
      if ('wait' in go) continue;
      handNo.set(t.id, no);
      const seats: Record<number, number> = {};
      for (const [seat, p] of Object.entries(t.seats))
        if (!go.waiting.includes(Number(seat))) seats[Number(seat)] = floor.stacks.get(p) ?? 0;
      const prev = engine.get(t.id);
      let config: TableConfig;
      if (prev) {
        const changes: Record<number, number> = {};
        for (const s of Object.keys(prev.final.stacks).map(Number)) if (seats[s] === undefined) changes[s] = 0;
        for (const [s, stack] of Object.entries(seats)) if (prev.final.stacks[s] !== stack) changes[Number(s)] = stack;
        config = nextHandConfig(prev.config, prev.final, {
          seats: changes,
          blinds: [go.level.sb, go.level.bb],
          bbAnte: go.level.bbAnte,
        });
        config.chips = go.chips;
        config.absent = [...new Set([...go.absent, ...go.penalised])].sort((a, b) => a - b);
      } else
        config = {
          ruleset: 'tda',
          seats,
          button: t.button ?? 1,
          blinds: [go.level.sb, go.level.bb],
          bbAnte: go.level.bbAnte,
          absent: [...new Set([...go.absent, ...go.penalised])].sort((a, b) => a - b),
          chips: go.chips,
          motionMs: 700,
          orderKnown: true,
        };
      const final = playSimHand(config, random, o.style ?? DEFAULT_STYLE);
      engine.set(t.id, { config, final });
      played.push({
        table: t.id,
        hand,
        sb: final.sb === null ? null : (t.seats[final.sb] ?? null),
        bb: t.seats[final.bb] as string,
        bbSeat: final.bb,
        killed: config.absent.map((seat) => t.seats[seat] as string),
        waited: go.waiting.map((seat) => t.seats[seat] as string),
      });
      hands++;
      now += Math.round(handMs / Math.max(1, floor.liveTables().length));
      const end: Record<number, number> = {};
      for (const [s, v] of Object.entries(final.stacks)) end[Number(s)] = v;
      floor.handEnded(t.id, { hand, button: final.button, sb: final.sb, bb: final.bb, start: config.seats, end });
      report();
      for (const pen of (o.penalties ?? []).filter((x) => x.afterHands === hands)) {
        const seat = Object.keys(t.seats)
          .map(Number)
          .sort((a, b) => a - b)[0];
        const player = seat === undefined ? undefined : t.seats[seat];
        if (player === undefined || floor.standings.left <= 1) continue;
        floor.penalise({ player, kind: pen.kind, count: pen.count, reason: pen.reason, hand });
        report();
      }
      o.onStep?.(floor, hands);
    }
    for (const t of floor.tables) if (Object.keys(t.seats).length === 0) engine.delete(t.id);
  }
  const pool = floor.standings.prizePool;
  say(`-- final standings (prize pool ${pool})`);
  for (const l of standingsCsv(floor.standings.results(), floor.standings.disqualified()).trimEnd().split('\n')) say(l);
  return { floor, hands, lines, discrepancies, played };
}

function describe(e: FloorEvent, name: (id: string) => string, floor: TournamentFloor): string | null {
  switch (e.kind) {
    case 'hand':
      return null;
    case 'draw':
      return `draw (LOI 13, seed 002 double blind): ${e.draw.lines.length} players seated`;
    case 'button':
      return `${e.table}: first button seat ${e.button} by high card (club 2-2)`;
    case 'level':
      return `${e.hand}: level ${e.level.level} ${e.level.sb}/${e.level.bb}${e.level.bbAnte ? ` ante ${e.level.bbAnte}` : ''} from this shuffle (LOI 18)`;
    case 'waits':
      return `${e.hand}: ${name(e.player)} at seat ${e.seat} waits for the button (LOI 32, club 8-10)`;
    case 'halt':
      return `${e.table}: waits for a player (seed 002)`;
    case 'move':
      return `move (${e.move.reason}): ${name(e.move.player)} ${e.move.from.table}-${e.move.from.seat} → ${e.move.to.table}-${e.move.to.seat} (${rulesTag(e.move.rule)})`;
    case 'tableBroken':
      return `${e.broken.table} breaks: ${e.broken.moves.length} players drawn to new seats`;
    case 'finalTable':
      return `${e.table}: the final table, ${e.draw.lines.length} players drawn to new seats, first button seat ${e.button} by high card (club 8-2, 2-2)`;
    case 'late':
      return `${name(e.player)} registered late: ${e.seat.table}-${e.seat.seat}${e.waits ? ', waits for the button (LOI 32)' : ''} (club 3-1, 3-2)`;
    case 'noShow':
      return `${name(e.finish.player)} never came: out in place ${e.finish.place}, ${e.chipsRemoved} chips taken out of play (seed 003 regulation 10)`;
    case 'bust':
      return `${e.finish.hand}: ${name(e.finish.player)} out in place ${e.finish.place}${e.finish.tiedWith.length ? ' (tied)' : ''}, prize ${floor.standings.prizeOf(e.finish)}`;
    case 'winner':
      return `${e.finish.hand}: ${name(e.finish.player)} wins, prize ${floor.standings.prizeOf(e.finish)}`;
    case 'count':
      return e.discrepancies.length === 0
        ? `${e.table}: count at the break, every stack as the hands left it`
        : `${e.table}: count at the break: ${e.discrepancies.map(describeDiscrepancy).join('; ')}`;
    case 'penalty': {
      const p = e.penalty;
      const n = p.count === undefined ? '' : ` ${p.count}`;
      return `${p.hand}: penalty to ${name(p.player)}: ${p.kind}${n}${p.handsLeft !== undefined ? ` (${p.handsLeft} hands away)` : ''}, ${p.reason} (${rulesTag(p.rule)})`;
    }
    case 'eliminated':
      return `${e.finish.hand}: ${name(e.finish.player)} eliminated by the floor, place ${e.finish.place}, prize ${floor.standings.prizeOf(e.finish)}; ${e.chipsRemoved} chips taken out of play (tda 71)`;
    case 'disqualified':
      return `${e.hand}: ${name(e.player)} disqualified, no prize; ${e.chipsRemoved} chips taken out of play (LOI 33, tda 71)`;
    case 'colourUp':
      return `${e.table}: colour-up to ${e.race.newChip}, ${e.race.raceChips} chips raced, winners ${
        e.race.seats
          .filter((s) => s.wonRace)
          .map((s) => `seat ${s.seat}`)
          .join(', ') || 'none'
      }${e.check.length ? `; read back WRONG at ${e.check.map((c) => `seat ${c.seat}`).join(', ')}` : '; read back right'}`;
  }
}
