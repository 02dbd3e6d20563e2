// Every alert the engine raises: its severity, the rule applied in each ruleset, and the message and remedy in
// English and French. Remedies are sentences a dealer can read aloud. Variants select the remedy the situation calls
// for (e.g. order known / unknown, flop / turn / river). The dealing's entries are in dealingAlerts.ts, the
// equipment's in readerAlerts.ts, the betting codes' with the chip rules (bettingAlerts.ts); the shared phrasing in
// alertText.ts.
import { BETTING_ALERTS, isBettingAlertCode } from '../betting/bettingAlerts.js';
import type { AlertCode, AlertFacts, Ruleset, Severity } from '../types.js';
import {
  type AlertDefinition,
  auSiegeFr,
  both,
  cardsOf,
  detailFr,
  duSiegeFr,
  floorReason,
  inParensFr,
  logLeft,
  logLeftFr,
  potEn,
  potFr,
  quoted,
  quotedFr,
  readEn,
  readFr,
  seatEn,
  seatFr,
  seatsEn,
  seatsFr,
} from './alertText.js';
import { DEALING_ALERTS } from './dealingAlerts.js';
import { num } from './plural.js';
import { READER_ALERTS } from './readerAlerts.js';
import { RESYNC_ALERTS } from './resyncAlert.js';

export type { AlertDefinition } from './alertText.js';
export { FLOOR_REASONS } from './alertText.js';
export type { AlertFacts };

