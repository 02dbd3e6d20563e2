// Every UI string in English and French, as ICU messages formatted by FormatJS intl-messageformat (plurals, selects,
// French elisions through a `vowel` select). The language is the page's `?lang=` (the producer's overlay URL) or the
// switch's choice (localStorage). test/web/i18n.test.ts checks both languages have every key and every key used exists.
import IntlMessageFormat from 'intl-messageformat';
import type { RuleRef } from '../../src/engine/rules/ruleRef.js';
import { rulesText } from '../../src/i18n/ruleText.js';
import { FLOOR_STRINGS } from './i18nFloor.js';

export type Lang = 'en' | 'fr';

const STRINGS = {
  // header, connection
  hand: { en: 'Hand #{n}', fr: 'Main nº {n}' },
  blinds: { en: 'Blinds {sb}/{bb}', fr: 'Blindes {sb}/{bb}' },
  ante: { en: '(ante {n})', fr: '(ante {n})' },
  // the room's tournament clock (web/src/tourneyClock.ts)
  tourneyLevel: { en: 'Level {n}', fr: 'Niveau {n}' },
  tourneyBreak: { en: 'Break', fr: 'Pause' },
  tourneyPaused: { en: 'clock paused', fr: 'horloge arrêtée' },
  tourneyNextLevel: { en: 'Next: level {n} {sb}/{bb}', fr: 'Ensuite : niveau {n} {sb}/{bb}' },
  tourneyNextBreak: { en: 'Next: {minutes}-minute break', fr: 'Ensuite : pause de {minutes} min' },
  connected: { en: 'Connected', fr: 'Connecté' },
  connecting: { en: 'Connecting…', fr: 'Connexion…' },
  disconnected: { en: 'Disconnected: retrying', fr: 'Déconnecté : nouvel essai' },
  serviceDown: {
    en: 'No connection to the table service. Do not rely on this screen until it says Connected.',
    fr: 'Pas de liaison avec le service de la table. Ne vous fiez pas à cet écran avant « Connecté ».',
  },
  unauthorized: {
    en: 'Unknown or missing token: nothing private is shown. Open this page with the link the service printed.',
    fr: 'Jeton inconnu ou absent : rien de privé n’est affiché. Ouvrez cette page avec le lien donné par le service.',
  },
  noToken: {
    en: 'This page needs its token: open it with the link the service printed (…?token=…).',
    fr: 'Cette page a besoin de son jeton : ouvrez-la avec le lien donné par le service (…?token=…).',
  },
  language: { en: 'Français', fr: 'English' },
  // seats and players
  seat: { en: 'Seat {seat}', fr: 'Siège {seat}' },
  seatPlayer: { en: 'Seat {seat} {name}', fr: 'Siège {seat} {name}' },
  stack: { en: 'Stack {n}', fr: 'Jetons {n}' },
  committed: { en: 'Bet {n}', fr: 'Mise {n}' },
  folded: { en: 'folded', fr: 'couché' },
  allInTag: { en: 'all-in', fr: 'à tapis' },
  absent: { en: 'absent', fr: 'absent' },
  dead: { en: 'dead hand', fr: 'main morte' },
  sittingOut: { en: 'sits out next hand', fr: 'ne joue pas la prochaine main' },
  movingTo: { en: 'moves to seat {seat}', fr: 'passe au siège {seat}' },
  sittingOutNow: { en: 'sitting out', fr: 'ne joue pas' },
  waitingSeat: { en: 'joins next hand', fr: 'joue dès la prochaine main' },
  button: { en: 'Dealer button', fr: 'Bouton du donneur' },
  // pots and board
  pot: { en: 'Pot {n}', fr: 'Pot {n}' },
  mainPot: { en: 'Main pot {n}', fr: 'Pot principal {n}' },
  sidePot: { en: 'Side pot {i} {n}', fr: 'Pot annexe {i} {n}' },
  potWinners: {
    en: '{count, plural, one {winner} other {winners}}: {names}',
    fr: '{count, plural, one {gagnant} other {gagnants}} : {names}',
  },
  wins: { en: '{name} wins {n}', fr: '{name} gagne {n}' },
  splitPot: {
    en: 'Split pot: {count, plural, one {# winner} other {# winners}}',
    fr: 'Pot partagé : {count, plural, one {# gagnant} other {# gagnants}}',
  },
  board: { en: 'Board', fr: 'Tableau' },
  burns: { en: 'Burned', fr: 'Brûlées' },
  muck: { en: 'Muck', fr: 'Cartes écartées' },
  // phases and streets
  phase_waiting: { en: 'waiting for the shuffle', fr: 'en attente du mélange' },
  phase_dealing: { en: 'dealing', fr: 'distribution' },
  phase_betting: { en: 'betting', fr: 'enchères' },
  phase_board: { en: 'dealing the board', fr: 'tableau en cours' },
  phase_showdown: { en: 'showdown', fr: 'abattage' },
  phase_complete: { en: 'hand over', fr: 'main terminée' },
  phase_stopped: { en: 'stopped: floor called', fr: 'arrêt : arbitre appelé' },
  phase_misdeal: { en: 'misdeal', fr: 'fausse donne' },
  preflop: { en: 'Preflop', fr: 'Pré-flop' },
  flop: { en: 'Flop', fr: 'Flop' },
  turn: { en: 'Turn', fr: 'Turn' },
  river: { en: 'River', fr: 'River' },
  showdown: { en: 'Showdown', fr: 'Abattage' },
  // hand names (the engine's English names, translated)
  hn_high: { en: 'High card', fr: 'Hauteur' },
  hn_pair: { en: 'Pair', fr: 'Paire' },
  hn_twoPair: { en: 'Two pair', fr: 'Deux paires' },
  hn_trips: { en: 'Three of a kind', fr: 'Brelan' },
  hn_straight: { en: 'Straight', fr: 'Quinte' },
  hn_flush: { en: 'Flush', fr: 'Couleur' },
  hn_fullHouse: { en: 'Full house', fr: 'Full' },
  hn_quads: { en: 'Four of a kind', fr: 'Carré' },
  hn_straightFlush: { en: 'Straight flush', fr: 'Quinte flush' },
  hn_royal: { en: 'Royal flush', fr: 'Quinte flush royale' },
  // actions (the action log, the overlay's action text, the dealer's buttons)
  act_fold: { en: 'Fold', fr: 'Passe' },
  act_check: { en: 'Check', fr: 'Parole' },
  act_call: { en: 'Call {n}', fr: 'Suit {n}' },
  act_bet: { en: 'Bet {n}', fr: 'Mise {n}' },
  act_raise: { en: 'Raise to {n}', fr: 'Relance à {n}' },
  act_allin: { en: 'All-in {n}', fr: 'Tapis {n}' },
  act_show: { en: 'Shows {cards}', fr: 'Montre {cards}' },
  act_dealHole: { en: 'Dealt {cards}', fr: 'Reçoit {cards}' },
  act_uncalled: { en: 'Uncalled bet of {n} returned', fr: 'Mise non suivie de {n} rendue' },
  act_muck: { en: 'Mucks', fr: 'Jette sa main' },
  act_award: { en: 'Wins {n}', fr: 'Gagne {n}' },
  act_collect: { en: 'Bets collected: {n}', fr: 'Mises ramassées : {n}' },
  act_burn: { en: 'Burn', fr: 'Brûle' },
  act_dealBoard: { en: '{street}: {cards}', fr: '{street} : {cards}' },
  logLine: { en: '{who}: {what}', fr: '{who} : {what}' },
  post_sb: { en: 'Small blind {n}', fr: 'Petite blinde {n}' },
  post_bb: { en: 'Big blind {n}', fr: 'Grosse blinde {n}' },
  post_ante: { en: 'Big blind ante {n}', fr: 'Ante de grosse blinde {n}' },
  ruleApplied: { en: '(rule {rule})', fr: '(règle {rule})' },
  // dealer's tablet
  dealerView: { en: 'Dealer', fr: 'Croupier' },
  toAct: { en: '{who} to act', fr: '{who} doit parler' },
  toCall: { en: 'To call: {n}', fr: 'À suivre : {n}' },
  minRaise: { en: 'Minimum raise to {n}', fr: 'Relance minimum à {n}' },
  minBet: { en: 'Minimum bet {n}', fr: 'Mise minimum {n}' },
  noRaise: { en: 'No raise allowed', fr: 'Relance impossible' },
  btnCheck: { en: '{who}: Check', fr: '{who} : Parole' },
  btnFold: { en: '{who}: Fold', fr: '{who} : Passe' },
  btnCall: { en: '{who}: Call {n}', fr: '{who} : Suivre {n}' },
  btnBet: { en: '{who}: Bet', fr: '{who} : Miser' },
  btnRaise: { en: '{who}: Raise to', fr: '{who} : Relancer à' },
  btnAllin: { en: '{who}: All-in', fr: '{who} : Tapis' },
  plainCheck: { en: 'Check', fr: 'Parole' },
  plainFold: { en: 'Fold', fr: 'Passe' },
  plainCall: { en: 'Call', fr: 'Suivre' },
  plainRaise: { en: 'Raise to', fr: 'Relancer à' },
  plainAllin: { en: 'All-in', fr: 'Tapis' },
  amount: { en: 'Amount', fr: 'Montant' },
  misdeal: { en: 'Misdeal', fr: 'Fausse donne' },
  floor: { en: 'Call the floor', fr: 'Appeler l’arbitre' },
  confirmMisdeal: {
    en: 'Declare a misdeal? Every card comes back and the hand is dealt again.',
    fr: 'Déclarer une fausse donne ? Toutes les cartes reviennent et la main est redistribuée.',
  },
  confirmFloor: {
    en: 'Call the floor to the table: which seat, and why?',
    fr: 'Appeler l’arbitre à la table : quel siège, et pourquoi ?',
  },
  floorSeat: { en: 'Seat concerned', fr: 'Siège concerné' },
  floorNoSeat: { en: 'The whole table', fr: 'Toute la table' },
  reason_dispute: { en: 'A player disputes', fr: 'Un joueur conteste' },
  reason_cards: { en: 'A card problem', fr: 'Un problème de cartes' },
  reason_chips: { en: 'A bet or chips problem', fr: 'Un problème de mise ou de jetons' },
  reason_action: { en: 'Action out of turn or unclear', fr: 'Parole non respectée ou annonce ambiguë' },
  reason_conduct: { en: 'A player’s conduct', fr: 'Le comportement d’un joueur' },
  reason_other: { en: 'Another reason', fr: 'Une autre raison' },
  // what the engine did with a tap (the service's answer, src/server/outcomes.ts)
  out_QUEUED: {
    en: 'Received: it reaches the engine once the table’s readings before it are in',
    fr: 'Reçu : il parvient au moteur dès que les lectures de la table qui le précèdent sont faites',
  },
  out_ACTION: { en: 'Recorded: {who} {what}. {next}', fr: 'Enregistré : {who} {what}. {next}' },
  out_next: { en: 'Next to act: {who}', fr: 'À parler : {who}' },
  out_nobody: { en: 'Nobody is left to act', fr: 'Plus personne ne doit parler' },
  out_ALERTS: {
    en: 'The engine raised {codes}: read the alert and its remedy',
    fr: 'Le moteur a levé {codes} : lisez l’alerte et son remède',
  },
  out_NO_CHANGE: {
    en: 'Received: the hand did not change (the engine waits for the chips or cards that go with it)',
    fr: 'Reçu : la main n’a pas changé (le moteur attend les jetons ou les cartes qui l’accompagnent)',
  },
  out_MISDEAL_DECLARED: {
    en: 'Misdeal declared: gather every card, shuffle and redeal (same button, same blinds)',
    fr: 'Fausse donne déclarée : ramassez toutes les cartes, mélangez et redistribuez (même bouton, mêmes blinds)',
  },
  out_MISDEAL_REFUSED_substantial: {
    en: 'Misdeal refused ({rule}): substantial action has taken place, the hand goes on. A hand with the wrong number of cards is dead; call the floor if in doubt.',
    fr: 'Fausse donne refusée ({rule}) : il y a eu une action substantielle, la main continue. Une main au mauvais nombre de cartes est morte ; appelez l’arbitre en cas de doute.',
  },
  out_MISDEAL_REFUSED_over: {
    en: 'Misdeal refused ({rule}): the hand is over. Shuffle for the next hand; call the floor if the result is disputed.',
    fr: 'Fausse donne refusée ({rule}) : le coup est terminé. Mélangez pour le coup suivant ; appelez l’arbitre si le résultat est contesté.',
  },
  out_MISDEAL_REFUSED_already: {
    en: 'Already a misdeal ({rule}): gather the cards and shuffle to redeal.',
    fr: 'Déjà une fausse donne ({rule}) : ramassez les cartes et mélangez pour redistribuer.',
  },
  out_REDEAL: {
    en: 'Shuffle recorded: deal hand #{n} again (same button, same blinds)',
    fr: 'Mélange enregistré : redistribuez le coup nº {n} (même bouton, mêmes blinds)',
  },
  out_NEW_HAND: { en: 'Hand #{n} begins: deal', fr: 'Le coup nº {n} commence : distribuez' },
  out_HAND_VOIDED: {
    en: 'Hand #{n} is void: every chip back as at its shuffle; the floor is told to check the stacks',
    fr: 'Le coup nº {n} est annulé : chaque jeton revient comme au mélange ; l’arbitre est prévenu pour vérifier les tapis',
  },
  out_DEAL_STARTED: { en: 'Shuffle recorded: deal hand #{n}', fr: 'Mélange enregistré : distribuez le coup nº {n}' },
  out_CLOCK_STARTED: {
    en: 'Clock on {who}: one minute, then a ten-second count',
    fr: 'Pendule sur {who} : une minute, puis un compte de dix secondes',
  },
  out_HAND_KILLED: { en: '{who}: hand killed', fr: '{who} : main déclarée morte' },
  out_FLOOR_CALLED: {
    en: '{count, plural, one {Floor called} other {Floor called again (# calls)}}{who}: the hand holds until the floor rules',
    fr: '{count, plural, one {Arbitre appelé} other {Arbitre rappelé (# appels)}}{who} : le coup est arrêté jusqu’à sa décision',
  },
  out_ACKNOWLEDGED: {
    en: '{count, plural, one {Alert acknowledged} other {Alert acknowledged: # alerts of one incident}}',
    fr: '{count, plural, one {Alerte prise en compte} other {Alerte prise en compte : # alertes d’un même incident}}',
  },
  out_RESYNCED: {
    en: '{count, plural, =0 {Resynced with the readers: no difference} one {Resynced with the readers: # difference replaced, listed in the alert log} other {Resynced with the readers: # differences replaced, listed in the alert log}}',
    fr: '{count, plural, =0 {Resynchronisé avec les lecteurs : aucune différence} one {Resynchronisé avec les lecteurs : # différence remplacée, listée dans le journal des alertes} other {Resynchronisé avec les lecteurs : # différences remplacées, listées dans le journal des alertes}}',
  },
  out_DECIDED: {
    en: '{count, plural, one {Decision recorded: the alert is closed} other {Decision recorded: # alerts of one incident closed}}',
    fr: '{count, plural, one {Décision enregistrée : l’alerte est close} other {Décision enregistrée : # alertes d’un même incident closes}}',
  },
  // the floor's history
  alertTimes: { en: '×{n}', fr: '×{n}' },
  entry_open: { en: 'open', fr: 'ouverte' },
  entry_closed: { en: 'closed', fr: 'close' },
  entry_expired: {
    en: 'expired (information: its hand is over or nobody answered it in time)',
    fr: 'expirée (information : sa main est terminée ou personne n’y a répondu à temps)',
  },
  decidedBy: { en: 'Decision: {text} (by {by})', fr: 'Décision : {text} (par {by})' },
  remedyCarried: { en: 'Remedy carried out (seen by the table)', fr: 'Remède appliqué (vu par la table)' },
  closeAlert: { en: 'Close with this decision', fr: 'Clore avec cette décision' },
  yes: { en: 'Yes', fr: 'Oui' },
  no: { en: 'No', fr: 'Non' },
  clock: { en: 'Call the clock', fr: 'Demander la pendule' },
  clockRunning: { en: 'Clock on {who}: {time}', fr: 'Pendule sur {who} : {time}' },
  clockCount: {
    en: 'Ten-second count: {n, plural, one {# second} other {# seconds}}',
    fr: 'Compte de dix secondes : {n, plural, one {# seconde} other {# secondes}}',
  },
  clockExpired: { en: 'Time is up', fr: 'Temps écoulé' },
  sending: {
    en: 'Sending “{what}” in {n, plural, one {# second} other {# seconds}}',
    fr: 'Envoi de « {what} » dans {n, plural, one {# seconde} other {# secondes}}',
  },
  undo: { en: 'Undo', fr: 'Annuler' },
  undone: { en: 'Undone: nothing was sent', fr: 'Annulé : rien n’a été envoyé' },
  sent: { en: 'Recorded', fr: 'Enregistré' },
  locked: {
    en: 'STOP: actions locked until the floor decides',
    fr: 'STOP : actions bloquées jusqu’à la décision de l’arbitre',
  },
  waiting: { en: 'Waiting for the shuffle', fr: 'En attente du mélange' },
  nobodyToAct: { en: 'Nobody to act', fr: 'Personne ne doit parler' },
  // alerts
  alertCount: {
    en: '{n, plural, =0 {No open alert} one {# open alert} other {# open alerts}}',
    fr: '{n, plural, =0 {Aucune alerte ouverte} one {# alerte ouverte} other {# alertes ouvertes}}',
  },
  severity_info: { en: 'Info', fr: 'Info' },
  severity_warn: { en: 'Warning', fr: 'Attention' },
  severity_stop: { en: 'STOP', fr: 'STOP' },
  acknowledge: { en: 'Acknowledge', fr: 'Compris' },
  remedy: { en: 'Remedy: {text}', fr: 'Remède : {text}' },
  remedyDone: { en: 'remedy done', fr: 'remède appliqué' },
  rule: { en: 'Rule: {rule}', fr: 'Règle : {rule}' },
  alertOfHand: { en: 'hand #{n}', fr: 'main nº {n}' },
  corrected: { en: 'corrected', fr: 'corrigée' },
  // the floor and the stepper's event texts (i18nFloor.ts)
  ...FLOOR_STRINGS,
  // commentators
  commentatorView: { en: 'Commentators', fr: 'Commentateurs' },
  equity: { en: 'Equity', fr: 'Équité' },
  equityWaiting: { en: 'once every hole card is read', fr: 'dès que toutes les cartes sont lues' },
  outs: {
    en: '{n, plural, =0 {no outs} one {# out} other {# outs}}',
    fr: '{n, plural, =0 {aucune carte gagnante} one {# carte gagnante} other {# cartes gagnantes}}',
  },
  outsCol: { en: 'Outs', fr: 'Cartes gagnantes' },
  actionLog: { en: 'Action log', fr: 'Journal des actions' },
  equityChart: { en: 'Equity street by street', fr: 'Équité, tour par tour' },
  player: { en: 'Player', fr: 'Joueur' },
  cards: { en: 'Cards', fr: 'Cartes' },
  chipsCol: { en: 'Chips', fr: 'Jetons' },
  // overlay
  overlayView: { en: 'Broadcast overlay', fr: 'Incrustation diffusion' },
  // index and public
  views: { en: 'Views', fr: 'Vues' },
  publicView: { en: 'Public', fr: 'Public' },
  tableView: { en: 'The table', fr: 'La table' },
} as const;

