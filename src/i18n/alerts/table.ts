// The equipment's alert texts, English and French ICU messages: unknown chips, crosstalk and reader faults (the
// table layer), the reader bridge's and the dealer panel's links, the event log's storage. `{system}` is what the
// operating system or a driver said (an error message, quoted as given in both languages), never our prose.
import { BRIDGE_UID_PREFIXES } from '../../table/uidPrefixes.js';
import type { AlertMessages } from './shape.js';

const FAULT_EN =
  '{fault, select, ANT_TIMEOUT {the antenna does not answer} ANT_SHORT {the antenna is short-circuited} COLLISION {too many tags answered at once} OVERRUN {the scan cycle overran} BUF_FULL {the bridge dropped unacknowledged frames} FOREIGN_TAG {a tag the bridge cannot report lies on it (not one of our cards or chips)} UNMAPPED {an antenna that the hardware file does not map} other {fault {fault}}}';
const FAULT_FR =
  '{fault, select, ANT_TIMEOUT {l’antenne ne répond pas} ANT_SHORT {l’antenne est en court-circuit} COLLISION {trop de puces ont répondu à la fois} OVERRUN {le cycle de lecture a débordé} BUF_FULL {le pont a perdu des trames non acquittées} FOREIGN_TAG {une puce que le pont ne sait pas transmettre y est posée (ni une de nos cartes ni un de nos jetons)} UNMAPPED {une antenne absente du fichier matériel} other {défaut {fault}}}';
const LINK_EN =
  '{cause, select, portClosed { (port closed)} noHeartbeat { (no heartbeat)} writeClosed { (write on a closed port)} portError { (port error: {system})} writeError { (write error: {system})} cannotOpen { (cannot open {path}: {system})} other {{system, select, none {} other { ({system})}}}}';
const LINK_FR =
  '{cause, select, portClosed { (port fermé)} noHeartbeat { (plus de battement de cœur)} writeClosed { (écriture sur un port fermé)} portError { (erreur du port : {system})} writeError { (erreur d’écriture : {system})} cannotOpen { (impossible d’ouvrir {path} : {system})} other {{system, select, none {} other { ({system})}}}}';
const WHY = '{system, select, none {} other { ({system})}}';
const BUTTON_FR = '{button, select, shuffle {mélange} misdeal {fausse donne} floor {arbitre} other {confirmation}}';
const BOARD_EN = '{firmware, select, none {} other { ({firmware} {firmwareVersion}, Firmata protocol {protocol})}}';
const BOARD_FR = '{firmware, select, none {} other { ({firmware} {firmwareVersion}, protocole Firmata {protocol})}}';
const STORAGE_EN =
  '{kind, select, full {the disk is full} io {the disk reports an I/O error} other {the disk is read-only}}';
const STORAGE_FR =
  "{kind, select, full {le disque est plein} io {le disque signale une erreur d'entrée-sortie} other {le disque est en lecture seule}}";

