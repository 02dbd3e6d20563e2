// Cards and alerts as a role may see them: the cards a hand has made public, free text scrubbed of the others,
// and each alert masked on the facts of its own hand (views.ts calls these; it alone decides who sees what).

import type { RuleRef } from '../engine/rules/ruleRef.js';
import type { Alert, AlertFacts, HandSnapshot, RecordedTexts, Ruleset } from '../engine/types.js';
import { type AlertTexts, alertTexts, alertTextsOf, isCatalogued } from '../i18n/renderAlert.js';
import type { SessionAlert } from '../session/floorLog.js';
import type { TableAlert } from '../session/types.js';
import type { HandCards, LiveState, Role } from './liveState.js';

export const HIDDEN = '??';

export interface AlertView {
  id: number;
  code: string;
  severity: string;
  /** the rule applied, as a value: the pages render it in their language (src/i18n/ruleText.ts) */
  rule: RuleRef;
  seat: number | null;
  message: string;
  remedy: string;
  messageFr: string;
  remedyFr: string;
  reason?: string;
  acknowledged: boolean;
  resolved: boolean;
  source: 'hand' | 'table';
  /** the hand the alert belongs to */
  hand: number;
  /** its facts, cards masked as its texts are */
  facts?: AlertFacts;
  decision?: { decision: string; by: string };
  /** alerts of this incident, itself included (a misdeal and the alerts after it: one alert, one decision) */
  count?: number;
}

/** One incident of the floor's history (src/session/floorLog.ts), as the floor sees it: texts masked as alerts are. */
export interface FloorEntryView {
  key: string;
  source: 'hand' | 'table';
  hand: number;
  count: number;
  /** wall ms of its first alert */
  wall: number;
  /** the order the incidents were raised in */
  seq: number;
  state: 'open' | 'closed' | 'expired';
  alert: AlertView;
  decision?: { decision: string; by: string; wall: number };
}

/** Alerts about cards dealt face up on the board: the cards they name were seen by the whole table. (BURN_EXTRA is
 * not one: its card is a burn, face down; it names none, and any it named would be masked as a hole card is.) */
const BOARD_ALERTS: ReadonlySet<string> = new Set([
  'BURN_MISSED',
  'FLOP_FOUR_CARDS',
  'BOARD_PREMATURE',
  'BOARD_TOO_MANY',
]);

/** Cards the whole table has seen: the board and every exposed or tabled card. */
export function publicCards(hand: HandSnapshot): Set<string> {
  const out = new Set<string>(hand.board);
  for (const seat of hand.seats) for (const c of seat.shown) out.add(c);
  return out;
}

const CARD_RUN = /(?<![A-Za-z0-9?])((?:[2-9TJQKA][shdc])+)(?![A-Za-z0-9])/g;

/** Replaces every card named in free text that is not in `known` by '??' (runs such as `AhKd` included). */
export function scrubCards(text: string, known: ReadonlySet<string>): string {
  return text.replace(CARD_RUN, (run: string) => {
    let out = '';
    for (let i = 0; i < run.length; i += 2) {
      const c = run.slice(i, i + 2);
      out += known.has(c) ? c : HIDDEN;
    }
    return out;
  });
}

/** Cards no one at the table has seen: hole cards not shown, and the muck. */
function secretCards(hand: LiveState['session']['hand']): Set<string> {
  const secret = new Set<string>(hand.muck);
  for (const seat of hand.seats) for (const c of seat.cards) if (!seat.shown.includes(c)) secret.add(c);
  return secret;
}

/** What an alert of a hand may show: the hand's public cards, and its secret ones (see HandCards). */
export function handCards(hand: HandSnapshot): HandCards {
  return { known: [...publicCards(hand)], secret: [...secretCards(hand)] };
}

/** an earlier hand the server holds nothing about: none of its cards is shown */
export const NO_FACTS: HandCards = { known: [], secret: null };

export interface AlertMasker {
  /** null: the role sees every card */
  card: ((c: string, board: boolean) => string) | null;
  text: (t: string, board: boolean) => string;
}

export function alertMasker(cards: HandCards | null): AlertMasker {
  if (cards === null) return { card: null, text: (t) => t };
  const known = new Set(cards.known);
  const secret = cards.secret === null ? null : new Set(cards.secret);
  // board alerts name cards dealt face up (then burned or set aside): the table saw them and the dealer must read
  // which card to move; only hole cards (held face down, or mucked unseen) stay hidden there
  const card = (c: string, board: boolean): string => {
    if (known.has(c)) return c;
    if (board && secret !== null && !secret.has(c)) return c;
    return HIDDEN;
  };
  const text = (t: string, board: boolean): string =>
    board && secret !== null ? scrubSecret(t, secret) : scrubCards(t, known);
  return { card, text };
}

