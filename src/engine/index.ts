// The rules engine's public face. Pure: TableConfig and TableEvents in, HandSnapshot out.
import './hand/flow.js';

export { ALERTS } from './alerts/catalogue.js';
export { minimumRaiseTo, optionReopened } from './betting/minimumRaise.js';
export {
  canAllIn,
  canCall,
  canCheck,
  canFold,
  canRaiseTo,
  nextAction,
  type Rejection,
  verifyAllIn,
  verifyCall,
  verifyCheck,
  verifyFold,
  verifyRaiseTo,
} from './betting/round.js';
export { applyEvent } from './hand/apply.js';
export { createHand } from './hand/create.js';
export { type NextHandChanges, nextHandConfig } from './hand/nextHand.js';
export { chipsInPlay, isHandOver, potsOf, snapshot, stacksOf } from './hand/snapshot.js';
export type { HandState } from './hand/state.js';
export { normaliseTable, parseScenario, type Scenario, ScenarioError, type ScenarioExpect } from './scenario/parse.js';
export { runScenario, type ScenarioOutcome } from './scenario/run.js';
export * from './types.js';
