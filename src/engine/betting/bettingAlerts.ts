// The betting alerts' texts, in English and French: one line saying what happened, and the remedy as a sentence the
// dealer can read aloud. Keyed by code; each entry builds its text from the facts of the ruling.
import { num } from '../alerts/plural.js';
import type { Alert, AlertCode, AlertFacts, Ruleset, Severity } from '../types.js';
import type { ChipReading } from './chipReading.js';

export type BettingAlertCode = Extract<
  AlertCode,
  | 'OVERSIZED_CHIP'
  | 'MULTI_CHIP'
  | 'BET_UNDER_MINIMUM'
  | 'RAISE_UNDER_MINIMUM'
  | 'UNDERCALL'
  | 'STRING_BET'
  | 'CHIPS_WITHDRAWN'
  | 'ACTION_OUT_OF_TURN'
  | 'RAISE_NOT_ALLOWED'
  | 'CLOCK_EXPIRED'
>;

/** An alert as the engine raises it, before it is numbered and timed. */
export type AlertDraft = Omit<Alert, 'id' | 't' | 'acknowledged' | 'resolved' | 'decision'>;

/** Which remedy applies, for the codes that have several. */
export type BettingAlertVariant =
  // UNDERCALL
  | 'complete'
  | 'floor'
  | 'confusing'
  // CHIPS_WITHDRAWN
  | 'facingRaise'
  | 'betStands'
  // RAISE_NOT_ALLOWED: the seat's own check facing a bet closed its option
  | 'checked'
  // ACTION_OUT_OF_TURN
  | 'pending'
  | 'binds'
  | 'void'
  | 'callOrFold'
  | 'foldBinds'
  | 'substantial';

/** The facts of a betting alert: the engine's AlertFacts (types.ts); `seat` may be unknown (null). */
export type BettingAlertFacts = AlertFacts;

interface Texts {
  message: string;
  remedy: string;
  messageFr: string;
  remedyFr: string;
}

interface BettingAlertEntry {
  severity: Severity;
  /** a remedy that needs the floor's ruling before play goes on is a stop, whatever the entry's default */
  severityOf?: (f: BettingAlertFacts) => Severity | undefined;
  /** the rule cited by default, per ruleset */
  rule: Record<Ruleset, string>;
  texts: (f: BettingAlertFacts) => Texts;
}

const n = (x: number | undefined): string => String(x ?? 0);
/** an amount in a French text: 12 500 (narrow no-break space, as Intl writes it) */
const nFr = (x: number | undefined): string => num('fr', x);
const who = (f: BettingAlertFacts): string => (f.seat == null ? 'The player' : `Seat ${f.seat}`);
const quiEst = (f: BettingAlertFacts): string => (f.seat == null ? 'Le joueur' : `Siège ${f.seat}`);

const actionEn = (f: BettingAlertFacts): string => {
  if (f.action === 'raise') return `a raise to ${n(f.to)}`;
  if (f.action === 'bet') return `a bet of ${n(f.to)}`;
  if (f.action === 'check') return 'a check';
  if (f.action === 'fold') return 'a fold';
  return `a call of ${n(f.to)}`;
};
const actionFr = (f: BettingAlertFacts): string => {
  if (f.action === 'raise') return `une relance à ${nFr(f.to)}`;
  if (f.action === 'bet') return `une mise de ${nFr(f.to)}`;
  if (f.action === 'check') return 'parole';
  if (f.action === 'fold') return 'un abandon';
  return `suivre ${nFr(f.to)}`;
};
const announceEn = (f: BettingAlertFacts): string => {
  if (f.action === 'raise') return `raise to ${n(f.to)}`;
  if (f.action === 'bet') return `bet ${n(f.to)}`;
  if (f.action === 'check') return 'check';
  return `call, ${n(f.to)}`;
};
const announceFr = (f: BettingAlertFacts): string => {
  if (f.action === 'raise') return `relance à ${nFr(f.to)}`;
  if (f.action === 'bet') return `mise de ${nFr(f.to)}`;
  if (f.action === 'check') return 'parole';
  return `suivre, ${nFr(f.to)}`;
};
/** " and give 200 back." / " and the player adds 200." / "." */
const settleEn = (f: BettingAlertFacts): string => {
  if ((f.giveBack ?? 0) > 0) return ` and give ${n(f.giveBack)} back to the player.`;
  if ((f.owed ?? 0) > 0) return `; the player adds ${n(f.owed)}.`;
  return '.';
};
const settleFr = (f: BettingAlertFacts): string => {
  if ((f.giveBack ?? 0) > 0) return ` et rendez ${nFr(f.giveBack)} au joueur.`;
  if ((f.owed ?? 0) > 0) return ` ; le joueur ajoute ${nFr(f.owed)}.`;
  return '.';
};

