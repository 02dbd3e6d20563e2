// PHH hand histories: parsing, translation into table events, strict replay through the rules engine.
export { PhhError, type PhhErrorCode, type PhhHand, parsePhh } from './parse.js';
export {
  expectedActions,
  judgeReplay,
  type PreparedReplay,
  prepareReplay,
  type ReplayResult,
  replayPhh,
  replayThroughput,
  runEvents,
  type Throughput,
} from './replay.js';
export { PHH_CHIPS, parseAction, phhConfig, phhSource, phhToEvents } from './toEvents.js';
export { phhActions, phhLine, phhLines, phhOrder } from './write.js';
