// The rules engine's public face. Pure: TableConfig and TableEvents in, HandSnapshot out.
import './hand/flow.js';

export { createHand } from './hand/create.js';
export { applyEvent } from './hand/apply.js';
export { snapshot, isHandOver, stacksOf, potsOf, chipsInPlay } from './hand/snapshot.js';
export { nextHandConfig, type NextHandChanges } from './hand/nextHand.js';
export type { HandState } from './hand/state.js';
export {
  verifyFold,
  verifyCheck,
  verifyCall,
  verifyRaiseTo,
  canFold,
  canCheck,
  canCall,
  canRaiseTo,
  nextAction,
  type Rejection,
} from './betting/round.js';
export { minimumRaiseTo, optionReopened } from './betting/minimumRaise.js';
export { ALERTS } from './alerts/catalogue.js';
export { parseScenario, normaliseTable, ScenarioError, type Scenario, type ScenarioExpect } from './scenario/parse.js';
export { runScenario, type ScenarioOutcome } from './scenario/run.js';
export * from './types.js';