export const BETTING_ALERTS: Record<BettingAlertCode, BettingAlertEntry> = {
  OVERSIZED_CHIP: {
    severity: 'info',
    rule: { tda: 'tda 44', club: 'tda 44' },
    texts: (f) => ({
      message: `${who(f)}: a single chip pushed with no declaration is a call of ${n(f.to)}.`,
      remedy: `Announce "call, ${n(f.to)}"${settleEn(f)}`,
      messageFr: `${quiEst(f)} : un seul jeton poussé sans annonce vaut « suivre » pour ${nFr(f.to)}.`,
      remedyFr: `Annoncez « suivre, ${nFr(f.to)} »${settleFr(f)}`,
    }),
  },
  MULTI_CHIP: {
    severity: 'info',
    rule: { tda: 'tda 45', club: 'tda 45' },
    texts: (f) => ({
      message: `${who(f)}: ${n(f.zoneTotal)} in several chips with no declaration is ${actionEn(f)}.`,
      remedy: `Announce "${announceEn(f)}"${settleEn(f)}`,
      messageFr: `${quiEst(f)} : ${nFr(f.zoneTotal)} en plusieurs jetons sans annonce est ${actionFr(f)}.`,
      remedyFr: `Annoncez « ${announceFr(f)} »${settleFr(f)}`,
    }),
  },
  BET_UNDER_MINIMUM: {
    severity: 'info',
    rule: { tda: 'tda 43', club: 'tda 43' },
    texts: (f) => ({
      message: `${who(f)}: a bet of ${n(f.declared ?? f.zoneTotal)} is under the minimum bet of ${n(f.to)}.`,
      remedy: `Announce "bet ${n(f.to)}"; the player adds ${n(f.owed)} to make the minimum bet.`,
      messageFr: `${quiEst(f)} : une mise de ${nFr(f.declared ?? f.zoneTotal)} est inférieure à la mise minimum de ${nFr(f.to)}.`,
      remedyFr: `Annoncez « mise de ${nFr(f.to)} » ; le joueur ajoute ${nFr(f.owed)} pour faire la mise minimum.`,
    }),
  },
  RAISE_UNDER_MINIMUM: {
    severity: 'info',
    rule: { tda: 'tda 43B', club: 'tda 43B' },
    texts: (f) => ({
      message: `${who(f)}: a declared raise to ${n(f.declared ?? f.zoneTotal)} is under the minimum raise to ${n(f.to)}.`,
      remedy: `Announce "raise to ${n(f.to)}"; the player adds ${n(f.owed)} to make the minimum raise.`,
      messageFr: `${quiEst(f)} : la relance annoncée à ${nFr(f.declared ?? f.zoneTotal)} est inférieure à la relance minimum à ${nFr(f.to)}.`,
      remedyFr: `Annoncez « relance à ${nFr(f.to)} » ; le joueur ajoute ${nFr(f.owed)} pour faire la relance minimum.`,
    }),
  },
  UNDERCALL: {
    severity: 'warn',
    severityOf: (f) => (f.variant === 'floor' || f.variant === 'confusing' ? 'stop' : undefined),
    rule: { tda: 'tda 51', club: 'tda 51' },
    texts: (f) =>
      f.variant === 'confusing'
        ? {
            message: `${who(f)} put in ${n(f.zoneTotal)}, the chips showing for a bet declared at ${n(f.declared)}: words and chips conflict.`,
            remedy: `Stop and call the floor: in a confusing situation the floor decides which bet stands (the ${n(f.declared)} said or the ${n(f.zoneTotal)} shown).`,
            messageFr: `${quiEst(f)} a mis ${nFr(f.zoneTotal)}, les jetons posés pour une mise annoncée à ${nFr(f.declared)} : la parole et les jetons se contredisent.`,
            remedyFr: `Arrêtez et appelez l'arbitre : dans une situation confuse, l'arbitre décide de la mise valide (les ${nFr(f.declared)} annoncés ou les ${nFr(f.zoneTotal)} posés).`,
          }
        : f.variant === 'floor'
          ? {
              message: `${who(f)} put in ${n(f.zoneTotal)}, short of the ${n(f.call)} to call, facing a raise.`,
              remedy: `Stop and call the floor: the floor decides whether the player adds ${n(f.owed)} to call ${n(f.call)}, or folds and leaves ${n(f.forfeit)} in the pot.`,
              messageFr: `${quiEst(f)} a mis ${nFr(f.zoneTotal)}, moins que les ${nFr(f.call)} à payer, face à une relance.`,
              remedyFr: `Arrêtez et appelez l'arbitre : il décide si le joueur ajoute ${nFr(f.owed)} pour payer ${nFr(f.call)}, ou se couche et laisse ${nFr(f.forfeit)} au pot.`,
            }
          : {
              message: `${who(f)} put in ${n(f.zoneTotal)}, short of the ${n(f.call)} to call.`,
              remedy: `Tell the player the bet is ${n(f.call)}: they must add ${n(f.owed)} to complete the call.`,
              messageFr: `${quiEst(f)} a mis ${nFr(f.zoneTotal)}, moins que les ${nFr(f.call)} à payer.`,
              remedyFr: `Annoncez que la mise est de ${nFr(f.call)} : le joueur doit ajouter ${nFr(f.owed)} pour suivre.`,
            },
  },
  STRING_BET: {
    severity: 'warn',
    rule: { tda: 'tda 56', club: 'tda 56' },
    texts: (f) => ({
      message: `${who(f)} added chips in a second motion without a declaration.`,
      remedy: `Only the first motion counts: it is ${actionEn(f)}; give the ${n(f.giveBack)} of the second motion back to the player.`,
      messageFr: `${quiEst(f)} a ajouté des jetons en un second geste sans annonce.`,
      remedyFr: `Seul le premier geste compte : c'est ${actionFr(f)} ; rendez au joueur les ${nFr(f.giveBack)} du second geste.`,
    }),
  },
  CHIPS_WITHDRAWN: {
    severity: 'warn',
    rule: { tda: 'tda 46B', club: 'tda 46B' },
    texts: (f) =>
      f.variant === 'facingRaise'
        ? {
            message: `${who(f)} took ${n(f.owed)} back from the betting zone while facing a raise.`,
            remedy: `Have the player put the ${n(f.owed)} back: facing a raise they must at least call ${n(f.call)} and may not take chips back and fold.`,
            messageFr: `${quiEst(f)} a repris ${nFr(f.owed)} de sa zone de mise alors qu'il fait face à une relance.`,
            remedyFr: `Faites remettre les ${nFr(f.owed)} : face à une relance, le joueur doit au moins payer ${nFr(f.call)} et ne peut pas reprendre ses jetons pour se coucher.`,
          }
        : {
            message: `${who(f)} took ${n(f.owed)} back from the betting zone.`,
            remedy: `Have the player put the ${n(f.owed)} back: the ${n(f.to)} in the zone stands.`,
            messageFr: `${quiEst(f)} a repris ${nFr(f.owed)} de sa zone de mise.`,
            remedyFr: `Faites remettre les ${nFr(f.owed)} : les ${nFr(f.to)} dans la zone restent engagés.`,
          },
  },
  ACTION_OUT_OF_TURN: {
    severity: 'warn',
    severityOf: (f) => (f.variant === 'substantial' ? 'stop' : undefined),
    rule: { tda: 'tda 53', club: 'tda 53' },
    texts: (f) => outOfTurnTexts(f),
  },
  RAISE_NOT_ALLOWED: {
    severity: 'warn',
    rule: { tda: 'tda 47', club: 'tda 47' },
    texts: (f) => ({
      message:
        f.variant === 'checked'
          ? `${who(f)} checked facing a bet: the player may only call or fold.`
          : `${who(f)} may not raise: no full raise since their last action.`,
      remedy:
        (f.giveBack ?? 0) > 0
          ? `Hold the player to a call of ${n(f.to)} and give ${n(f.giveBack)} back.`
          : `The player may only call ${n(f.to)} or fold.`,
      messageFr:
        f.variant === 'checked'
          ? `${quiEst(f)} a dit « parole » face à une mise : le joueur peut seulement payer ou se coucher.`
          : `${quiEst(f)} ne peut pas relancer : pas de relance complète depuis sa dernière action.`,
      remedyFr:
        (f.giveBack ?? 0) > 0
          ? `Le joueur est limité à suivre ${nFr(f.to)} ; rendez-lui ${nFr(f.giveBack)}.`
          : `Le joueur peut seulement payer ${nFr(f.to)} ou se coucher.`,
    }),
  },
  CLOCK_EXPIRED: {
    severity: 'warn',
    rule: { tda: 'LOI 5', club: 'club 5-6' },
    texts: (f) => ({
      message: `The clock on ${f.seat == null ? 'the player' : `seat ${f.seat}`} ran out.`,
      remedy:
        (f.giveBack ?? 0) > 0
          ? `The hand is dead: take the cards to the muck and give back the ${n(f.giveBack)} no one has called.`
          : 'The hand is dead: take the cards to the muck.',
      messageFr: `Le temps ${f.seat == null ? 'du joueur' : `du siège ${f.seat}`} est écoulé.`,
      remedyFr:
        (f.giveBack ?? 0) > 0
          ? `La main est morte : mettez les cartes au rebut et rendez les ${nFr(f.giveBack)} que personne n'a payés.`
          : 'La main est morte : mettez les cartes au rebut.',
    }),
  },
};