interface MaskedTexts extends AlertTexts {
  facts?: AlertFacts;
}

/** The alert's facts for a role: every card it may not see (and that card's tag) masked. */
function maskFacts(facts: AlertFacts, mask: NonNullable<AlertMasker['card']>, board: boolean): AlertFacts {
  const masked: AlertFacts = { ...facts };
  if (facts.cards) masked.cards = facts.cards.map((c) => mask(c, board));
  if (facts.burnCard !== undefined) masked.burnCard = mask(facts.burnCard, board);
  // a card's RFID tag is its identity too (the deck's enrolment maps one to the other): masked with the card
  if (facts.uid !== undefined && masked.cards?.some((c) => c === HIDDEN)) masked.uid = HIDDEN;
  return masked;
}

/**
 * The alert's texts for a role, rendered here from its facts, masked on those facts (the texts are rendered from the
 * masked facts: no text is scrubbed). An alert an earlier version logged with its texts shows them as recorded,
 * rendered again from its masked facts when a card is masked, else scrubbed of the cards the role may not see.
 */
function maskTexts(
  a: { code: string; rule: RuleRef; severity: string; facts?: AlertFacts; recorded?: RecordedTexts },
  m: AlertMasker,
): MaskedTexts {
  const board = BOARD_ALERTS.has(a.code);
  const { facts } = a;
  const mask = m.card;
  if (mask === null) return facts ? { ...alertTexts(a), facts } : alertTexts(a);
  const masked = facts ? maskFacts(facts, mask, board) : undefined;
  if (!a.recorded)
    return { ...alertTexts({ code: a.code, facts: masked ?? {} }), ...(masked ? { facts: masked } : {}) };
  // an earlier version's texts
  const changed =
    masked !== undefined &&
    (masked.burnCard !== facts?.burnCard || (masked.cards ?? []).some((c, i) => c !== facts?.cards?.[i]));
  const texts = changed && isCatalogued(a.code) ? alertTextsOf(a.code, masked) : a.recorded;
  return {
    message: m.text(texts.message, board),
    remedy: m.text(texts.remedy, board),
    messageFr: m.text(texts.messageFr, board),
    remedyFr: m.text(texts.remedyFr, board),
    ...(masked ? { facts: masked } : {}),
  };
}

/** Replaces every card named in free text that is in `secret` by '??'. */
export function scrubSecret(text: string, secret: ReadonlySet<string>): string {
  return text.replace(CARD_RUN, (run: string) => {
    let out = '';
    for (let i = 0; i < run.length; i += 2) {
      const c = run.slice(i, i + 2);
      out += secret.has(c) ? HIDDEN : c;
    }
    return out;
  });
}

export function handAlertView(a: Alert, m: AlertMasker, role: Role, handNo: number, ruleset: Ruleset): AlertView {
  const texts = maskTexts(a, m);
  const v: AlertView = {
    id: a.id,
    code: a.code,
    severity: a.severity,
    rule: a.rule,
    seat: a.seat,
    message: texts.message,
    remedy: texts.remedy,
    messageFr: texts.messageFr,
    remedyFr: texts.remedyFr,
    acknowledged: a.acknowledged,
    resolved: a.resolved,
    source: 'hand',
    hand: handNo,
  };
  if (texts.facts) v.facts = texts.facts;
  const count = (a as SessionAlert).count;
  if (count !== undefined && count > 1) v.count = count;
  const board = BOARD_ALERTS.has(a.code);
  if (a.reason !== undefined) v.reason = m.text(a.reason, board);
  if (a.decision && role !== 'dealer') v.decision = { decision: m.text(a.decision.decision, false), by: a.decision.by };
  else if (a.decision) v.decision = { decision: m.text(a.decision.decision, false), by: '' };
  return v;
}

export function tableAlertView(a: TableAlert, m: AlertMasker, role: Role, handNo: number): AlertView {
  const texts = maskTexts(a, m);
  const v: AlertView = {
    id: a.id,
    code: a.code,
    severity: a.severity,
    rule: a.rule,
    seat: null,
    message: texts.message,
    remedy: texts.remedy,
    messageFr: texts.messageFr,
    remedyFr: texts.remedyFr,
    acknowledged: a.acknowledged,
    // a table alert of an earlier hand is history
    resolved: a.hand !== handNo,
    source: 'table',
    hand: a.hand,
  };
  if (texts.facts) v.facts = texts.facts;
  if (a.count !== undefined && a.count > 1) v.count = a.count;
  if (a.decision)
    v.decision = { decision: m.text(a.decision.decision, false), by: role === 'floor' ? a.decision.by : '' };
  return v;
}
