// Alerts about the dealer panel (the StandardFirmata board): not answering, gone, back, or a button whose input
// reads pressed from setup on. The panel's buttons and lights are a convenience -- the tablet does everything they
// do -- so these are warnings, never stops. Same shape as the table layer's other alerts.
import type { AlertFacts } from '../engine/types.js';
import type { PanelButton, PanelInfo } from '../hardware/types.js';
import type { TableAlert } from './alerts.js';

export type PanelAlertCode = 'PANEL_SILENT' | 'PANEL_LOST' | 'PANEL_RESTORED' | 'PANEL_BUTTON_LOW';

export interface PanelAlert extends Omit<TableAlert, 'code'> {
  code: PanelAlertCode;
}

const BUTTON_FR: Record<PanelButton, string> = {
  shuffle: 'mélange',
  misdeal: 'fausse donne',
  floor: 'arbitre',
  confirm: 'confirmation',
};

export function panelAlert(wall: number, state: 'silent' | 'lost' | 'up', detail?: string): PanelAlert {
  const why = detail ? ` (${detail})` : '';
  const facts: AlertFacts = detail ? { detail } : {};
  const common = { rule: 'panel', seat: null, wall, facts, ...(detail ? { reason: detail } : {}) };
  if (state === 'silent')
    return {
      code: 'PANEL_SILENT',
      severity: 'warn',
      message: `The dealer panel is not answering${why}: its buttons and lights do not work`,
      remedy:
        'Use the tablet for shuffle, misdeal and floor. Check that the panel board runs StandardFirmata (feltwire flash panel) and its USB cable; the service keeps trying.',
      messageFr: `Le pupitre du croupier ne répond pas${why} : ses boutons et voyants ne fonctionnent pas`,
      remedyFr:
        'Utilisez la tablette pour mélange, fausse donne et arbitre. Vérifiez que la carte du pupitre exécute StandardFirmata (feltwire flash panel) et son câble USB ; le service continue d’essayer.',
      ...common,
    };
  if (state === 'lost')
    return {
      code: 'PANEL_LOST',
      severity: 'warn',
      message: `Connection to the dealer panel lost${why}: its buttons and lights do not work`,
      remedy: 'Use the tablet for shuffle, misdeal and floor; check the panel’s USB cable. Reconnection is automatic.',
      messageFr: `Connexion au pupitre du croupier perdue${why} : ses boutons et voyants ne fonctionnent pas`,
      remedyFr:
        'Utilisez la tablette pour mélange, fausse donne et arbitre ; vérifiez le câble USB du pupitre. La reconnexion est automatique.',
      ...common,
    };
  return {
    code: 'PANEL_RESTORED',
    severity: 'info',
    message: 'The dealer panel answers again',
    remedy: 'Its buttons and lights work again.',
    messageFr: 'Le pupitre du croupier répond à nouveau',
    remedyFr: 'Ses boutons et voyants fonctionnent à nouveau.',
    ...common,
  };
}

/** A panel button that reads pressed from setup on: its input has no working pull-up (or the button is held or
 * shorted). Until fixed, that button's presses cannot be seen. */
export function panelButtonLowAlert(
  wall: number,
  button: PanelButton,
  pin: number,
  info: PanelInfo | null,
): PanelAlert {
  const board = info ? ` (${info.firmware} ${info.firmwareVersion}, Firmata protocol ${info.protocol})` : '';
  return {
    code: 'PANEL_BUTTON_LOW',
    severity: 'warn',
    rule: 'panel',
    seat: null,
    message: `The panel's ${button} button (pin ${pin}) reads pressed since the panel started${board}: its presses cannot be seen`,
    remedy: `Release the button if it is held. Otherwise its input needs a pull-up: fit a 10 kΩ resistor from pin ${pin} to 5 V, or flash StandardFirmata 2.5 or later (feltwire flash panel). Use the tablet meanwhile.`,
    messageFr: `Le bouton ${BUTTON_FR[button]} du pupitre (broche ${pin}) est lu enfoncé depuis le démarrage du pupitre${board} : ses appuis ne peuvent pas être vus`,
    remedyFr: `Relâchez le bouton s’il est tenu. Sinon son entrée a besoin d’une résistance de rappel : posez 10 kΩ de la broche ${pin} au 5 V, ou flashez StandardFirmata 2.5 ou plus récent (feltwire flash panel). Utilisez la tablette en attendant.`,
    wall,
    facts: { detail: `${button} button, pin ${pin}` },
    reason: `BUTTON_LOW ${button}`,
  };
}