function outOfTurnTexts(f: BettingAlertFacts): Texts {
  const s = n(f.seat ?? undefined);
  const t = n(f.onTurn);
  switch (f.variant) {
    case 'binds':
      return {
        message: `The action to seat ${s} did not change: its out-of-turn ${f.action ?? 'action'} stands.`,
        remedy: `Seat ${s}'s out-of-turn action is binding: apply it now.`,
        messageFr: `L'action pour le siège ${s} n'a pas changé : son action hors tour reste valable.`,
        remedyFr: `L'action hors tour du siège ${s} est contraignante : appliquez-la maintenant.`,
      };
    case 'void':
      if (f.action === 'check')
        return {
          message: `The action to seat ${s} changed: its out-of-turn check does not bind.`,
          remedy: `Seat ${s} now faces a bet and has every option: fold, call or raise.`,
          messageFr: `L'action pour le siège ${s} a changé : sa parole hors tour ne l'engage pas.`,
          remedyFr: `Le siège ${s} fait maintenant face à une mise et a toutes les options : passer, payer ou relancer.`,
        };
      return {
        message: `The action to seat ${s} changed: its out-of-turn ${f.action ?? 'action'} is void.`,
        remedy: `Give seat ${s} its chips back; it now has every option: fold, call or raise.`,
        messageFr: `L'action pour le siège ${s} a changé : son action hors tour est annulée.`,
        remedyFr: `Rendez ses jetons au siège ${s} ; il a maintenant toutes les options : passer, payer ou relancer.`,
      };
    case 'callOrFold':
      return {
        message: `Seat ${s} checked out of turn and now faces a bet.`,
        remedy: `House rule: seat ${s} may only call or fold; it may not raise.`,
        messageFr: `Le siège ${s} a dit « parole » hors tour et fait maintenant face à une mise.`,
        remedyFr: `Règle de la maison : le siège ${s} peut seulement payer ou se coucher ; il ne peut pas relancer.`,
      };
    case 'foldBinds':
      return {
        message: `Seat ${s} folded out of turn.`,
        remedy: `The fold stands: take seat ${s}'s cards to the muck; the action is on seat ${t}.`,
        messageFr: `Le siège ${s} s'est couché hors tour.`,
        remedyFr: `L'abandon reste valable : mettez les cartes du siège ${s} au rebut ; la parole est au siège ${t}.`,
      };
    case 'substantial': {
      const bound = f.seats ?? [];
      const en =
        bound.length === 0
          ? 'the seats past it'
          : bound.length === 1
            ? `seat ${bound[0]}`
            : `seats ${bound.slice(0, -1).join(', ')} and ${bound.at(-1)}`;
      const fr =
        bound.length === 0
          ? 'des sièges suivants'
          : bound.length === 1
            ? `du siège ${bound[0]}`
            : `des sièges ${bound.slice(0, -1).join(', ')} et ${bound.at(-1)}`;
      return {
        message: `Substantial action out of turn past seat ${t}, who did not speak up: the out-of-turn actions of ${en} are binding.`,
        remedy: `Stop and call the floor to rule on seat ${t}'s hand (let it act, or kill it); the actions of ${en} stand.`,
        messageFr: `Action substantielle hors tour après le siège ${t}, qui ne s'est pas manifesté : les actions hors tour ${fr} sont contraignantes.`,
        remedyFr: `Arrêtez et appelez l'arbitre pour décider de la main du siège ${t} (le laisser jouer, ou déclarer sa main morte) ; les actions ${fr} restent valables.`,
      };
    }
    default:
      return {
        message: `Seat ${s} acted out of turn; the action is on seat ${t}.`,
        remedy: `Bring the action back to seat ${t}; seat ${s}'s action will bind if the action to it does not change.`,
        messageFr: `Le siège ${s} a agi hors tour ; la parole est au siège ${t}.`,
        remedyFr: `Rendez la parole au siège ${t} ; l'action du siège ${s} sera contraignante si l'action jusqu'à lui ne change pas.`,
      };
  }
}

