// PHH hand histories: parsing, translation into table events, strict replay through the rules engine.
export { parsePhh, PhhError, type PhhHand, type PhhErrorCode } from './parse.js';
export { phhToEvents, phhConfig, parseAction, PHH_CHIPS } from './toEvents.js';
export { replayPhh, replayThroughput, judgeReplay, runEvents, prepareReplay, expectedActions, type PreparedReplay, type ReplayResult, type Throughput } from './replay.js';
