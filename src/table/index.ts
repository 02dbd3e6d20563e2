// The table layer's public face: the hardware file, the tag registry, enrollment, presence -> engine events, health.

export type { TableAlert, TableAlertCode } from './alerts.js';
export {
  ChipEnrollment,
  type ChipEnrollmentReport,
  DeckCheck,
  type DeckCheckReport,
  DeckEnrollment,
  type DeckEnrollmentReport,
  type EnrollmentFlow,
  type EnrollStep,
} from './enrollment.js';
export { TableError, type TableErrorCode } from './errors.js';
export {
  AntennaMap,
  type AntennaSpec,
  type HardwareFile,
  hardwareFileSchema,
  loadHardwareFile,
  type PanelSpec,
  type ReaderSpec,
  type TraySensorSpec,
  validateHardwareFile,
  type ZoneName,
} from './hardwareFile.js';
export type { AntennaHealth, TableHealth } from './health.js';
export {
  type ChipSet,
  type Deck,
  ENROLL_ORDER,
  normaliseUid,
  type RegistryJson,
  type TagIdentity,
  TagRegistry,
} from './registry.js';
export {
  type EnrollEvent,
  type LiveTableEvent,
  type ResyncDifferences,
  TableLayer,
  type TableLayerEvents,
  type TableLayerOptions,
} from './tableLayer.js';
export { BRIDGE_UID_PREFIXES, checkUidPrefixes, type PrefixCheck, prefixAdvice, uidPrefix } from './uidPrefixes.js';