export const ALERTS: Partial<Record<AlertCode, AlertDefinition>> = {
  ...DEALING_ALERTS,
  ...RESYNC_ALERTS,
  BLIND_INCORRECT: {
    severity: 'warn',
    message: {
      en: (f) => `Blind or ante incorrect at ${seatEn(f)}: ${f.detail}`,
      fr: (f) => `Blind ou ante incorrecte ${auSiegeFr(f)}${inParensFr(f.detail)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 72', club: 'club 8-6' },
        en: (f) => `Correct the zone to ${f.amount}: the rules commit exactly that amount.`,
        fr: (f) => `Corrigez la zone à ${num('fr', f.amount)} : les règles engagent exactement ce montant.`,
      },
    },
  },
  TABLE_ALL_HANDS: {
    severity: 'info',
    message: {
      en: () => 'All-in: no further betting is possible',
      fr: () => "Tapis : plus aucune enchère n'est possible",
    },
    remedies: {
      default: {
        rule: { tda: 'tda 16', club: 'LOI 9' },
        en: () => 'Turn every hand still in face up, then deal the rest of the board.',
        fr: () => 'Retournez toutes les mains encore en jeu, puis sortez le reste du tableau.',
      },
    },
  },
  SHOWDOWN_ORDER: {
    severity: 'info',
    message: {
      en: (f) => `Showdown: ${seatEn(f)} shows first`,
      fr: (f) => `Abattage : ${seatFr(f)} montre en premier`,
    },
    remedies: {
      default: {
        rule: both('seed 003'),
        en: (f) => `Ask ${seatEn(f)} to show first${f.detail ? ` (${f.detail})` : ''}; the others follow clockwise.`,
        fr: (f) =>
          `Demandez ${auSiegeFr(f)} de montrer en premier${inParensFr(f.detail)} ; les autres suivent dans le sens horaire.`,
      },
    },
  },
  TABLED_HAND_MUCKED: {
    severity: 'warn',
    message: {
      en: (f) => `The tabled hand of ${seatEn(f)} (${cardsOf(f)}) went to the muck`,
      fr: (f) => `La main abattue ${duSiegeFr(f)} (${cardsOf(f)}) est allée au rebut`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 65B', club: 'LOI 29' },
        en: (f) =>
          `A tabled hand cannot be killed: take ${cardsOf(f)} back out of the muck, face up; the hand is read as tabled and keeps its share of the pot.`,
        fr: (f) =>
          `Une main abattue ne peut pas être tuée : ressortez ${cardsOf(f)} du rebut, face visible ; la main est lue comme abattue et garde sa part du pot.`,
      },
    },
  },
  CHIPS_OUT_OF_ROUND: {
    severity: 'warn',
    message: {
      en: (f) =>
        f.variant === 'change'
          ? `${seatEn(f)} paid its declared ${f.to ?? 0} with ${f.amount ?? 0} too much: change`
          : f.variant === 'surplus'
            ? `${seatEn(f)} put ${f.amount ?? 0} more in its betting zone than its action of ${f.to ?? 0} holds`
            : `${seatEn(f)} put ${f.amount ?? 0} in its betting zone when no betting round is open`,
      fr: (f) =>
        f.variant === 'change'
          ? `${seatFr(f)} a payé son annonce de ${num('fr', f.to)} avec ${num('fr', f.amount)} de trop : de la monnaie`
          : f.variant === 'surplus'
            ? `${seatFr(f)} a mis ${num('fr', f.amount)} de plus dans sa zone de mise que son action de ${num('fr', f.to)}`
            : `${seatFr(f)} a mis ${num('fr', f.amount)} dans sa zone de mise alors qu'aucun tour d'enchères n'est ouvert`,
    },
    remedies: {
      default: {
        rule: both('tda 53'),
        en: (f) => `These chips are not in the pot: give the ${f.amount ?? 0} back to the player.`,
        fr: (f) => `Ces jetons ne sont pas dans le pot : rendez les ${num('fr', f.amount)} au joueur.`,
      },
      // chips paying a declared action, more than it holds: plain change (LOI 36: after "call" said, the extra chips
      // come back; tda 40A: the first action stands)
      change: {
        rule: both('LOI 36'),
        severity: 'info',
        en: (f) => `The declared ${f.to ?? 0} stands: give the ${f.amount ?? 0} back to the player as change.`,
        fr: (f) =>
          `L'annonce de ${num('fr', f.to)} reste valable : rendez les ${num('fr', f.amount)} au joueur comme monnaie.`,
      },
    },
  },
  // raised by the session: a shuffle while the hand was unfinished
  HAND_VOID: {
    severity: 'warn',
    message: {
      en: (f) => `Shuffle pressed before hand ${f.amount ?? '?'} was over (${f.detail ?? 'in play'}): the hand is void`,
      fr: (f) =>
        `Mélange demandé avant la fin du coup ${f.amount ?? '?'} (${detailFr(f.detail) || 'en cours'}) : le coup est annulé`,
    },
    // tda 35: the hand stopped, every chip back; club 8-5: the next hand begins at the shuffle (the club's text is
    // silent on the chips of a hand a shuffle cut short and takes the TDA's common rule: they go back)
    remedies: {
      default: {
        rule: { tda: 'tda 35', club: 'club 8-5' },
        en: () =>
          'Every chip goes back to the stacks as they were at its shuffle; deal the next hand with the same button and blinds. Floor: check the stacks and rule if the hand should have stood.',
        fr: () =>
          "Tous les jetons reviennent aux tapis tels qu'ils étaient au mélange ; distribuez le coup suivant avec le même bouton et les mêmes blinds. Arbitre : vérifiez les tapis et tranchez si le coup devait être maintenu.",
      },
    },
  },
  // raised by the session: a hand ended and fewer than two seats have chips (facts.seat, facts.amount: the last one)
  TABLE_FINISHED: {
    severity: 'warn',
    message: {
      en: (f) =>
        f.seat
          ? `Table finished after hand ${f.detail ?? '?'}: only seat ${f.seat} has chips (${f.amount ?? 0}); no next hand is dealt`
          : `Table finished after hand ${f.detail ?? '?'}: no seat has chips; no next hand is dealt`,
      fr: (f) =>
        f.seat
          ? `Table terminée après le coup ${f.detail ?? '?'} : seul le siège ${f.seat} a des jetons (${num('fr', f.amount)}) ; aucun coup suivant n'est distribué`
          : `Table terminée après le coup ${f.detail ?? '?'} : aucun siège n'a de jetons ; aucun coup suivant n'est distribué`,
    },
    remedies: {
      default: {
        rule: both('table'),
        en: () =>
          'Do not deal: a hand needs two players with chips. The next hand is dealt once a second player sits down with chips (floor: seat the player).',
        fr: () =>
          "Ne distribuez pas : un coup demande deux joueurs avec des jetons. Le coup suivant sera distribué quand un second joueur s'assoira avec des jetons (arbitre : placez le joueur).",
      },
      tournament: {
        rule: both('table'),
        severity: 'info',
        en: (f) =>
          f.seat
            ? `Tournament over at this table: seat ${f.seat} has every chip. Do not deal; a busted player does not come back.`
            : 'Tournament over at this table. Do not deal; a busted player does not come back.',
        fr: (f) =>
          f.seat
            ? `Tournoi terminé à cette table : le siège ${f.seat} a tous les jetons. Ne distribuez pas ; un joueur éliminé ne revient pas.`
            : 'Tournoi terminé à cette table. Ne distribuez pas ; un joueur éliminé ne revient pas.',
      },
    },
  },
  // raised by the session after a restart (src/service/resume.ts). info: what was read at resume, one entry per
  // action in `detail` ("seat 2 calls 100; seat 3 raises to 300; seat 4 folds"); warn: a betting zone no in-turn
  // reading explains (variant `gone`: chips gone from it; `changed`: chips the engine could not read), `detail`
  // "log N" (what the log left there), `amount` what lies there now
  RESUME_CHIPS_CHANGED: {
    severity: 'info',
    message: {
      en: (f) =>
        f.variant === 'gone' || f.variant === 'changed'
          ? `After the restart, seat ${f.seat ?? '?'}'s betting zone holds ${f.amount ?? 0}; the ${logLeft(f)}: ${f.variant === 'gone' ? 'chips gone' : 'changed'} while the service was down`
          : `After the restart, read at resume in betting order (taken while the service was down): ${readEn(f.detail)}`,
      fr: (f) =>
        f.variant === 'gone' || f.variant === 'changed'
          ? `Après le redémarrage, la zone de mise ${duSiegeFr(f)} contient ${num('fr', f.amount)} ; le ${logLeftFr(f)} : ${f.variant === 'gone' ? 'des jetons ont disparu' : 'modifiée'} pendant l'arrêt du service`
          : `Après le redémarrage, lu à la reprise dans l'ordre des enchères (pendant l'arrêt du service) : ${readFr(f.detail)}`,
    },
    remedies: {
      default: {
        rule: both('tda 53'),
        en: () =>
          'Each zone was read as the action it was in its turn. Nothing to do if that is what the players did; if not, tell the floor (play goes on).',
        fr: () =>
          "Chaque zone a été lue comme l'action faite à son tour. Rien à faire si c'est ce que les joueurs ont fait ; sinon, prévenez l'arbitre (le jeu continue).",
      },
      gone: {
        rule: both('tda 1'),
        severity: 'warn',
        en: () =>
          'The zone is read as it lies now: ask where the chips went (collected, taken back) and let the floor rule on the bet.',
        fr: () =>
          "La zone est lue telle qu'elle est : demandez où sont allés les jetons (ramassés, repris) et laissez l'arbitre trancher sur la mise.",
      },
      changed: {
        rule: both('tda 1'),
        severity: 'warn',
        en: () =>
          'The zone is read as it lies now; check it matches what the player did; if not, tell the floor (play goes on).',
        fr: () =>
          "La zone est lue telle qu'elle est ; vérifiez qu'elle correspond à ce que le joueur a fait ; sinon, prévenez l'arbitre (le jeu continue).",
      },
    },
  },
  // raised by the session when the dealer taps "Call the floor" (facts.seat: the seat, if any; facts.variant: the
  // reason the dealer picked, one of FLOOR_REASONS)
  FLOOR_CALLED: {
    severity: 'stop',
    message: {
      en: (f) => `The dealer calls the floor${f.seat ? ` to seat ${f.seat}` : ''}: ${floorReason(f)[0]}`,
      fr: (f) => `Le donneur appelle l'arbitre${f.seat ? ` ${auSiegeFr(f)}` : ''} : ${floorReason(f)[1]}`,
    },
    remedies: {
      default: {
        rule: { tda: 'LOI 1', club: 'table' },
        en: () => 'Hold the hand until the floor comes to the table and rules; the floor records the decision here.',
        fr: () =>
          "Arrêtez le coup jusqu'à ce que l'arbitre vienne à la table et tranche ; l'arbitre consigne sa décision ici.",
      },
    },
  },
  // the floor's own rulings, recorded for the floor's history: a misdeal (raised by the session, which redeals), the
  // hand voided and a pot awarded (raised by the engine). `detail`: the floor's reason in its own words (misdeal,
  // void), quoted as given in both languages; the pot's index (award)
  FLOOR_RULING: {
    severity: 'info',
    message: {
      en: (f) =>
        f.variant === 'award'
          ? `The floor awards ${potEn(f)} (${f.amount ?? 0}) to ${seatsEn(f.seats)}`
          : f.variant === 'void'
            ? `The floor voids the hand${quoted(f.detail)}`
            : f.variant === 'stands'
              ? `The floor rules that the hand stands${quoted(f.detail)}`
              : `The floor declares a misdeal${quoted(f.detail)}`,
      fr: (f) =>
        f.variant === 'award'
          ? `L'arbitre attribue ${potFr(f)} (${f.amount ?? 0}) ${seatsFr(f.seats)}`
          : f.variant === 'void'
            ? `L'arbitre annule le coup${quotedFr(f.detail)}`
            : f.variant === 'stands'
              ? `L'arbitre maintient le coup${quotedFr(f.detail)}`
              : `L'arbitre déclare une fausse donne${quotedFr(f.detail)}`,
    },
    remedies: {
      default: {
        rule: { tda: 'tda 35', club: 'club 2-17' },
        en: () =>
          'Gather all the cards; every chip goes back to the stacks as they were at the shuffle. Redeal the same hand: same button, same blinds, no new player (an exact replay).',
        fr: () =>
          "Ramassez toutes les cartes ; tous les jetons reviennent aux tapis tels qu'ils étaient au mélange. Redistribuez le même coup : même bouton, mêmes blinds, aucun nouveau joueur (une relecture exacte).",
      },
      void: {
        rule: { tda: 'LOI 1', club: 'table' },
        en: () =>
          'Every chip goes back to the stacks as they were at the shuffle, blinds and ante included; nothing is awarded. The next hand is dealt as usual.',
        fr: () =>
          "Tous les jetons reviennent aux tapis tels qu'ils étaient au mélange, blinds et ante compris ; rien n'est attribué. Le coup suivant est distribué comme d'habitude.",
      },
      // tda 35: after substantial action "la main continue"; LOI 1: the floor's decision is final (the club's text
      // has no floor article: the table's)
      stands: {
        rule: { tda: 'LOI 1', club: 'table' },
        en: () =>
          'Play goes on as the cards and chips lie: no misdeal, no void. The stops the floor answered are closed; carry on from the seat to act.',
        fr: () =>
          "Le jeu continue tel que les cartes et les jetons sont : ni fausse donne, ni annulation. Les arrêts tranchés par l'arbitre sont levés ; reprenez au siège qui doit parler.",
      },
      award: {
        rule: { tda: 'LOI 1', club: 'table' },
        en: (f) =>
          (f.seats?.length ?? 0) > 1
            ? 'Split the pot between these seats, the odd chips clockwise from the button (LOI 3).'
            : 'Push the pot to this seat.',
        fr: (f) =>
          (f.seats?.length ?? 0) > 1
            ? 'Partagez le pot entre ces sièges, les jetons indivisibles dans le sens des aiguilles à partir du bouton (LOI 3).'
            : 'Poussez le pot vers ce siège.',
      },
    },
  },
  ...READER_ALERTS,
};

