// Exact equity and outs. The live service uses EquityService (a worker thread) so that it never blocks.

export { EquityError, type EquityErrorCode } from './errors.js';
export { type EquityOptions, equityExact, validateRequest } from './exact.js';
export { outs, type PlayerOuts } from './outs.js';
export type { EquityResult } from './tally.js';
export { defaultWorkerUrl, EquityService, EquityServiceError, type EquityServiceOptions } from './workerService.js';