/** Builds a betting alert's full text from its code and facts. `rule` overrides the entry's default reference. */
export function bettingAlert(
  code: BettingAlertCode,
  facts: BettingAlertFacts,
  ruleset: Ruleset = 'tda',
  rule?: string,
): AlertDraft {
  const entry = BETTING_ALERTS[code];
  const texts = entry.texts(facts);
  return {
    code,
    severity: entry.severityOf?.(facts) ?? entry.severity,
    rule: rule ?? entry.rule[ruleset],
    seat: facts.seat ?? null,
    ...texts,
  };
}

export const isBettingAlertCode = (code: AlertCode): code is BettingAlertCode => code in BETTING_ALERTS;

/** The facts of the alert a chip reading carries, for `seat`. */
export function readingFacts(seat: number, reading: ChipReading): BettingAlertFacts {
  const a = reading.alert;
  const facts: BettingAlertFacts = {
    seat,
    action: reading.action,
    to: reading.to,
    giveBack: reading.giveBack,
    owed: reading.owed,
  };
  if (a?.facts) {
    facts.call = a.facts.call;
    facts.minRaiseTo = a.facts.minRaiseTo;
    facts.zoneTotal = a.facts.zoneTotal;
    if (a.facts.declared !== undefined) facts.declared = a.facts.declared;
    if (a.facts.forfeit !== undefined) facts.forfeit = a.facts.forfeit;
    const variant = a.facts.ruling ?? (a.code === 'RAISE_NOT_ALLOWED' && a.rule !== 'tda 47' ? 'checked' : undefined);
    if (variant !== undefined) facts.variant = variant;
  }
  return facts;
}

/** The alert a chip reading carries, with its text, for `seat`. Undefined when the reading announces nothing. */
export function alertForReading(seat: number, reading: ChipReading, ruleset: Ruleset = 'tda'): AlertDraft | undefined {
  const a = reading.alert;
  if (!a || !isBettingAlertCode(a.code)) return undefined;
  const draft = bettingAlert(a.code, readingFacts(seat, reading), ruleset, a.rule);
  return { ...draft, reason: a.detail };
}