/** A code with no entry here or in the betting catalogue (none today; kept so a new code still renders). */
export const GENERIC_ALERT: AlertDefinition = {
  severity: 'info',
  message: { en: (f) => f.detail ?? 'Betting interpretation', fr: (f) => f.detail ?? 'Interprétation de la mise' },
  remedies: {
    default: {
      rule: both('tda 40'),
      en: (f) => f.detail ?? 'Apply the reading announced.',
      fr: (f) => f.detail ?? 'Appliquez la lecture annoncée.',
    },
  },
};

/** What an alert says, rendered from its code and facts: the one place English and French texts are made. */
export interface RenderedAlert {
  severity: Severity;
  rule: string;
  message: string;
  remedy: string;
  messageFr: string;
  remedyFr: string;
}

/**
 * Renders an alert's texts from its facts. The betting codes' texts live with the chip rules (bettingAlerts.ts), the
 * others above; `facts.variant` picks the remedy; `rule` and `severity` override the entry's (a reading's own rule).
 */
export function renderAlert(
  code: AlertCode,
  facts: AlertFacts,
  ruleset: Ruleset,
  override: { rule?: string; severity?: Severity } = {},
): RenderedAlert {
  if (isBettingAlertCode(code)) {
    const entry = BETTING_ALERTS[code];
    return {
      severity: override.severity ?? entry.severityOf?.(facts) ?? entry.severity,
      rule: override.rule ?? entry.rule[ruleset],
      ...entry.texts(facts),
    };
  }
  const def = ALERTS[code] ?? GENERIC_ALERT;
  const remedies = def.remedies;
  const remedy =
    (facts.variant !== undefined ? remedies[facts.variant] : undefined) ??
    remedies.default ??
    Object.values(remedies)[0];
  return {
    severity: override.severity ?? remedy.severity ?? def.severity,
    rule: override.rule ?? remedy.rule[ruleset],
    message: def.message.en(facts),
    remedy: remedy.en(facts),
    messageFr: def.message.fr(facts),
    remedyFr: remedy.fr(facts),
  };
}