export const TABLE_MESSAGES = {
  CHIP_UNKNOWN: {
    message: {
      en: 'A tag that is not an enrolled chip in {zone, select, none {a betting zone} other {{zone}}} (tag {uid})',
      fr: 'Une puce qui n’est pas un jeton enregistré en {zone, select, none {zone de mise} other {{zone}}} (puce {uid})',
    },
    remedies: {
      default: {
        en: 'It is not counted in the bet: take it out of the zone and give it to the floor; the deck is not in question and play goes on.',
        fr: 'Elle n’est pas comptée dans la mise : retirez-la de la zone et remettez-la à l’arbitre ; le jeu de cartes n’est pas en cause et le jeu continue.',
      },
    },
  },
  CARD_CROSSTALK: {
    message: {
      en: "{item, select, card {Card {cards}} chip {A {chip, number, amount} chip} other {A tag}} read on two antennas at once ({zones}): a reader fault, not a player's",
      fr: '{item, select, card {La carte {cards} lue} chip {Un jeton de {chip, number, amount} lu} other {Une puce lue}} par deux antennes à la fois ({zones}) : un défaut du lecteur, pas une faute du joueur',
    },
    remedies: {
      default: {
        en: "Move the item fully inside one zone; if it persists, call maintenance (antennas {antennas}). Play goes on from the dealer's view of the table.",
        fr: 'Placez l’objet entièrement dans une seule zone ; si cela persiste, appelez la maintenance (antennes {antennas}). Le jeu continue selon ce que voit le croupier.',
      },
    },
  },
  READER_FAULT: {
    message: {
      en: `{fault, select, PREFIXES {The registry's tags use {amount} distinct UID prefixes; the reader bridge keeps ${BRIDGE_UID_PREFIXES}: beyond them a card or chip can go unread (OVERRUN)} other {Reader fault on {antenna, select, none {the reader bridge} other {antenna {antenna}{zone, select, none {} other { ({zone})}}}}: ${FAULT_EN}}}`,
      fr: `{fault, select, PREFIXES {Les puces du registre utilisent {amount} préfixes d’UID distincts ; le pont lecteur en garde ${BRIDGE_UID_PREFIXES} : au-delà, une carte ou un jeton peut ne pas être lu (OVERRUN)} other {Défaut de lecture sur {antenna, select, none {le pont lecteur} other {antenne {antenna}{zone, select, none {} other { ({zone})}}}} : ${FAULT_FR}}}`,
    },
    remedies: {
      default: {
        en: 'Keep dealing and confirm what this zone holds by eye; tell the floor. If it repeats, call maintenance.',
        fr: 'Continuez à donner et vérifiez à l’œil le contenu de cette zone ; prévenez l’arbitre. Si cela se répète, appelez la maintenance.',
      },
      prefixes: {
        en: 'Before play: enroll each deck and chip set from one production lot (the tags of a lot share their first bytes), or split decks and chips between tables; `feltwire enroll list` shows the count. Until then confirm what the zones hold by eye.',
        fr: 'Avant de jouer : enregistrez chaque jeu de cartes et chaque jeu de jetons d’un seul lot de fabrication (les puces d’un lot partagent leurs premiers octets), ou répartissez cartes et jetons entre les tables ; `feltwire enroll list` donne le compte. D’ici là, vérifiez à l’œil le contenu des zones.',
      },
    },
  },
  LINK_LOST: {
    message: {
      en: `Connection to the reader bridge lost${LINK_EN}: the table is not being read`,
      fr: `Connexion au pont lecteur perdue${LINK_FR} : la table n’est plus lue`,
    },
    remedies: {
      default: {
        en: 'Hold the deal; check the bridge’s USB cable. Reconnection is automatic; the table is re-read when it comes back.',
        fr: 'Suspendez la donne ; vérifiez le câble USB du pont. La reconnexion est automatique ; la table est relue à son retour.',
      },
    },
  },
  LINK_RESTORED: {
    message: {
      en: 'Connection to the reader bridge restored; the table was re-read',
      fr: 'Connexion au pont lecteur rétablie ; la table a été relue',
    },
    remedies: {
      default: {
        en: 'Check that the screen matches the table, then resume the deal.',
        fr: 'Vérifiez que l’écran correspond à la table, puis reprenez la donne.',
      },
    },
  },
  PANEL_SILENT: {
    message: {
      en: `The dealer panel is not answering${WHY}: its buttons and lights do not work`,
      fr: `Le pupitre du croupier ne répond pas${WHY} : ses boutons et voyants ne fonctionnent pas`,
    },
    remedies: {
      default: {
        en: 'Use the tablet for shuffle, misdeal and floor. Check that the panel board runs StandardFirmata (feltwire flash panel) and its USB cable; the service keeps trying.',
        fr: 'Utilisez la tablette pour mélange, fausse donne et arbitre. Vérifiez que la carte du pupitre exécute StandardFirmata (feltwire flash panel) et son câble USB ; le service continue d’essayer.',
      },
    },
  },
  PANEL_LOST: {
    message: {
      en: `Connection to the dealer panel lost${WHY}: its buttons and lights do not work`,
      fr: `Connexion au pupitre du croupier perdue${WHY} : ses boutons et voyants ne fonctionnent pas`,
    },
    remedies: {
      default: {
        en: 'Use the tablet for shuffle, misdeal and floor; check the panel’s USB cable. Reconnection is automatic.',
        fr: 'Utilisez la tablette pour mélange, fausse donne et arbitre ; vérifiez le câble USB du pupitre. La reconnexion est automatique.',
      },
    },
  },
  PANEL_RESTORED: {
    message: { en: 'The dealer panel answers again', fr: 'Le pupitre du croupier répond à nouveau' },
    remedies: {
      default: { en: 'Its buttons and lights work again.', fr: 'Ses boutons et voyants fonctionnent à nouveau.' },
    },
  },
  PANEL_BUTTON_LOW: {
    message: {
      en: `The panel's {button} button (pin {pin}) reads pressed since the panel started${BOARD_EN}: its presses cannot be seen`,
      fr: `Le bouton ${BUTTON_FR} du pupitre (broche {pin}) est lu enfoncé depuis le démarrage du pupitre${BOARD_FR} : ses appuis ne peuvent pas être vus`,
    },
    remedies: {
      default: {
        en: 'Release the button if it is held. Otherwise its input needs a pull-up: fit a 10 kΩ resistor from pin {pin} to 5 V, or flash StandardFirmata 2.5 or later (feltwire flash panel). Use the tablet meanwhile.',
        fr: 'Relâchez le bouton s’il est tenu. Sinon son entrée a besoin d’une résistance de rappel : posez 10 kΩ de la broche {pin} au 5 V, ou flashez StandardFirmata 2.5 ou plus récent (feltwire flash panel). Utilisez la tablette en attendant.',
      },
    },
  },
  LOG_STORAGE_FAULT: {
    message: {
      en: `The event log cannot be written: ${STORAGE_EN} ({errno}). {pending, plural, one {# record waits} other {# records wait}} in memory{refused, plural, =0 {} other {, # refused}}. Hold the table until the disk is fixed.`,
      fr: `Le journal ne peut plus être écrit : ${STORAGE_FR} ({errno}). {pending, plural, one {# enregistrement attend} other {# enregistrements attendent}} en mémoire{refused, plural, =0 {} one {, # refusé} other {, # refusés}}. Suspendez la table jusqu'à ce que le disque soit réparé.`,
    },
    remedies: {
      default: {
        en: 'Stop dealing. Free space on the disk (or replace it); every record held in memory is written as soon as it can be. Call the floor.',
        fr: "Arrêtez de distribuer. Libérez de la place sur le disque (ou remplacez-le) ; chaque enregistrement en mémoire sera écrit dès que possible. Appelez l'arbitre.",
      },
    },
  },
  LOG_STORAGE_RESTORED: {
    message: {
      en: 'The event log is written again: every record held in memory is on disk.',
      fr: 'Le journal est de nouveau écrit : tous les enregistrements en mémoire sont sur le disque.',
    },
    remedies: {
      default: {
        en: 'The table may go on once the floor has decided the storage alert.',
        fr: "La table peut reprendre une fois que l'arbitre a tranché l'alerte de stockage.",
      },
    },
  },
  LOG_SALVAGED: {
    message: {
      en: 'The event log was {kind} at start ({system}): {kept, plural, one {# record} other {# records}} kept, {lost, number, amount} lost{ranges, select, none {} other { (records {ranges})}}{note, select, none {} other {; {note}}}. The damaged file is kept as {path}.',
      fr: 'Le journal était {kind, select, truncated {tronqué} foreign {étranger} other {corrompu}} au démarrage ({system}) : {kept, plural, one {# enregistrement gardé} other {# enregistrements gardés}}, {lost, plural, one {# perdu} other {# perdus}}{ranges, select, none {} other { (enregistrements {ranges})}}{note, select, none {} other { ; {note}}}. Le fichier endommagé est conservé sous {path}.',
    },
    remedies: {
      default: {
        en: 'Floor: check the hand under way and the hands listed against the table before play goes on; a hand that cannot be rebuilt exactly is decided by the floor.',
        fr: "Arbitre : vérifiez la main en cours et les mains listées avant de reprendre ; une main qui ne peut être reconstruite exactement est tranchée par l'arbitre.",
      },
    },
  },
} satisfies AlertMessages;