export type StringKey = keyof typeof STRINGS;
export type Values = Record<string, string | number>;

let lang: Lang = (globalThis.localStorage?.getItem('feltwire.lang') as Lang | null) ?? 'en';
if (lang !== 'en' && lang !== 'fr') lang = 'en';
const forced = new URL(globalThis.location?.href ?? 'http://x/').searchParams.get('lang');
if (forced === 'en' || forced === 'fr') lang = forced;
if (globalThis.document) document.documentElement.lang = lang;

const listeners = new Set<() => void>();
export const getLang = (): Lang => lang;
export const locale = (): string => (lang === 'fr' ? 'fr-FR' : 'en-GB');

export function setLang(l: Lang): void {
  lang = l;
  globalThis.localStorage?.setItem('feltwire.lang', l);
  document.documentElement.lang = l;
  for (const f of listeners) f();
}

export function onLangChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

const cache = new Map<string, IntlMessageFormat>();

/** The message `key` in the current language, ICU arguments filled in. */
export function t(key: StringKey, values?: Values): string {
  return tIn(lang, key, values);
}

/** The message `key` in `l`, ICU arguments filled in. */
export function tIn(l: Lang, key: StringKey, values?: Values): string {
  const id = `${l}:${key}`;
  let f = cache.get(id);
  if (!f) {
    f = new IntlMessageFormat(STRINGS[key][l], l === 'fr' ? 'fr-FR' : 'en-GB');
    cache.set(id, f);
  }
  return String(f.format(values));
}

/**
 * A rule, as the value the engine gives ({ book: 'tda', id: '35' }), written in `l`: "TDA rule 35" / "règle TDA 35",
 * never English in French (the renderer the server's texts use: src/i18n/ruleText.ts). Several: "TDA rules 35, 36".
 */
export function ruleText(rule: RuleRef | readonly RuleRef[], l: Lang = lang): string {
  return isRuleList(rule) ? rulesText(rule, l) : rulesText([rule], l);
}

const isRuleList = (r: RuleRef | readonly RuleRef[]): r is readonly RuleRef[] => Array.isArray(r);

/** French elision: 'yes' when a name takes d’ / l’ (starts with a vowel sound; h left out: h aspiré is common). */
export function vowel(name: string): 'yes' | 'no' {
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name.trim()) ? 'yes' : 'no';
}

export function hasKey(key: string): key is StringKey {
  return Object.hasOwn(STRINGS, key);
}

/** Both languages' tables have every key (checked by test/web/i18n.test.ts). */
export const ALL_STRINGS: Record<StringKey, { en: string; fr: string }> = STRINGS;
