// Alerts the table layer raises itself (never the engine): unknown or foreign tags, crosstalk between antennas,
// reader faults and the bridge link. Same shape as the engine's Alert where it can be (code, severity, rule, seat,
// message and remedy in English and French), with the wall time instead of the hand-relative t.
import type { AlertText } from '../engine/types.js';

export type TableAlertCode = 'CARD_UNKNOWN' | 'CARD_CROSSTALK' | 'READER_FAULT' | 'LINK_LOST' | 'LINK_RESTORED';

export interface TableAlert extends AlertText<TableAlertCode> {
  /** wall-clock ms */
  wall: number;
  antenna?: number | null;
  zone?: string;
  uid?: string;
  /** extra facts: the fault code, the foreign deck, the link detail */
  reason?: string;
}

const seatOfZone = (zone: string | undefined): number | null => {
  const m = zone ? /^(?:seat|bet)(\d+)$/.exec(zone) : null;
  return m ? Number(m[1]) : null;
};

export function unknownTagAlert(
  wall: number,
  antenna: number,
  zone: string,
  uid: string,
  foreignDeck?: string,
): TableAlert {
  const what = foreignDeck
    ? `a card of deck "${foreignDeck}", not the deck in play`
    : 'a tag that is not an enrolled card';
  const whatFr = foreignDeck
    ? `une carte du jeu « ${foreignDeck} », pas du jeu en cours`
    : 'une puce qui n’est pas une carte enregistrée';
  return {
    code: 'CARD_UNKNOWN',
    severity: 'stop',
    rule: 'tda 35',
    seat: seatOfZone(zone),
    message: `Unknown card in ${zone}: ${what} (tag ${uid})`,
    remedy:
      'Stop the deal and call the floor: the deck is defective, the hand is void and all chips go back. Check the deck before the next hand.',
    messageFr: `Carte inconnue en ${zone} : ${whatFr} (puce ${uid})`,
    remedyFr:
      'Arrêtez la donne et appelez l’arbitre : le jeu est défectueux, le coup est annulé et tous les jetons sont rendus. Vérifiez le jeu avant le coup suivant.',
    wall,
    antenna,
    zone,
    uid,
    ...(foreignDeck ? { reason: `foreign deck ${foreignDeck}` } : {}),
  };
}

export function crosstalkAlert(
  wall: number,
  uid: string,
  what: string,
  zones: string[],
  antennas: number[],
): TableAlert {
  return {
    code: 'CARD_CROSSTALK',
    severity: 'warn',
    rule: 'reader',
    seat: null,
    message: `${what} read on two antennas at once (${zones.join(' and ')}): a reader fault, not a player's`,
    remedy: `Move the item fully inside one zone; if it persists, call maintenance (antennas ${antennas.join(', ')}). Play goes on from the dealer's view of the table.`,
    messageFr: `${what} lu(e) par deux antennes à la fois (${zones.join(' et ')}) : un défaut du lecteur, pas une faute du joueur`,
    remedyFr: `Placez l’objet entièrement dans une seule zone ; si cela persiste, appelez la maintenance (antennes ${antennas.join(', ')}). Le jeu continue selon ce que voit le croupier.`,
    wall,
    antenna: antennas[0] ?? null,
    zone: zones.join(','),
    uid,
  };
}

const FAULTS: Record<string, [string, string]> = {
  ANT_TIMEOUT: ['the antenna does not answer', 'l’antenne ne répond pas'],
  ANT_SHORT: ['the antenna is short-circuited', 'l’antenne est en court-circuit'],
  COLLISION: ['too many tags answered at once', 'trop de puces ont répondu à la fois'],
  OVERRUN: ['the scan cycle overran', 'le cycle de lecture a débordé'],
  BUF_FULL: ['the bridge dropped unacknowledged frames', 'le pont a perdu des trames non acquittées'],
  UNMAPPED: ['an antenna that the hardware file does not map', 'une antenne absente du fichier matériel'],
};

export function readerFaultAlert(
  wall: number,
  antenna: number | null,
  zone: string | undefined,
  code: string,
): TableAlert {
  const [en, fr] = FAULTS[code] ?? [`fault ${code}`, `défaut ${code}`];
  const where = antenna === null ? 'the reader bridge' : `antenna ${antenna}${zone ? ` (${zone})` : ''}`;
  const whereFr = antenna === null ? 'le pont lecteur' : `antenne ${antenna}${zone ? ` (${zone})` : ''}`;
  return {
    code: 'READER_FAULT',
    severity: 'warn',
    rule: 'reader',
    seat: seatOfZone(zone),
    message: `Reader fault on ${where}: ${en}`,
    remedy: 'Keep dealing and confirm what this zone holds by eye; tell the floor. If it repeats, call maintenance.',
    messageFr: `Défaut de lecture sur ${whereFr} : ${fr}`,
    remedyFr:
      'Continuez à donner et vérifiez à l’œil le contenu de cette zone ; prévenez l’arbitre. Si cela se répète, appelez la maintenance.',
    wall,
    antenna,
    ...(zone ? { zone } : {}),
    reason: code,
  };
}

export function linkAlert(wall: number, state: 'lost' | 'restored', detail?: string): TableAlert {
  if (state === 'lost')
    return {
      code: 'LINK_LOST',
      severity: 'stop',
      rule: 'reader',
      seat: null,
      message: `Connection to the reader bridge lost${detail ? ` (${detail})` : ''}: the table is not being read`,
      remedy:
        'Hold the deal; check the bridge’s USB cable. Reconnection is automatic; the table is re-read when it comes back.',
      messageFr: `Connexion au pont lecteur perdue${detail ? ` (${detail})` : ''} : la table n’est plus lue`,
      remedyFr:
        'Suspendez la donne ; vérifiez le câble USB du pont. La reconnexion est automatique ; la table est relue à son retour.',
      wall,
      ...(detail ? { reason: detail } : {}),
    };
  return {
    code: 'LINK_RESTORED',
    severity: 'info',
    rule: 'reader',
    seat: null,
    message: 'Connection to the reader bridge restored; the table was re-read',
    remedy: 'Check that the screen matches the table, then resume the deal.',
    messageFr: 'Connexion au pont lecteur rétablie ; la table a été relue',
    remedyFr: 'Vérifiez que l’écran correspond à la table, puis reprenez la donne.',
    wall,
    ...(detail ? { reason: detail } : {}),
  };
}
