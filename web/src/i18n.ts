// Every UI string in English and French. The language switch stores its choice in localStorage.
export type Lang = 'en' | 'fr';

const STRINGS = {
  hand: { en: 'Hand', fr: 'Main' },
  blinds: { en: 'Blinds', fr: 'Blindes' },
  ante: { en: 'ante', fr: 'ante' },
  seat: { en: 'Seat', fr: 'Siège' },
  toAct: { en: 'to act', fr: 'doit parler' },
  toCall: { en: 'To call', fr: 'Pour suivre' },
  minRaise: { en: 'Minimum raise to', fr: 'Relance minimum à' },
  noRaise: { en: 'No raise allowed', fr: 'Relance impossible' },
  pot: { en: 'Pot', fr: 'Pot' },
  mainPot: { en: 'Main pot', fr: 'Pot principal' },
  sidePot: { en: 'Side pot', fr: 'Pot annexe' },
  check: { en: 'Check', fr: 'Parole' },
  fold: { en: 'Fold', fr: 'Se coucher' },
  call: { en: 'Call', fr: 'Suivre' },
  bet: { en: 'Bet', fr: 'Miser' },
  raise: { en: 'Raise to', fr: 'Relancer à' },
  allin: { en: 'All-in', fr: 'Tapis' },
  amount: { en: 'Amount', fr: 'Montant' },
  misdeal: { en: 'Misdeal', fr: 'Fausse donne' },
  floor: { en: 'Floor', fr: 'Arbitre' },
  clock: { en: 'Call the clock', fr: 'Demander la pendule' },
  clockRunning: { en: 'Clock on seat', fr: 'Pendule sur le siège' },
  clockCount: { en: 'Ten-second count', fr: 'Compte de dix secondes' },
  clockExpired: { en: 'Time is up', fr: 'Temps écoulé' },
  acknowledge: { en: 'Acknowledge', fr: 'Compris' },
  remedy: { en: 'Remedy', fr: 'Remède' },
  remedyDone: { en: 'remedy done', fr: 'remède appliqué' },
  rule: { en: 'Rule', fr: 'Règle' },
  noAlert: { en: 'No alert', fr: 'Aucune alerte' },
  waiting: { en: 'Waiting for the shuffle', fr: 'En attente du mélange' },
  nobodyToAct: { en: 'Nobody to act', fr: 'Personne ne doit parler' },
  board: { en: 'Board', fr: 'Tableau' },
  stack: { en: 'Stack', fr: 'Tapis' },
  committed: { en: 'In front', fr: 'Devant' },
  folded: { en: 'folded', fr: 'couché' },
  allInTag: { en: 'all-in', fr: 'tapis' },
  absent: { en: 'absent', fr: 'absent' },
  dead: { en: 'dead', fr: 'main morte' },
  connected: { en: 'connected', fr: 'connecté' },
  disconnected: { en: 'disconnected', fr: 'déconnecté' },
  unauthorized: {
    en: 'Unknown or missing token: nothing private is shown',
    fr: 'Jeton inconnu ou absent : rien de privé',
  },
  alerts: { en: 'Alerts', fr: 'Alertes' },
  decision: { en: 'Decision', fr: 'Décision' },
  decidedBy: { en: 'decided by', fr: 'décidé par' },
  yourName: { en: 'Your name', fr: 'Votre nom' },
  record: { en: 'Record', fr: 'Enregistrer' },
  kill: { en: 'Kill hand of seat', fr: 'Tuer la main du siège' },
  health: { en: 'Table health', fr: 'État de la table' },
  link: { en: 'Reader link', fr: 'Liaison lecteurs' },
  panel: { en: 'Dealer panel', fr: 'Pupitre du croupier' },
  readers: { en: 'Readers', fr: 'Lecteurs' },
  tray: { en: 'Chip tray', fr: 'Plateau de jetons' },
  scan: { en: 'Scan cycle', fr: 'Cycle de lecture' },
  hands: { en: 'Hands', fr: 'Mains' },
  open: { en: 'Open', fr: 'Ouvrir' },
  step: { en: 'Step', fr: 'Étape' },
  prev: { en: 'Previous', fr: 'Précédent' },
  next: { en: 'Next', fr: 'Suivant' },
  export: { en: 'Export', fr: 'Exporter' },
  complete: { en: 'complete', fr: 'terminée' },
  inProgress: { en: 'in progress', fr: 'en cours' },
  equity: { en: 'Equity', fr: 'Équité' },
  outs: { en: 'Outs', fr: 'Outs' },
  actionLog: { en: 'Action log', fr: 'Journal des actions' },
  equityChart: { en: 'Equity street by street', fr: 'Équité rue par rue' },
  preflop: { en: 'Preflop', fr: 'Pré-flop' },
  flop: { en: 'Flop', fr: 'Flop' },
  turn: { en: 'Turn', fr: 'Turn' },
  river: { en: 'River', fr: 'River' },
  delayed: { en: 'Delayed broadcast', fr: 'Diffusion différée' },
  delayPending: {
    en: 'The broadcast starts once the delay has passed',
    fr: 'La diffusion commence une fois le délai écoulé',
  },
  minutes: { en: 'min', fr: 'min' },
  phase_waiting: { en: 'waiting', fr: 'attente' },
  phase_dealing: { en: 'dealing', fr: 'distribution' },
  phase_betting: { en: 'betting', fr: 'enchères' },
  phase_board: { en: 'board', fr: 'tableau' },
  phase_showdown: { en: 'showdown', fr: 'abattage' },
  phase_complete: { en: 'hand over', fr: 'main terminée' },
  phase_stopped: { en: 'stopped: floor', fr: 'arrêt : arbitre' },
  phase_misdeal: { en: 'misdeal', fr: 'fausse donne' },
  severity_info: { en: 'Info', fr: 'Info' },
  severity_warn: { en: 'Warning', fr: 'Attention' },
  severity_stop: { en: 'STOP', fr: 'STOP' },
  winner: { en: 'wins', fr: 'gagne' },
  language: { en: 'Français', fr: 'English' },
  error: { en: 'Error', fr: 'Erreur' },
  sent: { en: 'Recorded', fr: 'Enregistré' },
  views: { en: 'Views', fr: 'Vues' },
  dealerView: { en: 'Dealer', fr: 'Croupier' },
  floorView: { en: 'Floor', fr: 'Arbitre' },
  commentatorView: { en: 'Commentators', fr: 'Commentateurs' },
  overlayView: { en: 'Broadcast overlay', fr: 'Incrustation diffusion' },
  publicView: { en: 'Public', fr: 'Public' },
} as const;

export type StringKey = keyof typeof STRINGS;

let lang: Lang = (globalThis.localStorage?.getItem('feltwire.lang') as Lang | null) ?? 'en';
if (lang !== 'en' && lang !== 'fr') lang = 'en';
const url = new URL(globalThis.location?.href ?? 'http://x/');
const forced = url.searchParams.get('lang');
if (forced === 'en' || forced === 'fr') lang = forced;

export const getLang = (): Lang => lang;
export function setLang(l: Lang): void {
  lang = l;
  globalThis.localStorage?.setItem('feltwire.lang', l);
  document.documentElement.lang = l;
}

export function t(key: StringKey): string {
  return STRINGS[key][lang];
}

/** Both languages' tables have every key (checked by test/web/i18n.test.ts). */
export const ALL_STRINGS = STRINGS;
