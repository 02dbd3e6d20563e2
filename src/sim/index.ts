// The virtual table: a reader bridge speaking protocol v1, a Firmata dealer panel, players and a dealer.

export { SimBinding, type SimBindingOptions } from './binding.js';
export { duplexPair } from './duplexPair.js';
export { SimError, type SimErrorCode } from './errors.js';
export { FirmataEmulator, type FirmataWrite } from './firmataEmulator.js';
export { openPtyPair, type PtyPair, type PtyPairOptions } from './ptyPair.js';
export { type SeqSource, SideChannelGate } from './sideChannel.js';
export {
  dealOrder,
  EXPECTED_ALERT,
  INJECTIONS,
  type InjectKind,
  type Pace,
  type SimHandReport,
  type SimMoment,
  Simulator,
  type SimulatorEvents,
  type SimulatorOptions,
  TABLE_PACE,
} from './simulator.js';
export { type Move, OwnReckoning, type TableView } from './tableView.js';
export { cardUid, chipUid, SIM_DENOMINATIONS, simulatedRegistry } from './tags.js';
