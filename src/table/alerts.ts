// Alerts the table layer raises itself (never the engine): unknown or foreign tags, crosstalk between antennas,
// reader faults and the bridge link. Same shape as the engine's Alert (code, severity, rule, seat and facts), with
// the wall time instead of the hand-relative t. No texts: the catalogue renders them from the facts at the edge
// (src/i18n/renderAlert.ts); nothing here writes a sentence.
import { alertRule } from '../engine/alerts/catalogue.js';
import type { LinkCause } from '../engine/alerts/facts.js';
import type { AlertCore, AlertFacts } from '../engine/types.js';

export type TableAlertCode =
  | 'CARD_UNKNOWN'
  | 'CHIP_UNKNOWN'
  | 'CARD_CROSSTALK'
  | 'READER_FAULT'
  | 'LINK_LOST'
  | 'LINK_RESTORED';

export interface TableAlert extends AlertCore<TableAlertCode> {
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

function tableAlert(code: TableAlertCode, wall: number, facts: AlertFacts): TableAlert & { facts: AlertFacts } {
  const alert: TableAlert & { facts: AlertFacts } = {
    code,
    ...alertRule(code, facts, 'tda'),
    seat: facts.seat ?? null,
    wall,
    facts,
  };
  if (facts.antenna !== undefined) alert.antenna = facts.antenna;
  if (facts.zone !== undefined) alert.zone = facts.zone;
  if (facts.uid !== undefined) alert.uid = facts.uid;
  return alert;
}

/**
 * A tag that is not a card of the deck in play. In a betting zone a tag that is no card at all is a foreign chip
 * (CHIP_UNKNOWN, warn: not counted, play goes on); anywhere else, or a card of another deck, the deck is defective
 * (CARD_UNKNOWN, stop: tda 35 is about cards).
 */
export function unknownTagAlert(
  wall: number,
  antenna: number,
  zone: string,
  uid: string,
  foreignDeck?: string,
): TableAlert {
  const facts: AlertFacts = { seat: seatOfZone(zone), zone, uid, antenna };
  if (foreignDeck === undefined && /^bet\d+$/.test(zone)) return tableAlert('CHIP_UNKNOWN', wall, facts);
  if (foreignDeck !== undefined) facts.deck = foreignDeck;
  facts.variant = 'tag';
  const alert = tableAlert('CARD_UNKNOWN', wall, facts);
  if (foreignDeck !== undefined) alert.reason = `foreign deck ${foreignDeck}`;
  return alert;
}

/** One tag on two antennas at once: `item` says what the registry knows it is (a card's identity is a fact). */
export function crosstalkAlert(
  wall: number,
  uid: string,
  what: { card?: string; chip?: number } | string,
  zones: string[],
  antennas: number[],
): TableAlert {
  // (a string: the old call, "Card Ah" / "A 500 chip", until the table layer passes the item)
  const item =
    typeof what !== 'string'
      ? what
      : /^Card (\S+)$/.test(what)
        ? { card: what.slice(5) }
        : /^A (\d+) chip$/.test(what)
          ? { chip: Number(what.split(' ')[1]) }
          : {};
  const facts: AlertFacts = {
    seat: null,
    zone: zones.join(','),
    zones,
    uid,
    antenna: antennas[0] ?? null,
    antennas,
  };
  if (item.card !== undefined) facts.cards = [item.card];
  if (item.chip !== undefined) facts.chips = [item.chip];
  return tableAlert('CARD_CROSSTALK', wall, facts);
}

export function readerFaultAlert(
  wall: number,
  antenna: number | null,
  zone: string | undefined,
  code: string,
): TableAlert {
  const facts: AlertFacts = { seat: seatOfZone(zone), antenna, fault: code };
  if (zone !== undefined) facts.zone = zone;
  const alert = tableAlert('READER_FAULT', wall, facts);
  alert.reason = code;
  return alert;
}

/** The registry's tags need more UID prefixes than the reader bridge keeps (uidPrefixes.ts): said at start. */
export function prefixCapacityAlert(wall: number, count: number): TableAlert {
  const facts: AlertFacts = { seat: null, antenna: null, fault: 'PREFIXES', amount: count, variant: 'prefixes' };
  const alert = tableAlert('READER_FAULT', wall, facts);
  alert.reason = 'PREFIXES';
  return alert;
}

export function linkAlert(
  wall: number,
  state: 'lost' | 'restored',
  detail?: string,
  why: { cause?: LinkCause; system?: string; path?: string } = {},
): TableAlert {
  const facts: AlertFacts = { seat: null, ...why };
  const alert = tableAlert(state === 'lost' ? 'LINK_LOST' : 'LINK_RESTORED', wall, facts);
  if (detail) alert.reason = detail;
  return alert;
}
