// The table session's public surface, with the rules engine of src/engine plugged in.
import * as engine from '../engine/index.js';
import { TableSession } from './TableSession.js';

TableSession.defaultEngine = engine;

export { SessionError, type SessionErrorCode } from './errors.js';
export { type EventLog, type LogKind, type LogRecord, MemoryLog } from './log.js';
export { checkPlayer, type Player, Roster, type RosterOp, type RosterSeat, rosterAt } from './roster.js';
export {
  isSessionFile,
  parseSessionScenario,
  runSessionScenario,
  type SessionHandOutcome,
  type SessionOutcome,
  type SessionScenario,
} from './scenario.js';
export { type HandEngine, type SessionEvents, TableSession, type TableSessionOptions } from './TableSession.js';
export * from './types.js';
