// The alerts about the equipment, raised by the table layer, the links and the storage (never by the engine):
// unknown chips, crosstalk, reader faults, the reader bridge's and the dealer panel's links, the event log's disk.
// Severity and rule here; texts in src/i18n/alerts/table.ts.
import { ownRule } from '../rules/ruleRef.js';
import type { AlertCode } from '../types.js';
import { type AlertRules, both } from './alertRules.js';

const reader = { default: { rule: both(ownRule('reader')) } };
const panel = { default: { rule: both(ownRule('panel')) } };
const storage = { default: { rule: both(ownRule('table')) } };

export const READER_ALERTS: Partial<Record<AlertCode, AlertRules>> = {
  CHIP_UNKNOWN: { severity: 'warn', remedies: reader },
  CARD_CROSSTALK: { severity: 'warn', remedies: reader },
  // variant prefixes: the registry's tags need more UID prefixes than the bridge keeps (raised at start)
  READER_FAULT: { severity: 'warn', remedies: { ...reader, prefixes: { rule: both(ownRule('reader')) } } },
  LINK_LOST: { severity: 'stop', remedies: reader },
  LINK_RESTORED: { severity: 'info', remedies: reader },
  // the panel's buttons and lights are a convenience (the tablet does everything they do): warnings, never stops
  PANEL_SILENT: { severity: 'warn', remedies: panel },
  PANEL_LOST: { severity: 'warn', remedies: panel },
  PANEL_RESTORED: { severity: 'info', remedies: panel },
  PANEL_BUTTON_LOW: { severity: 'warn', remedies: panel },
  // the table holds while the log cannot be written: the records wait in memory
  LOG_STORAGE_FAULT: { severity: 'stop', remedies: storage },
  LOG_STORAGE_RESTORED: { severity: 'info', remedies: storage },
  LOG_SALVAGED: { severity: 'stop', remedies: storage },
};
