// The tournament floor's shapes: the decisions it appends to its log, a finished hand as a table reports it, and
// the tables it is opened with.
import type { Move, TableBreak } from './balancing.js';
import type { ChipRace, ColourUpCheck } from './colourUp.js';
import type { CountDiscrepancy } from './counts.js';
import type { DoubleBlindDraw } from './draw.js';
import type { Penalty } from './penalties.js';
import type { Seat } from './seating.js';
import type { Finish } from './standings.js';
import type { Level } from './structure.js';

export type FloorEvent =
  | { kind: 'draw'; draw: DoubleBlindDraw }
  | { kind: 'button'; table: string; button: number; cards: { seat: number; card: string }[] }
  | { kind: 'level'; table: string; hand: string; level: Level }
  | { kind: 'halt'; table: string }
  /** LOI 32, club 8-10: a newcomer between the button and the small blind is dealt no hand this time */
  | { kind: 'waits'; table: string; hand: string; seat: number; player: string }
  /** a hand ended at the table (before the busts and moves it causes) */
  | { kind: 'hand'; table: string; hand: string }
  | { kind: 'move'; move: Move }
  | { kind: 'tableBroken'; broken: TableBreak }
  /** club 8-2: the final table's seats drawn again (seed 002), its first button by high card (club 2-2) */
  | {
      kind: 'finalTable';
      table: string;
      draw: DoubleBlindDraw;
      button: number;
      cards: { seat: number; card: string }[];
    }
  | { kind: 'bust'; finish: Finish }
  /** club 3-1, 3-2: a player registered late, drawn onto a free seat */
  | { kind: 'late'; player: string; seat: Seat; waits: boolean }
  /** seed 003 regulation 10: a registered player still absent after the first level is out, their chips removed */
  | { kind: 'noShow'; finish: Finish; chipsRemoved: number }
  | { kind: 'winner'; finish: Finish }
  | { kind: 'count'; table: string; discrepancies: CountDiscrepancy[] }
  | { kind: 'colourUp'; table: string; race: ChipRace; check: ColourUpCheck[] }
  /** LOI 7, LOI 33, tda 71, seed 003 regulation 6: a penalty recorded by the floor */
  | { kind: 'penalty'; penalty: Penalty }
  /** tda 71: eliminated by a penalty, in the place held then; their chips taken out of play */
  | { kind: 'eliminated'; finish: Finish; chipsRemoved: number }
  /** LOI 33, tda 71: disqualified, no place and no prize; their chips taken out of play */
  | { kind: 'disqualified'; player: string; hand: string; chipsRemoved: number };

export interface HandEnd {
  /** `table#handNo` */
  hand: string;
  button: number;
  sb: number | null;
  bb: number;
  /** seat -> stack at the start of the hand, and at its end (the engine's) */
  start: Record<number, number>;
  end: Record<number, number>;
}

export interface FloorOptions {
  tableIds: string[];
  maxSeats: number;
  /** one entry's price into the prize pool */
  buyIn: number;
  /** club 8-2: draw the seats again when one table is left (the final table); the room's live tables cannot carry a
   * redraw out yet (docs/tournament.md "Not yet"), so it leaves it off */
  finalTableDraw?: boolean;
}
