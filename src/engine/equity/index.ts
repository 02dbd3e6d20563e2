// Exact equity and outs. The live service uses EquityService (a worker thread) so that it never blocks.
export { equityExact, validateRequest, type EquityOptions } from './exact.js';
export { outs, type PlayerOuts } from './outs.js';
export { EquityError, type EquityErrorCode } from './errors.js';
export type { EquityResult } from './tally.js';
export { EquityService, EquityServiceError, defaultWorkerUrl, type EquityServiceOptions } from './workerService.js';
