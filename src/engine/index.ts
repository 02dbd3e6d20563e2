// The rules engine's public face. Pure: TableConfig and TableEvents in, HandSnapshot out.
//
//   const hand = createHand(config);            // blinds and ante committed; phase 'waiting'
//   applyEvent(hand, ev);                       // mutates and returns the same state (replay speed)
//   snapshot(hand) / isHandOver(hand);          // plain data for the session, views and logs
//   nextHandConfig(config, snapshot(hand));     // dead button, busted seats, heads-up
//
// Chip changes of one betting zone within config.motionMs are one motion. A motion is read when any other event
// arrives (cards, words, another zone's chips), or when a `tick` comes after its window. A live table therefore
// sends a `tick` about motionMs after the last chips event so that `next` moves on without waiting.

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
export type {
  Decision,
  DecisionKind,
  DecisionSource,
} from './hand/decisions.js';
export { type NextHandChanges, nextHandConfig } from './hand/nextHand.js';
export { chipsInPlay, isHandOver, potsOf, snapshot, stacksOf } from './hand/snapshot.js';
export type { HandState } from './hand/state.js';
export { normaliseTable, parseScenario, type Scenario, ScenarioError, type ScenarioExpect } from './scenario/parse.js';
export { runScenario, type ScenarioOutcome } from './scenario/run.js';
export * from './types.js';
