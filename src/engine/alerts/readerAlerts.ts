// The alerts the table layer raises about its equipment (src/table/alerts.ts): unknown chips, crosstalk, reader
// faults, the reader bridge's link lost and restored; rendered like the engine's own.
import type { AlertCode } from '../types.js';
import { type AlertDefinition, both, faultOf, inParensFr, itemEn, itemFr, whereEn, whereFr } from './alertText.js';

export const READER_ALERTS: Partial<Record<AlertCode, AlertDefinition>> = {
  CHIP_UNKNOWN: {
    severity: 'warn',
    message: {
      en: (f) => `A tag that is not an enrolled chip in ${f.zone ?? 'a betting zone'} (tag ${f.uid ?? '?'})`,
      fr: (f) => `Une puce qui n’est pas un jeton enregistré en ${f.zone ?? 'zone de mise'} (puce ${f.uid ?? '?'})`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () =>
          'It is not counted in the bet: take it out of the zone and give it to the floor; the deck is not in question and play goes on.',
        fr: () =>
          'Elle n’est pas comptée dans la mise : retirez-la de la zone et remettez-la à l’arbitre ; le jeu de cartes n’est pas en cause et le jeu continue.',
      },
    },
  },
  CARD_CROSSTALK: {
    severity: 'warn',
    message: {
      en: (f) =>
        `${itemEn(f)} read on two antennas at once (${(f.zone ?? '').split(',').join(' and ')}): a reader fault, not a player's`,
      fr: (f) =>
        `${itemFr(f)} lu(e) par deux antennes à la fois (${(f.zone ?? '').split(',').join(' et ')}) : un défaut du lecteur, pas une faute du joueur`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: (f) =>
          `Move the item fully inside one zone; if it persists, call maintenance (antennas ${f.detail ?? ''}). Play goes on from the dealer's view of the table.`,
        fr: (f) =>
          `Placez l’objet entièrement dans une seule zone ; si cela persiste, appelez la maintenance (antennes ${f.detail ?? ''}). Le jeu continue selon ce que voit le croupier.`,
      },
    },
  },
  READER_FAULT: {
    severity: 'warn',
    message: {
      en: (f) => `Reader fault on ${whereEn(f)}: ${faultOf(f)[0]}`,
      fr: (f) => `Défaut de lecture sur ${whereFr(f)} : ${faultOf(f)[1]}`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () =>
          'Keep dealing and confirm what this zone holds by eye; tell the floor. If it repeats, call maintenance.',
        fr: () =>
          'Continuez à donner et vérifiez à l’œil le contenu de cette zone ; prévenez l’arbitre. Si cela se répète, appelez la maintenance.',
      },
    },
  },
  LINK_LOST: {
    severity: 'stop',
    message: {
      en: (f) => `Connection to the reader bridge lost${f.detail ? ` (${f.detail})` : ''}: the table is not being read`,
      fr: (f) => `Connexion au pont lecteur perdue${inParensFr(f.detail)} : la table n’est plus lue`,
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () =>
          'Hold the deal; check the bridge’s USB cable. Reconnection is automatic; the table is re-read when it comes back.',
        fr: () =>
          'Suspendez la donne ; vérifiez le câble USB du pont. La reconnexion est automatique ; la table est relue à son retour.',
      },
    },
  },
  LINK_RESTORED: {
    severity: 'info',
    message: {
      en: () => 'Connection to the reader bridge restored; the table was re-read',
      fr: () => 'Connexion au pont lecteur rétablie ; la table a été relue',
    },
    remedies: {
      default: {
        rule: both('reader'),
        en: () => 'Check that the screen matches the table, then resume the deal.',
        fr: () => 'Vérifiez que l’écran correspond à la table, puis reprenez la donne.',
      },
    },
  },
};
