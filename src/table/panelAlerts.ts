// Alerts about the dealer panel (the StandardFirmata board): not answering, gone, back, or a button whose input
// reads pressed from setup on. The panel's buttons and lights are a convenience -- the tablet does everything they
// do -- so these are warnings, never stops. Codes and facts only: the texts are the catalogue's (src/i18n/alerts).
import { alertRule } from '../engine/alerts/catalogue.js';
import type { AlertFacts } from '../engine/types.js';
import type { PanelButton, PanelInfo } from '../hardware/types.js';
import type { TableAlert } from './alerts.js';

export type PanelAlertCode = 'PANEL_SILENT' | 'PANEL_LOST' | 'PANEL_RESTORED' | 'PANEL_BUTTON_LOW';

export interface PanelAlert extends Omit<TableAlert, 'code'> {
  code: PanelAlertCode;
}

function panelAlertOf(code: PanelAlertCode, wall: number, facts: AlertFacts): PanelAlert {
  return { code, ...alertRule(code, facts, 'tda'), seat: null, wall, facts };
}

/** `detail`: the driver's own words on why (quoted as given) */
export function panelAlert(wall: number, state: 'silent' | 'lost' | 'up', detail?: string): PanelAlert {
  const facts: AlertFacts = detail ? { system: detail } : {};
  const code = state === 'silent' ? 'PANEL_SILENT' : state === 'lost' ? 'PANEL_LOST' : 'PANEL_RESTORED';
  const alert = panelAlertOf(code, wall, facts);
  if (detail) alert.reason = detail;
  return alert;
}

/** A panel button that reads pressed from setup on: its input has no working pull-up (or the button is held or
 * shorted). Until fixed, that button's presses cannot be seen. */
export function panelButtonLowAlert(
  wall: number,
  button: PanelButton,
  pin: number,
  info: PanelInfo | null,
): PanelAlert {
  const facts: AlertFacts = {
    button,
    pin,
    ...(info ? { firmware: info.firmware, firmwareVersion: info.firmwareVersion, protocol: info.protocol } : {}),
  };
  const alert = panelAlertOf('PANEL_BUTTON_LOW', wall, facts);
  alert.reason = `BUTTON_LOW ${button}`;
  return alert;
}
