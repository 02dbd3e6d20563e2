// The node flags the live service runs with. `npm start` passes the same (package.json's start script), and B7
// (src/bench/live.ts) starts the service process it measures with these, so that the figure is the service's.
// --max-semi-space-size=1: V8's young generation otherwise grows to 16 MB per semi-space (and the equity worker's
// isolate likewise), which the service, allocating many short-lived views per change, fills: about 40 MB of RSS for
// nothing kept. Measured with B7: 166-175 MB without, 124-129 MB with (the live state itself is ~16 MB of heap).
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];
